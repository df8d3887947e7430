"""NumPy reference for proofs/row_reduce.dsl: row sums and row maxima."""
import numpy as np

TEST_SIZES = {"R": 8, "C": 512}     # one block, two column tiles
BENCH_SIZES = {"R": 8192, "C": 8192}


def reference(inputs, sizes):
    x = inputs["X"]
    return {"S": x.astype(np.float64).sum(axis=1).astype(np.float32), "Mx": x.max(axis=1)}


def bytes_moved(sizes):
    return 4 * sizes["R"] * (sizes["C"] + 2)


def vendor(inputs, sizes):
    """The library's row sum and row max on the same device array (torch's max returns
    values and indices)."""
    x = inputs["X"]
    return {"S": x.sum(1), "Mx": x.amax(1) if hasattr(x, "amax") else x.max(1)}
