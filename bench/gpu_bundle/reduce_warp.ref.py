"""NumPy reference for proofs/reduce_warp.dsl: the sum of each 32-wide row."""
import numpy as np

TEST_SIZES = {"R": 16}
BENCH_SIZES = {"R": 1 << 20}


def reference(inputs, sizes):
    return {"Y": inputs["X"].astype(np.float64).sum(axis=1).astype(np.float32)}


def bytes_moved(sizes):
    return 4 * sizes["R"] * 33


def vendor(inputs, sizes):
    """The library's row sum on the same device array (torch, CuPy and NumPy: sum(1))."""
    return {"Y": inputs["X"].sum(1)}
