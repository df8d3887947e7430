"""NumPy reference for segment_sums_claimed.dsl: Y[r] sums rows OFF[r] .. OFF[r + 1] - 1
(none where OFF[r + 1] <= OFF[r]); the inputs are not monotone."""
import numpy as np

TEST_SIZES = {"R": 5, "NV": 10, "R1": 6}


def make_inputs(sizes, rng):
    r, nv = sizes["R"], sizes["NV"]
    off = rng.integers(0, nv + 1, size=r + 1).astype(np.int32)
    return {"V": rng.uniform(-1, 1, size=(nv, 32)).astype(np.float32), "OFF": off}


def reference(inputs, sizes):
    off, v = inputs["OFF"], inputs["V"].astype(np.float64)
    rows = [v[off[r]:off[r + 1]].sum(axis=0) if off[r + 1] > off[r] else np.zeros(32) for r in range(sizes["R"])]
    return {"Y": np.stack(rows).astype(np.float32)}
