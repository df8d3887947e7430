"""NumPy reference for r46_ok_xent_ignore_index.dsl: per-row cross-entropy, 0 at label -100."""
import numpy as np

TEST_SIZES = {"R": 16, "C": 200}


def make_inputs(sizes, rng):
    R, C = sizes["R"], sizes["C"]
    lab = rng.integers(0, C, size=R).astype(np.int32)
    lab[::3] = -100
    return {"X": rng.normal(0, 2, size=(R, C)).astype(np.float32), "Lab": lab}


def reference(inputs, sizes):
    x, lab = inputs["X"].astype(np.float64), inputs["Lab"]
    m = x.max(axis=1)
    lse = m + np.log(np.exp(x - m[:, None]).sum(axis=1))
    tgt = x[np.arange(x.shape[0]), np.where(lab < 0, 0, lab)]
    return {"L": np.where(lab == -100, 0.0, lse - tgt).astype(np.float32)}
