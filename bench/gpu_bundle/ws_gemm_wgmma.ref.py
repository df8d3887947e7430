"""NumPy reference for proofs/ws_gemm_wgmma.dsl: C = A @ B (f16 inputs, f32 result)."""
import numpy as np

TEST_SIZES = {"M": 64, "N": 64, "K": 192}      # one block, three k tiles through the two-slot ring
BENCH_SIZES = {"M": 8192, "N": 8192, "K": 8192}


def reference(inputs, sizes):
    a, b = (inputs[x].astype(np.float64) for x in ("A", "B"))
    return {"C": (a @ b).astype(np.float32)}


def bytes_moved(sizes):
    m, n, k = sizes["M"], sizes["N"], sizes["K"]
    return 2 * (m * k + k * n) + 4 * m * n


def flops(sizes):
    return 2 * sizes["M"] * sizes["N"] * sizes["K"]
