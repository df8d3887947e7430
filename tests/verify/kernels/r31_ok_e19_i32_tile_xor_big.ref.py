import numpy as np
def tdiv(a, b):
    q = abs(a)//abs(b); return q if (a<0)==(b<0) else -q
TEST_SIZES = {}

def reference(inputs, sizes):
    X = inputs["X"]; Y = np.zeros_like(X)
    for kt in range(0, 2):
        x = X[kt - (0)]
        with np.errstate(all="ignore"):
            Y[kt - (0)] = (x.astype(np.int64) ^ (kt + 4294967296)).astype(np.int32)
    return {"Y": Y}
