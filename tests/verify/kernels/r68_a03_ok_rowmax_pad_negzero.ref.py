import numpy as np
TEST_SIZES = {"T": 64}
def reference(inputs, sizes):
    s = inputs["S"].astype(np.float32)
    t = s.shape[0]
    return {"P": np.where(np.tril(np.ones((t, t), bool)), s, np.float32(-np.inf)).astype(np.float32)}
