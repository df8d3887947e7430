"""NumPy reference for proofs/gemv.dsl: y = A @ x (any M, K)."""
import numpy as np

TEST_SIZES = {"M": 19, "K": 45}     # ragged tails in both dimensions: three blocks, two column tiles
BENCH_SIZES = {"M": 16384, "K": 16384}


def reference(inputs, sizes):
    return {"Y": (inputs["A"].astype(np.float64) @ inputs["X"].astype(np.float64)).astype(np.float32)}


def flops(sizes):
    return 2 * sizes["M"] * sizes["K"]


def bytes_moved(sizes):
    return 4 * (sizes["M"] * sizes["K"] + sizes["K"] + sizes["M"])


def vendor(inputs, sizes):
    """The library's matrix-vector product on the same device arrays (cuBLAS gemv under torch)."""
    return {"Y": inputs["A"] @ inputs["X"]}
