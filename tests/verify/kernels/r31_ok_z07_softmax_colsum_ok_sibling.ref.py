import numpy as np
TEST_SIZES = {"C": 37}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64); C = sizes["C"]
    W = np.zeros((1, C))
    for i in range(min(4, C)):
        row = x[i, i:C]; p = np.exp(row - row.max()); W[0, i:C] += p / p.sum()
    return {"W": W.astype(np.float32)}
