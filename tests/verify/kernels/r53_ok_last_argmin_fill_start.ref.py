import numpy as np
TEST_SIZES = {"R": 70, "C": 64}
def make_inputs(sizes, rng):
    r, c = sizes["R"], sizes["C"]
    return {"X": rng.integers(-3, 4, size=(r, c)).astype(np.float32), "Idx": np.zeros(c, np.int32)}
def reference(inputs, sizes):
    x = inputs["X"]
    return {"Idx": (x.shape[0] - 1 - np.argmin(x[::-1], axis=0)).astype(np.int32)}
