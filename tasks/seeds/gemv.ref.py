"""Reference for the GEMV task: y = A @ x in float64, returned in float32."""
import numpy as np

TEST_SIZES = {"M": 16, "K": 64}     # two blocks, two column tiles
BENCH_SIZES = {"M": 16384, "K": 16384}


def reference(inputs, sizes):
    return {"Y": (inputs["A"].astype(np.float64) @ inputs["X"].astype(np.float64)).astype(np.float32)}


def flops(sizes):
    return 2 * sizes["M"] * sizes["K"]
