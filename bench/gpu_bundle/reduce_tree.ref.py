"""NumPy reference for proofs/reduce_tree.dsl: Y[g] = the sum of rows 8g .. 8g + 7 of X."""
import numpy as np

TEST_SIZES = {"R": 16, "G": 2}       # two blocks
BENCH_SIZES = {"R": 65536, "G": 8192}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64).reshape(sizes["G"], 8 * 128)
    return {"Y": x.sum(axis=1).astype(np.float32)}


def bytes_moved(sizes):
    return 4 * (sizes["R"] * 128 + sizes["G"])
