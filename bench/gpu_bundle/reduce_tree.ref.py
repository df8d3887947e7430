"""NumPy reference for proofs/reduce_tree.dsl: Y[r] = the sum of the 1024 floats of row r of X."""
import numpy as np

TEST_SIZES = {"R": 2}        # two blocks
BENCH_SIZES = {"R": 8192}    # 32 MiB of input


def reference(inputs, sizes):
    return {"Y": inputs["X"].astype(np.float64).sum(axis=1).astype(np.float32)}


def bytes_moved(sizes):
    return 4 * (sizes["R"] * 1024 + sizes["R"])


def vendor(inputs, sizes):
    """The library's row sum on the same device array (torch, CuPy and NumPy: sum(1))."""
    return {"Y": inputs["X"].sum(1)}
