import numpy as np

TEST_SIZES = {"R": 2}


def make_inputs(sizes, rng):
    return {"Bm": rng.integers(0, 2, (sizes["R"], 32)).astype(np.bool_)}


def reference(inputs, sizes):
    b = inputs["Bm"].astype(np.int64)
    u = np.where(b == 2, 1, 0) + np.where((b < 2) & (b > -1), 10, 0) + np.where(b > 0.5, 100, 0)
    return {"U": u.astype(np.int32)}
