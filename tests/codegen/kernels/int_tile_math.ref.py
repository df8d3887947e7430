import numpy as np

TEST_SIZES = {"R": 4}


def tdiv(a, b):
    """C's integer division: truncation toward zero."""
    return np.sign(a) * (np.abs(a) // b)


def reference(inputs, sizes):
    x = inputs["X"].astype(np.int64)
    f = inputs["F"].astype(np.float32)
    y = np.trunc(f * np.float32(100.0)).astype(np.int64) - tdiv(x, 7) + x * 0.5
    z = (tdiv(x, 4) * 4).astype(np.float32) + x.astype(np.float32) / np.float32(2.0)
    return {"Y": np.trunc(y).astype(np.int32), "Z": z.astype(np.float32),
            "M": (x.max(axis=1) - x.min(axis=1)).astype(np.int32)}
