import numpy as np
TEST_SIZES = {"R": 2}
def make_inputs(sizes, rng):
    x = rng.standard_normal((sizes["R"], 32)).astype(np.float32)
    return {"X": x}
def reference(inputs, sizes):
    x = inputs["X"]
    # where(x > 0, 100000, 7) is an i32 tile; 100000 * 30000 wraps to -1294967296 < 0
    return {"Y": np.where(x > 0, np.float32(0.0), x).astype(np.float32)}
