import numpy as np
TEST_SIZES = {"R": 16, "C": 50}
def make_inputs(sizes, rng):
    return {"X": rng.integers(-100000, -1000, (sizes["R"], sizes["C"])).astype(np.int32), "Y": np.zeros(sizes["R"], np.int32)}
def reference(inputs, sizes):
    return {"Y": inputs["X"].max(axis=1)}
