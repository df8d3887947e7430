"""NumPy reference for group_maxlen_covers.dsl: Y[r] sums X[r, :m] with m the longest
length of r's group of four."""
import numpy as np

TEST_SIZES = {"R": 8}


def make_inputs(sizes, rng):
    r = sizes["R"]
    return {"X": rng.uniform(-1, 1, size=(r, 32)).astype(np.float32),
            "N": rng.integers(0, 33, size=r).astype(np.int32)}


def reference(inputs, sizes):
    x, n = inputs["X"].astype(np.float64), inputs["N"]
    m = [int(n[(r // 4) * 4:(r // 4) * 4 + 4].max()) for r in range(sizes["R"])]
    return {"Y": np.array([x[r, :m[r]].sum() for r in range(sizes["R"])], dtype=np.float32)}
