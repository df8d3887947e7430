import numpy as np

TEST_SIZES = {"R": 37, "C": 64}


def make_inputs(sizes, rng):
    x = rng.uniform(-1.0, 1.0, size=(sizes["R"], sizes["C"])).astype(np.float32)
    x[:, 0] = -np.abs(x[:, 0])        # a column of negatives: its relu max is +0.0
    return {"X": x}


def reference(inputs, sizes):
    p = np.maximum(inputs["X"], np.float32(0.0))
    return {"Mx": p.max(axis=0).astype(np.float32), "Sx": p.sum(axis=0, dtype=np.float32)}
