import numpy as np

TEST_SIZES = {"R": 2}


def make_inputs(sizes, rng):
    x = rng.integers(-10**6, 10**6, size=(sizes["R"], 32)).astype(np.int64)
    x[0, :5] = [-2**63, 2**63 - 1, -2**63 + 1, -7, 7]
    return {"X": x}


def _wrap(v):
    v &= 2**64 - 1
    return v - 2**64 if v >= 2**63 else v


def _tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _tmod(a, b):
    return a - b * _tdiv(a, b)


def reference(inputs, sizes):
    x = [[int(v) for v in row] for row in inputs["X"]]
    a = [[_wrap(_wrap(_tdiv(v, 3)) + _tmod(v, 3)) for v in row] for row in x]
    b = [[_wrap(_wrap(_tdiv(v, -1)) + _tmod(v, -1) - _tmod(v, 7)) for v in row] for row in x]
    return {"A": np.array(a, np.int64), "B": np.array(b, np.int64)}
