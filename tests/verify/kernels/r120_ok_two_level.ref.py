import numpy as np

TEST_SIZES = {"R": 32, "C": 37}


def make_inputs(sizes, rng):
    x = rng.uniform(-1.0, 1.0, size=(sizes["R"], sizes["C"])).astype(np.float32)
    x[0, :] = -5.0
    x[1, :] = -0.0
    return {"X": x}


def reference(inputs, sizes):
    x = inputs["X"]
    f = np.float32
    return {"Y": (np.maximum(x, f(0.0)) + f(1.0)).max(axis=1), "S": (np.maximum(x, f(0.5)) + f(1.0)).max(axis=1)}
