import numpy as np

TEST_SIZES = {"M": 64}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    return {"Out": (np.exp(x) * 0.5 + x).sum(axis=1).astype(np.float32)}
