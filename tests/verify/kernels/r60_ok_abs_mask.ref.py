import numpy as np
TEST_SIZES = {"R": 8}
def make_inputs(sizes, rng):
    return {"X": rng.uniform(-1, 1, (sizes["R"], 64)).astype(np.float32), "ID": np.array([0, -2147483647, 3, -100, 0, 2147483647, -2, 7], np.int32)}
def reference(inputs, sizes):
    keep = inputs["ID"].astype(np.int64) != 0
    return {"Y": np.where(keep[:, None], inputs["X"], 0.0).astype(np.float32)}
