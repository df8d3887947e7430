"""Reference for tests/agent/kernels/outer.toml: C = A @ B, at one small tile."""
import numpy as np

TEST_SIZES = {"M": 16, "N": 16, "K": 8}
BENCH_SIZES = {"M": 1024, "N": 1024, "K": 1024}


def reference(inputs, sizes):
    return {"C": (inputs["A"].astype(np.float64) @ inputs["B"].astype(np.float64)).astype(np.float32)}


def flops(sizes):
    return 2 * sizes["M"] * sizes["N"] * sizes["K"]
