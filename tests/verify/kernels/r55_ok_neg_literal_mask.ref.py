import numpy as np
TEST_SIZES = {"R": 8}
def make_inputs(sizes, rng):
    return {"X": rng.uniform(-1, 1, (sizes["R"], 64)).astype(np.float32), "FL": np.array([0, -100, 3, 0, -100, 0, 1, 0], np.int32)}
def reference(inputs, sizes):
    fl = inputs["FL"]; keep = fl >= -100
    return {"Y": np.where(keep[:, None], inputs["X"], 0.0).astype(np.float32)}
