"""NumPy reference for r46_ok_splitk_gelu_range.dsl: GELU (tanh form) of the split sum plus bias."""
import numpy as np

TEST_SIZES = {"M": 32, "N": 64}


def reference(inputs, sizes):
    x = inputs["P"].astype(np.float32).sum(axis=0) + inputs["Bias"].astype(np.float32)[None, :]
    g = 0.5 * x * (1.0 + np.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))
    return {"C": g.astype(np.float16)}
