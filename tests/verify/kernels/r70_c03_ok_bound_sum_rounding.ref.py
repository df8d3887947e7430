import numpy as np
TEST_SIZES = {"R": 8, "C": 128}
def make_inputs(sizes, rng):
    return {"X": -rng.random((sizes["R"], sizes["C"]), dtype=np.float32) - 1.0, "S": np.zeros(sizes["R"], np.float32)}
def reference(inputs, sizes):
    x = inputs["X"][:, 1:].astype(np.float32)
    e = np.float32(5e-8)
    y = ((np.maximum(x, np.float32(1.0)) + e) + e) + e
    return {"S": (y.max(axis=1) - np.float32(1.0)).astype(np.float32)}
