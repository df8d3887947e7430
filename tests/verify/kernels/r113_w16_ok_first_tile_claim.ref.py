import numpy as np
TEST_SIZES = {"M": 19, "K": 45}
def reference(inputs, sizes):
    A = inputs["A"].astype(np.float64); X = inputs["X"].astype(np.float64)
    p = A * X[None, :]
    y = p[:, :32].sum(1)
    return {"Y": y.astype(np.float32)}
