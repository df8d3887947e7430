"""NumPy reference for scale_1d_staged.dsl: Y = A * B."""
import numpy as np

TEST_SIZES = {"N": 1024}


def reference(inputs, sizes):
    return {"Y": (inputs["A"] * inputs["B"]).astype(np.float32)}
