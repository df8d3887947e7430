"""NumPy reference: Idx[r] = max(-1, max(X[r, :]))."""
import numpy as np

TEST_SIZES = {"R": 8, "C": 100}


def reference(inputs, sizes):
    return {"Idx": np.maximum(inputs["X"].max(axis=1), -1).astype(np.int32)}
