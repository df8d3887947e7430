import numpy as np
TEST_SIZES = {"M": 32, "K": 160}
def reference(inputs, sizes):
    a = inputs["A"].astype(np.float64)
    return {"C": a.reshape(sizes["M"], sizes["K"] // 32, 32).sum(axis=1).astype(np.float32)}
