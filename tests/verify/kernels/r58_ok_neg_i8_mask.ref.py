import numpy as np
TEST_SIZES = {"R": 8}
def make_inputs(sizes, rng):
    return {"X": rng.uniform(-1, 1, (sizes["R"], 64)).astype(np.float32), "FL": np.array([0, -128, 3, -1, 127, -127, 1, 0], np.int8)}
def reference(inputs, sizes):
    keep = inputs["FL"].astype(np.int64) < 0
    return {"Y": np.where(keep[:, None], inputs["X"], 0.0).astype(np.float32)}
