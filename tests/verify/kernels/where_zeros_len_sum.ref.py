"""NumPy reference for where_zeros_len_sum.dsl: Y[r] sums V[r, :N[r]] (an empty row is 0)."""
import numpy as np

TEST_SIZES = {"R": 4, "C": 32}


def make_inputs(sizes, rng):
    r, c = sizes["R"], sizes["C"]
    return {"V": rng.uniform(-1, 1, size=(r, 32, c)).astype(np.float32),
            "N": np.array([7, 0, 32, 19, 1, 11][:r], dtype=np.int32)}


def reference(inputs, sizes):
    v, n = inputs["V"].astype(np.float64), inputs["N"]
    return {"Y": np.stack([v[r, :n[r]].sum(axis=0) for r in range(sizes["R"])]).astype(np.float32)}
