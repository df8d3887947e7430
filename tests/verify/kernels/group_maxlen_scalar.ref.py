"""NumPy reference for group_maxlen_scalar.dsl: P[g] = sum of X[g, t] over t < max of the group's lengths."""
import numpy as np

TEST_SIZES = {"G": 2, "G4": 8}


def reference(inputs, sizes):
    x, ln = inputs["X"].astype(np.float64), inputs["LEN"]
    out = np.stack([x[g, :ln[4 * g:4 * g + 4].max()].sum(axis=0) for g in range(x.shape[0])])
    return {"P": out.astype(np.float32)}
