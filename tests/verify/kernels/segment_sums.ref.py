"""NumPy reference for segment_sums.dsl: Y[r] is the sum of rows OFF[r] .. OFF[r + 1] - 1."""
import numpy as np

TEST_SIZES = {"R": 4, "NV": 10, "R1": 5}


def make_inputs(sizes, rng):
    r, nv = sizes["R"], sizes["NV"]
    off = np.sort(rng.integers(0, nv + 1, size=r + 1)).astype(np.int32)
    return {"V": rng.uniform(-1, 1, size=(nv, 32)).astype(np.float32), "OFF": off}


def reference(inputs, sizes):
    off, v = inputs["OFF"], inputs["V"].astype(np.float64)
    return {"Y": np.stack([v[off[r]:off[r + 1]].sum(axis=0) for r in range(sizes["R"])]).astype(np.float32)}
