"""NumPy reference for double_then_copy.dsl: X doubled in place, and Y a copy of the result."""
import numpy as np


def reference(inputs, sizes):
    d = (inputs["X"] * np.float32(2.0)).astype(np.float32)
    return {"X": d, "Y": d.copy()}
