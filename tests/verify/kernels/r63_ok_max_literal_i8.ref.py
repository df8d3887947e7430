import numpy as np
TEST_SIZES = {"R": 8}
def make_inputs(sizes, rng):
    r = sizes["R"]
    return {"X": rng.uniform(0.5, 1, (r, 64)).astype(np.float32),
            "FL": np.array([1, -1, 2, -128, 5, 0, 127, -2], np.int8)[:r]}
def reference(inputs, sizes):
    return {"Y": inputs["X"].copy()}
