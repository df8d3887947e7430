import numpy as np
TEST_SIZES = {"R": 23, "C": 128}
def M(x, c, f): return np.where(c, x, np.float32(f)).astype(np.float32)
def reference(inputs, sizes):
    xx = inputs["X"].astype(np.float32); yy = inputs["Y"].astype(np.float32); R = xx.shape[0]
    w = inputs["W"].astype(np.float32)[:R]; one = np.ones_like(xx)
    with np.errstate(all="ignore"):
        e = M(w, M(one, yy > 0, 0.0) > 0.5, 0.0)
    return {"V": getattr(np, "sum")(e, axis=0).astype(np.float32)}
