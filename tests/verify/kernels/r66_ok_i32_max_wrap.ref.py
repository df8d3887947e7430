import numpy as np
TEST_SIZES = {"T": 64}
def reference(inputs, sizes):
    s = inputs["S"].astype(np.int32)
    t = s.shape[0]
    return {"P": np.where(np.tril(np.ones((t, t), bool)), s, np.int32(0)).astype(np.int32)}
