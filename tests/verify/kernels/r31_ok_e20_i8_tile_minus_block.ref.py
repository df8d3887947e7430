import numpy as np
def tdiv(a, b):
    q = abs(a)//abs(b); return q if (a<0)==(b<0) else -q
TEST_SIZES = {}
def make_inputs(sizes, rng):
    return {'X': rng.integers(-50, 50, (2, 32)).astype(np.int8), 'Y': np.zeros((2, 32), np.int8)}
def reference(inputs, sizes):
    X = inputs["X"]; Y = np.zeros_like(X)
    for kt in range(0, 2):
        x = X[kt - (0)]
        with np.errstate(all="ignore"):
            Y[kt - (0)] = (x.astype(np.int64) - (kt - 200)).astype(np.int8)
    return {"Y": Y}
