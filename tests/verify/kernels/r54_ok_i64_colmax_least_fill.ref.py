import numpy as np
TEST_SIZES = {"R": 40, "C": 64}
def make_inputs(sizes, rng):
    x = rng.integers(-5, 5, size=(sizes["R"], sizes["C"])).astype(np.int64)
    x[:, 0] = np.iinfo(np.int64).min
    return {"X": x, "Y": np.zeros(sizes["C"], np.int64)}
def reference(inputs, sizes):
    return {"Y": inputs["X"].max(axis=0)}
