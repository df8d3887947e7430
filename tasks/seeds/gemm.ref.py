"""Reference for the GEMM tasks: C = A @ B accumulated in float64, returned in float32."""
import numpy as np

# One 128 x 128 output tile, two 32-wide k tiles: the smallest sizes on which every tile
# size and pipeline depth a GEMM rewrite proposes still runs at least one full block.
TEST_SIZES = {"M": 128, "N": 128, "K": 64}
BENCH_SIZES = {"M": 4096, "N": 4096, "K": 4096}


def reference(inputs, sizes):
    a, b = inputs["A"].astype(np.float64), inputs["B"].astype(np.float64)
    return {"C": (a @ b).astype(np.float32)}


def flops(sizes):
    return 2 * sizes["M"] * sizes["N"] * sizes["K"]
