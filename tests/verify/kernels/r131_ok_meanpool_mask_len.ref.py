"""NumPy reference for r131_ok_meanpool_mask_len.dsl: the mean of the first LEN[b] tokens, 0 where
LEN[b] is 0 (block 0 always)."""
import numpy as np

TEST_SIZES = {"NB": 3, "T": 37}


def make_inputs(sizes, rng):
    nb, t = sizes["NB"], sizes["T"]
    ln = rng.integers(0, t + 1, size=nb).astype(np.int32)
    ln[0] = 0
    return {"X": rng.uniform(-1, 1, size=(nb, t, 64)).astype(np.float32), "LEN": ln}


def reference(inputs, sizes):
    x, ln = inputs["X"].astype(np.float64), inputs["LEN"]
    y = np.stack([x[b, :ln[b]].sum(axis=0) / max(ln[b], 1) for b in range(len(ln))])
    return {"Y": y.astype(np.float32)}
