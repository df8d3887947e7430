"""NumPy reference for ring1d_sum.dsl: sums of 6 consecutive 256-float tiles per block."""
import numpy as np

TEST_SIZES = {"N": 3072, "M": 512}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64).reshape(-1, 6, 256)
    return {"Y": x.sum(axis=1).reshape(-1).astype(np.float32)}
