import numpy as np
TEST_SIZES = {"R": 6}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    mu = x.mean(axis=1, keepdims=True); d = x - mu; var = (d * d).mean(axis=1, keepdims=True)
    return {"Y": (d / np.sqrt(var + 1e-5) * inputs["G"] + inputs["Bt"]).astype(np.float32)}
