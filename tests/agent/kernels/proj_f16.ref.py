"""Reference for tests/agent/kernels/proj_f16.dsl."""
import numpy as np

TEST_SIZES = {"T": 32, "F": 32, "D": 64}
BENCH_SIZES = {"T": 4096, "F": 4096, "D": 4096}


def reference(inputs, sizes):
    return {"Out": (inputs["X"].astype(np.float64) @ inputs["Wt"].astype(np.float64)).astype(np.float32)}


def flops(sizes):
    return 2 * sizes["T"] * sizes["F"] * sizes["D"]
