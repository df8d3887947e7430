"""NumPy reference for r115_ok_min_where_clamped.dsl: the column min of min(x, -1)."""
import numpy as np

TEST_SIZES = {"R": 37, "C": 64}


def reference(inputs, sizes):
    x = inputs["X"]
    return {"Mx": np.where(x < -1.0, x, -1.0).min(axis=0).astype(np.float32)}
