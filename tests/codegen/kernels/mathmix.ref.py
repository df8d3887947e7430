import math

import numpy as np

TEST_SIZES = {"R": 8}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    erf = np.vectorize(math.erf, otypes=[np.float64])
    y = np.tanh(x) + erf(x) * np.exp2(x) - np.log2(np.abs(x) + 1) + np.abs(x) ** 1.5 / (1 + np.exp(-x))
    z = np.trunc(x * 8).astype(np.int32) ^ 5
    return {"Y": y.astype(np.float32), "Z": z}
