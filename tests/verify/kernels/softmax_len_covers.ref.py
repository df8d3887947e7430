"""NumPy reference for softmax_len_covers.dsl: a softmax over the first LEN[r] columns of each row, zeros after."""
import numpy as np

TEST_SIZES = {"R": 8}


def make_inputs(sizes, rng):
    r = sizes["R"]
    return {"X": rng.standard_normal((r, 64)).astype(np.float32),
            "LEN": rng.integers(1, 65, size=r).astype(np.int32)}


def reference(inputs, sizes):
    x, n = inputs["X"].astype(np.float64), inputs["LEN"]
    s = np.where(np.arange(64)[None, :] < n[:, None], x, -np.inf)
    p = np.exp(s - s.max(axis=1, keepdims=True))
    return {"Y": (p / p.sum(axis=1, keepdims=True)).astype(np.float32)}
