import numpy as np

TEST_SIZES = {"R": 3}


def make_inputs(sizes, rng):
    """Every value negative, so that a reduction started from 0 shows."""
    x = -rng.uniform(1.0, 100.0, size=(sizes["R"], 32))
    k = -rng.integers(1, 1000, size=(sizes["R"], 32))
    return {"X": x.astype(np.float32), "K": k.astype(np.int32)}


def tdiv(a, b):
    """C's integer division: truncation toward zero."""
    return np.sign(a) * (np.abs(a) // np.abs(b))


def reference(inputs, sizes):
    x = inputs["X"]
    k = inputs["K"].astype(np.int64)
    return {"F": (x / np.float32(2.0)).max(axis=1), "I": tdiv(k, 3).max(axis=1).astype(np.int32),
            "L": (0 - tdiv(k, 3)).min(axis=1).astype(np.int32)}
