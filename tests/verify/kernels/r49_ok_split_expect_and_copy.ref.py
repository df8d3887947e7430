"""NumPy reference for r49_ok_split_expect_and_copy.dsl: the sum of the K / 32 column tiles."""
import numpy as np

TEST_SIZES = {"M": 32, "K": 64}


def reference(inputs, sizes):
    a = inputs["A"].astype(np.float64)
    M, K = sizes["M"], sizes["K"]
    return {"C": a.reshape(M, K // 32, 32).sum(axis=1).astype(np.float32)}
