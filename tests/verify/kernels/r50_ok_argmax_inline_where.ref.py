"""NumPy reference for r50_ok_argmax_inline_where.dsl: the row max, and the column inside its
64-wide tile of the first element holding the max of the first tile that raised it."""
import numpy as np

TEST_SIZES = {"R": 16, "C": 150}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float32)
    R, C = x.shape
    m = np.full(R, -np.inf, np.float32)
    p = np.full(R, -1, np.int32)
    for ct in range((C + 63) // 64):
        t = x[:, ct * 64:(ct + 1) * 64]
        t1 = t.max(axis=1)
        pos = t.argmax(axis=1).astype(np.int32)
        p = np.where(t1 > m, pos, p)
        m = np.maximum(m, t1)
    return {"V2": m, "P": p}
