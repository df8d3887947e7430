"""NumPy reference for proofs/splitk_reduce.dsl: C = P[0] + P[1] + P[2] + P[3]."""
import numpy as np

TEST_SIZES = {"M": 32, "N": 32}
BENCH_SIZES = {"M": 4096, "N": 4096}


def reference(inputs, sizes):
    return {"C": inputs["P"].astype(np.float64).sum(axis=0).astype(np.float32)}


def bytes_moved(sizes):
    return 4 * (4 + 1) * sizes["M"] * sizes["N"]


def vendor(inputs, sizes):
    """The library's sum over the split axis on the same device array."""
    return {"C": inputs["P"].sum(0)}
