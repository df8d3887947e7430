import numpy as np

TEST_SIZES = {"R": 3}


def make_inputs(sizes, rng):
    """Row 0 all 10^8 (x * index passes i32 from column 22), the rest random i32 values
    small enough that x + index stays in i32."""
    x = rng.integers(-2**30, 2**30, size=(sizes["R"], 32))
    x[0] = 100000000
    return {"X": x.astype(np.int32)}


def tdiv(a, b):
    """C's integer division: truncation toward zero."""
    return np.sign(a) * (np.abs(a) // np.abs(b))


def reference(inputs, sizes):
    x = inputs["X"].astype(np.int64)
    c = np.broadcast_to(np.arange(32, dtype=np.int64), x.shape)
    return {"A": np.where(c * 100000000 >= 2200000000, x, 0).astype(np.int32),
            "B": (x + c).astype(np.int32),
            "C": tdiv(x * c, 3).astype(np.int32),
            "D": (c * c * 5000000).astype(np.float32)}
