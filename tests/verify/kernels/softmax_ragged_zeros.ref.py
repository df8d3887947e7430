"""NumPy reference for softmax_ragged_zeros.dsl: a softmax over each row's first LEN[r] columns, zeros after."""
import numpy as np

TEST_SIZES = {"R": 8}


def make_inputs(sizes, rng):
    r = sizes["R"]
    ln = rng.integers(1, 65, size=r).astype(np.int32); ln[0] = 1; ln[1] = 64
    return {"X": rng.uniform(-2, 2, size=(r, 64)).astype(np.float32), "LEN": ln}


def reference(inputs, sizes):
    x, ln = inputs["X"].astype(np.float64), inputs["LEN"]
    y = np.zeros_like(x)
    for r in range(sizes["R"]):
        p = np.exp(x[r, :ln[r]] - x[r, :ln[r]].max()); y[r, :ln[r]] = p / p.sum()
    return {"Y": y.astype(np.float32)}
