"""NumPy reference for r62_ok_hist_index_plus1.dsl: H[r, k] counts the labels k + 1 of row r."""
import numpy as np

TEST_SIZES = {"R": 8, "C": 150}


def make_inputs(sizes, rng):
    return {"LAB": rng.integers(1, 17, (sizes["R"], sizes["C"])).astype(np.int32)}


def reference(inputs, sizes):
    lab = inputs["LAB"]
    return {"H": np.stack([(lab == k + 1).sum(axis=1) for k in range(16)], axis=1).astype(np.int32)}
