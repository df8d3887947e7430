"""NumPy reference for nf_ok_running_max_read_after_update.dsl."""
import numpy as np

TEST_SIZES = {"R": 8, "N": 40}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    m = np.full(sizes["R"], -np.inf)
    acc = np.zeros(sizes["R"])
    for c0 in range(0, sizes["N"], 32):
        row = x[:, c0:c0 + 32].sum(axis=1)
        m = np.maximum(m, row)
        acc += row * m
    return {"Y": acc.astype(np.float32)}
