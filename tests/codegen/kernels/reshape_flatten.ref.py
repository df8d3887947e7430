import numpy as np

TEST_SIZES = {"R": 16, "N": 128}


def reference(inputs, sizes):
    return {"Y": inputs["X"].astype(np.float32).reshape(-1) * 2.0}
