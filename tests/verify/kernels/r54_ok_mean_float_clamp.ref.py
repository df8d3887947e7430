"""NumPy reference for meanpool: mean of the first LEN[b] tokens, 0 for an empty sequence."""
import numpy as np

TEST_SIZES = {"B": 5, "D": 64}


def make_inputs(sizes, rng):
    b, d = sizes["B"], sizes["D"]
    ln = rng.integers(0, 65, size=b).astype(np.int32)
    ln[0], ln[1], ln[2] = 0, 64, 1
    return {"X": rng.uniform(-1, 1, size=(b, 64, d)).astype(np.float32), "LEN": ln}


def reference(inputs, sizes):
    x, ln = inputs["X"].astype(np.float64), inputs["LEN"]
    out = [x[b, :ln[b]].sum(axis=0) / max(int(ln[b]), 1) for b in range(sizes["B"])]
    return {"P": np.stack(out).astype(np.float32)}
