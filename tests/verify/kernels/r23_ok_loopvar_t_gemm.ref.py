"""NumPy reference for proofs/gemm_tiled.dsl: C = A @ B in float32."""
import numpy as np

TEST_SIZES = {"M": 32, "N": 32, "K": 32}      # one block, two k-tiles
BENCH_SIZES = {"M": 4096, "N": 4096, "K": 4096}


def reference(inputs, sizes):
    return {"C": inputs["A"].astype(np.float32) @ inputs["B"].astype(np.float32)}


def flops(sizes):
    return 2 * sizes["M"] * sizes["N"] * sizes["K"]


def vendor(inputs, sizes):
    return {"C": inputs["A"] @ inputs["B"]}
