"""NumPy reference for sibling_roles_col_sum.dsl (proofs/ws_col_sum.dsl with sibling role ifs): S[c] = sum over r of X[r, c]."""
import numpy as np

TEST_SIZES = {"R": 32, "C": 256}      # one block, two rounds of the two-slot ring
BENCH_SIZES = {"R": 2048, "C": 65536}   # 256 blocks (the grid is C / 256): 512 MiB


def reference(inputs, sizes):
    return {"S": inputs["X"].astype(np.float64).sum(axis=0).astype(np.float32)}


def vendor(inputs, sizes):
    """The library's column sum on the same device array (torch, CuPy and NumPy: sum(0))."""
    return {"S": inputs["X"].sum(0)}


def bytes_moved(sizes):
    return 4 * (sizes["R"] * sizes["C"] + sizes["C"])
