import numpy as np

TEST_SIZES = {"M": 9, "N": 32}


def reference(inputs, sizes):
    m, n = sizes["M"], sizes["N"]
    flat = np.arange(m * n).reshape(m, n)
    return {"Y": np.where(flat < m * n - 5, inputs["X"], np.float32(0.0))}
