"""NumPy reference for stage_then_clear.dsl: Y = X, then X = 0."""
import numpy as np

TEST_SIZES = {"R": 32}


def reference(inputs, sizes):
    return {"Y": inputs["X"].copy(), "X": np.zeros_like(inputs["X"])}
