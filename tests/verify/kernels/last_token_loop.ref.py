"""NumPy reference for last_token_loop.dsl: P[b] sums X[b, t] for t <= LAST[b] (all 64 tokens
for LAST[b] >= 63, up to 2^31 - 1)."""
import numpy as np

TEST_SIZES = {"B": 4}


def make_inputs(sizes, rng):
    b = sizes["B"]
    last = rng.integers(0, 64, size=b).astype(np.int32)
    last[0] = np.iinfo(np.int32).max
    return {"X": rng.uniform(-1, 1, size=(b, 64, 32)).astype(np.float32), "LAST": last}


def reference(inputs, sizes):
    x, last = inputs["X"].astype(np.float64), inputs["LAST"].astype(np.int64)
    return {"P": np.stack([x[b, :min(last[b] + 1, 64)].sum(axis=0) for b in range(sizes["B"])]).astype(np.float32)}
