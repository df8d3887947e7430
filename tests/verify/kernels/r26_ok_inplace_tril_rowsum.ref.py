import numpy as np
TEST_SIZES = {"M": 32}
def reference(inputs, sizes):
    t = np.tril(inputs["X"])
    return {"Y": t.astype(np.float64).sum(axis=1).astype(np.float32), "X": t}
