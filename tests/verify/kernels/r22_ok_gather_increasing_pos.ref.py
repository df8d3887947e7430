"""NumPy reference for r22_ok_gather_increasing_pos.dsl: Y[t] = X[pos[t]], pos increasing."""
import numpy as np

TEST_SIZES = {"T": 16, "N": 32}


def make_inputs(sizes, rng):
    t, n = sizes["T"], sizes["N"]
    pos = np.sort(rng.choice(n, size=t, replace=False)).astype(np.int32)
    return {"X": rng.standard_normal((n, 64)).astype(np.float32), "pos": pos}


def reference(inputs, sizes):
    return {"Y": inputs["X"][inputs["pos"]]}
