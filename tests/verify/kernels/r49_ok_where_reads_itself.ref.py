"""NumPy reference for r49_ok_where_reads_itself.dsl: row sums of where(X > 0, Y, X)."""
import numpy as np

TEST_SIZES = {"R": 16}


def reference(inputs, sizes):
    x, y = inputs["X"], inputs["Y"]
    return {"S": np.where(x > 0, y, x).astype(np.float64).sum(axis=1).astype(np.float32)}
