"""NumPy reference for nf_ok_padding_times_data_or_one.dsl: Y = sum over 200 columns of X * W."""
import numpy as np

TEST_SIZES = {"R": 8}


def reference(inputs, sizes):
    x, w = inputs["X"].astype(np.float64), inputs["W"].astype(np.float64)
    return {"Y": (x * w[:, :200]).sum(axis=1).astype(np.float32)}
