"""NumPy reference for thread_split_store_masked.dsl: within each 8 x 64 tile, element
e = 64 r + c is done by thread e % 128, and threads below 64 (the even rows) add one."""
import numpy as np

TEST_SIZES = {"M": 13, "N": 100}


def reference(inputs, sizes):
    x = inputs["X"]
    rows = np.arange(x.shape[0])[:, None]
    return {"Y": np.where(rows % 2 == 0, x + 1.0, x).astype(np.float32)}
