"""NumPy reference for counter_bump_barrier.dsl: CNT += 1; Y = 2 X where the new count > 1."""
import numpy as np

TEST_SIZES = {"T": 4}


def reference(inputs, sizes):
    cnt = inputs["CNT"].astype(np.int64) + 1
    x = inputs["X"]
    y = np.where((cnt > 1)[:, None], x * np.float32(2.0), x).astype(np.float32)
    return {"CNT": cnt.astype(np.int32), "Y": y}
