import numpy as np

TEST_SIZES = {"M": 64, "K": 128}


def reference(inputs, sizes):
    A = inputs["A"].astype(np.float64)
    M, K = A.shape
    return {"C": A.reshape(M, K // 32, 32).sum(axis=1).astype(np.float32)}
