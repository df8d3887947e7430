"""NumPy reference for consume_lengths.dsl: P[b] sums X[b, :LEN[b]]; LEN becomes LEN - 1."""
import numpy as np

TEST_SIZES = {"B": 3}


def make_inputs(sizes, rng):
    b = sizes["B"]
    return {"X": rng.uniform(-1, 1, size=(b, 64, 32)).astype(np.float32),
            "LEN": rng.integers(1, 65, size=b).astype(np.int32)}


def reference(inputs, sizes):
    x, ln = inputs["X"].astype(np.float64), inputs["LEN"]
    return {"P": np.stack([x[b, :ln[b]].sum(axis=0) for b in range(sizes["B"])]).astype(np.float32),
            "LEN": (ln - 1).astype(np.int32)}
