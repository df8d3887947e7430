"""NumPy reference for r44_ok_rsqrt_padding.dsl: row sums of x / sqrt(x^2 + 1)."""
import numpy as np

TEST_SIZES = {"R": 5, "C": 70}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    return {"S": (x / np.sqrt(x * x + 1.0)).sum(axis=1).astype(np.float32)}
