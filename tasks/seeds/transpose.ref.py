"""Reference for the transpose task: Y = X^T."""
import numpy as np

TEST_SIZES = {"M": 64, "N": 32}     # two blocks along M
BENCH_SIZES = {"M": 8192, "N": 8192}


def reference(inputs, sizes):
    return {"Y": np.ascontiguousarray(inputs["X"].T)}


def bytes_moved(sizes):
    return 2 * 4 * sizes["M"] * sizes["N"]
