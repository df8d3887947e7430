"""NumPy reference for proofs/col_max.dsl: the maximum of each column."""
import numpy as np

TEST_SIZES = {"R": 64, "C": 128}     # two blocks, two row tiles
BENCH_SIZES = {"R": 8192, "C": 8192}


def reference(inputs, sizes):
    return {"Mx": inputs["X"].max(axis=0)}


def bytes_moved(sizes):
    return 4 * sizes["C"] * (sizes["R"] + 1)


def vendor(inputs, sizes):
    x = inputs["X"]
    return {"Mx": x.max(0).values if hasattr(x, "dim") else x.max(axis=0)}
