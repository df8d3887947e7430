import numpy as np

TEST_SIZES = {"R": 4}


def make_inputs(sizes, rng):
    x = rng.uniform(-1.0, 1.0, size=(sizes["R"], 32)).astype(np.float32)
    x[0, :4] = [-0.0, 0.0, -0.0, -0.0]
    x[1, :] = -0.0
    x[1, 5] = 0.0            # a row of zeros, one of them +0.0: its max is +0.0, its min -0.0
    x[2, :] = np.abs(x[2, :]) + 0.5
    x[2, 7] = 0.0
    x[3, :] = -0.0
    return {"X": x}


def _ordered(big, a, b):
    if a == b == 0.0:
        return np.float32(0.0) if (big and not (np.signbit(a) and np.signbit(b))) or \
            (not big and not (np.signbit(a) or np.signbit(b))) else np.float32(-0.0)
    return max(a, b) if big else min(a, b)


def reference(inputs, sizes):
    x = inputs["X"]
    one = np.float32(1.0)
    zero = np.float32(0.0)
    p = np.array([[_ordered(True, v, zero) for v in row] for row in x], np.float32)
    q = np.array([[_ordered(False, zero, v) for v in row] for row in x], np.float32)
    m = np.array([_reduce(True, row) for row in x], np.float32)
    n = np.array([_reduce(False, row) for row in x], np.float32)
    with np.errstate(divide="ignore"):
        return {"P": one / p, "Q": one / q, "M": one / m, "N": one / n}


def _reduce(big, row):
    acc = row[0]
    for v in row[1:]:
        acc = _ordered(big, acc, v)
    return acc
