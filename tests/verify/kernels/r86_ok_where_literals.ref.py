import numpy as np

TEST_SIZES = {"R": 2}


def make_inputs(sizes, rng):
    r = sizes["R"]
    x = rng.integers(-1000, 1000, size=(r, 32)).astype(np.int32)
    x[0, :4] = [2**31 - 50, 2**31 - 1, 2**31 - 100, -2**31]
    h = rng.uniform(0.0, 1.0, size=(r, 32)).astype(np.float32)
    h[0, :3] = [0.25, 0.75, 0.5]
    return {"X": x, "H": h}


def _i32(v):
    v = int(v) & 0xFFFFFFFF
    return v - 2**32 if v >= 2**31 else v


def _tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def reference(inputs, sizes):
    x, h = inputs["X"], inputs["H"]
    b = np.array([[_tdiv(_i32(int(v) + (100 if v > 5 else 0)), 2) for v in row] for row in x], np.int32)
    c = np.array([[_i32(int(v) + (7 if v > 5 else 0)) for v in row] for row in x], np.int32)
    lit = np.where(h > np.float32(0.5), np.float32(0.1), np.float32(0.3)).astype(np.float32)
    a = ((h + lit) * np.float32(16777216.0)).astype(np.float32).astype(np.int32)
    return {"B": b, "A": a, "C": c}
