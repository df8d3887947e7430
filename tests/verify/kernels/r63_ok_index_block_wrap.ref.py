import numpy as np
TEST_SIZES = {"R": 4}
def make_inputs(sizes, rng):
    return {"X": rng.uniform(0.5, 1, (sizes["R"], 64)).astype(np.float32)}
def reference(inputs, sizes):
    return {"Y": inputs["X"].copy()}
