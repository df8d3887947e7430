"""NumPy reference for proofs/col_sum.dsl: column sums."""
import numpy as np

TEST_SIZES = {"R": 64, "C": 128}     # two blocks, two row tiles
BENCH_SIZES = {"R": 8192, "C": 8192}


def reference(inputs, sizes):
    return {"S": inputs["X"].astype(np.float64).sum(axis=0).astype(np.float32)}


def bytes_moved(sizes):
    return 4 * sizes["C"] * (sizes["R"] + 1)


def vendor(inputs, sizes):
    return {"S": inputs["X"].sum(0) if hasattr(inputs["X"], "dim") else inputs["X"].sum(axis=0)}
