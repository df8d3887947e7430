import math

import numpy as np

TEST_SIZES = {"R": 8}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    erf = np.vectorize(math.erf)
    a = np.log(abs(x) + 1) + np.log2(abs(x) + 1) + np.exp2(x) + np.tanh(x) + erf(x) + 1 / (1 + np.exp(-x))
    b = np.abs(a) ** 0.5
    m = x.max(axis=1, keepdims=True)
    c = np.where((x >= m - 0.5) & ~(x < 0), b, -np.inf)
    d = np.where(c > -np.inf, c, -a)
    # block b reads the rows of block b ^ 1 (4 rows each)
    rows = np.arange(x.shape[0]) ^ 4
    return {"Y": d[rows].astype(np.float16)}
