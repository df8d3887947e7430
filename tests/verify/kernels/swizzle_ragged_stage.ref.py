"""NumPy reference for swizzle_ragged_stage.dsl: Y = 2 X."""
import numpy as np

TEST_SIZES = {"R": 48}


def reference(inputs, sizes):
    return {"Y": (inputs["X"] * np.float32(2.0)).astype(np.float32)}
