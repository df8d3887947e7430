import numpy as np
TEST_SIZES = {"C": 2}
def reference(inputs, sizes):
    x = np.abs(inputs["X"].astype(np.float64)); C = sizes["C"]
    tot = 0.0
    for i in range(4):
        if i < C:
            tot += np.exp(x[i, i:C].max())
    return {"W": np.array([tot], np.float32)}
