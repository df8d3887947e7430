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
