"""NumPy reference for ok_relu_colmax_fill_zero.dsl: the column max of max(x, 0)."""
import numpy as np

TEST_SIZES = {"R": 37, "C": 64}


def reference(inputs, sizes):
    return {"Mx": np.maximum(inputs["X"], 0.0).max(axis=0).astype(np.float32)}
