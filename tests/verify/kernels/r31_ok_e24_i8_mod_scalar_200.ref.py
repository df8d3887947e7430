import numpy as np
def tdiv(a, b):
    q = abs(a)//abs(b); return q if (a<0)==(b<0) else -q
TEST_SIZES = {}
def make_inputs(sizes, rng):
    return {'X': rng.integers(-120, 120, (1, 32)).astype(np.int8), 'Y': np.zeros((1, 32), np.int8)}
def reference(inputs, sizes):
    X = inputs["X"]; Y = np.zeros_like(X)
    for kt in range(2, 3):
        x = X[kt - (2)]
        with np.errstate(all="ignore"):
            Y[kt - (2)] = np.array([int(v) - tdiv(int(v), kt*100)*kt*100 for v in x]).astype(np.int8)
    return {"Y": Y}
