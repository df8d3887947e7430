"""NumPy reference for tma_batched.dsl: C[b, i, j] = sum over k-tiles t of A[b, i, 32 t + j]."""
import numpy as np

TEST_SIZES = {"B": 2, "M": 32, "K": 64}


def reference(inputs, sizes):
    a = inputs["A"].astype(np.float64)
    return {"C": a.reshape(sizes["B"], sizes["M"], sizes["K"] // 32, 32).sum(axis=2).astype(np.float32)}
