"""NumPy reference for proofs/gemm_splitk.dsl: P[z] = A[:, Kz] @ B[Kz, :] for the four
K quarters Kz (summed afterwards by splitk_reduce)."""
import numpy as np

TEST_SIZES = {"M": 32, "N": 32, "K": 64}      # grid (1, 1, 4)
BENCH_SIZES = {"M": 4096, "N": 4096, "K": 4096}


def reference(inputs, sizes):
    A, B = inputs["A"].astype(np.float32), inputs["B"].astype(np.float32)
    q = sizes["K"] // 4
    return {"P": np.stack([A[:, z * q:(z + 1) * q] @ B[z * q:(z + 1) * q, :] for z in range(4)])}


def flops(sizes):
    return 2 * sizes["M"] * sizes["N"] * sizes["K"]


def vendor(inputs, sizes):
    """The four K-slice products as one batched matmul of the library (cuBLAS under torch)."""
    a, b = inputs["A"], inputs["B"]
    m, k, n = sizes["M"], sizes["K"], sizes["N"]
    q = k // 4
    return {"P": a.reshape(m, 4, q).transpose(0, 1) @ b.reshape(4, q, n)} if hasattr(a, "dim") else \
        {"P": a.reshape(m, 4, q).transpose(1, 0, 2) @ b.reshape(4, q, n)}
