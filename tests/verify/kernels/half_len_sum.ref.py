"""NumPy reference for half_len_sum.dsl: P[b] sums X[b, :LEN[b] // 2]."""
import numpy as np

TEST_SIZES = {"B": 3, "D": 64}


def make_inputs(sizes, rng):
    b, d = sizes["B"], sizes["D"]
    return {"X": rng.uniform(-1, 1, size=(b, 64, d)).astype(np.float32),
            "LEN": rng.integers(2, 129, size=b).astype(np.int32)}


def reference(inputs, sizes):
    x, ln = inputs["X"].astype(np.float64), inputs["LEN"]
    return {"P": np.stack([x[b, :ln[b] // 2].sum(axis=0) for b in range(sizes["B"])]).astype(np.float32)}
