"""NumPy reference for len_loaded_by_first_warp.dsl: Y[r] sums X[r, :N[r]]."""
import numpy as np

TEST_SIZES = {"R": 4}


def make_inputs(sizes, rng):
    r = sizes["R"]
    return {"X": rng.uniform(-1, 1, size=(r, 32, 16)).astype(np.float32),
            "N": np.array([5, 0, 32, 19, 7][:r], dtype=np.int32)}


def reference(inputs, sizes):
    x, n = inputs["X"].astype(np.float64), inputs["N"]
    return {"Y": np.stack([x[r, :n[r]].sum(axis=0) for r in range(sizes["R"])]).astype(np.float32)}
