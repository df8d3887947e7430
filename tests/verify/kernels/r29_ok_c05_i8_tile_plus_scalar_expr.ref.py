import numpy as np
TEST_SIZES = {}
def make_inputs(sizes, rng):
    return {"X": rng.integers(-50, 50, (2, 32)).astype(np.int8), "Y": np.zeros((2, 32), np.int8)}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.int64)
    return {"Y": (x + np.array([[10], [11]])).astype(np.int8)}
