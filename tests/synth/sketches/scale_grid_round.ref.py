import numpy as np

TEST_SIZES = {"N": 300}


def reference(inputs, sizes):
    return {"Y": (inputs["X"] * np.float32(2.0)).astype(np.float32)}
