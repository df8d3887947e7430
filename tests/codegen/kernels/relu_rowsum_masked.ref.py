import numpy as np

TEST_SIZES = {"R": 6, "C": 100}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    return {"S": np.maximum(x, 0.0).sum(axis=1).astype(np.float32),
            "T": (np.clip(x, 0.0, 6.0) * 2.0).sum(axis=1).astype(np.float32)}
