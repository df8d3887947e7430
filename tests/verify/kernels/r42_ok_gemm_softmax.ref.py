import numpy as np
TEST_SIZES = {"M": 64, "N": 64, "K": 64}
def reference(inputs, sizes):
    s = inputs["A"].astype(np.float64) @ inputs["B"].astype(np.float64)
    e = np.exp(s - s.max(1, keepdims=True))
    return {"P": (e / e.sum(1, keepdims=True)).astype(np.float32)}
