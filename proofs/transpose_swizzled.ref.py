"""NumPy reference for proofs/transpose_swizzled.dsl: Y = X^T."""
import numpy as np

TEST_SIZES = {"M": 64, "N": 32}      # two blocks along M, one along N
BENCH_SIZES = {"M": 8192, "N": 8192}


def reference(inputs, sizes):
    return {"Y": np.ascontiguousarray(inputs["X"].T)}


def bytes_moved(sizes):
    return 2 * 4 * sizes["M"] * sizes["N"]


def vendor(inputs, sizes):
    """The library's contiguous transpose on the same device array."""
    x = inputs["X"]
    return {"Y": x.t().contiguous() if hasattr(x, "contiguous") else x.T.copy()}
