"""NumPy reference for r20_ok_dot_inplace_acc.dsl: a row-wise dot product."""
import numpy as np

TEST_SIZES = {"R": 8}


def reference(inputs, sizes):
    x, z = inputs["X"].astype(np.float64), inputs["Z"].astype(np.float64)
    return {"Y": (x * z).sum(axis=1).astype(np.float32)}
