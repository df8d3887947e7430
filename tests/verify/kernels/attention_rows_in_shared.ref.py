"""NumPy reference for attention_rows_in_shared.dsl: softmax(Q K^T) V for one head."""
import numpy as np

TEST_SIZES = {"S": 64}


def reference(inputs, sizes):
    s = inputs["Q"].astype(np.float64) @ inputs["KT"].astype(np.float64)
    p = np.exp(s - s.max(axis=1, keepdims=True))
    return {"O": ((p / p.sum(axis=1, keepdims=True)) @ inputs["V"]).astype(np.float32)}
