import numpy as np
TEST_SIZES = {"M": 32}
def reference(inputs, sizes):
    a = inputs["A"]; M = a.shape[0]
    i = np.arange(M)[:, None]; j = np.arange(32)[None, :]
    return {"C": np.where(i >= j, a, np.float32(0.0)).astype(np.float32)}
