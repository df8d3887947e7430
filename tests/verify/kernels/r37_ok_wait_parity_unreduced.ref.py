"""NumPy reference for proofs/ws_accumulate.dsl: C[i, j] = sum over k-tiles t of A[i, 32 t + j]."""
import numpy as np

TEST_SIZES = {"M": 32, "K": 64}       # one block, two rounds of the two-slot ring
BENCH_SIZES = {"M": 8192, "K": 4096}


def reference(inputs, sizes):
    a = inputs["A"].astype(np.float64)
    return {"C": a.reshape(sizes["M"], sizes["K"] // 32, 32).sum(axis=1).astype(np.float32)}


def bytes_moved(sizes):
    return 4 * (sizes["M"] * sizes["K"] + sizes["M"] * 32)


def vendor(inputs, sizes):
    """The library's sum over k-tiles on the same device array."""
    a = inputs["A"]
    return {"C": a.reshape(sizes["M"], sizes["K"] // 32, 32).sum(1)}
