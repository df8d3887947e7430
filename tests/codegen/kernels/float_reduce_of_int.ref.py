import numpy as np

TEST_SIZES = {"R": 3}


def make_inputs(sizes, rng):
    """X in [80, 127] (min * 2.5 - 200 stays an i8), Z in [-1.5e9, -1e9] (max * 2 + 4e9 stays an
    i32); row 0 the values whose reductions the integer bounds hid (250.0, -3e9)."""
    x = rng.integers(80, 128, size=(sizes["R"], 32))
    z = rng.integers(-1500000000, -1000000000, size=(sizes["R"], 32))
    x[0], z[0] = 100, -1500000000
    return {"X": x.astype(np.int8), "Z": z.astype(np.int32)}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    z = inputs["Z"].astype(np.float64)
    m = np.trunc((x * 2.5).min(axis=1) - 200.0)
    n = np.trunc((z * 2.0).max(axis=1) + 4000000000.0)
    return {"M": m.astype(np.int8), "N": n.astype(np.int32)}
