import numpy as np
TEST_SIZES = {"R": 10, "C": 256}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    mu = x.mean(axis=1, keepdims=True); var = x.var(axis=1, keepdims=True)
    y = (x - mu) / np.sqrt(var + 1e-5) * inputs["G"][None, :] + inputs["Bv"][None, :]
    return {"Y": y.astype(np.float32)}
