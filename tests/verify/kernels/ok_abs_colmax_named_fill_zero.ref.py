"""NumPy reference for ok_abs_colmax_named_fill_zero.dsl: the column max of |x|."""
import numpy as np

TEST_SIZES = {"R": 37, "C": 64}


def reference(inputs, sizes):
    return {"Mx": np.abs(inputs["X"]).max(axis=0).astype(np.float32)}
