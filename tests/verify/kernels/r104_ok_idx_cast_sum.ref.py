import numpy as np
TEST_SIZES = {"R": 2}
def make_inputs(sizes, rng):
    R = sizes["R"]
    x = rng.integers(-2**31, 2**31, size=(R, 32)).astype(np.int32)
    x[:, :6] = [2**31-1, -2**31, 1000000000, 800000000, 5, -7]
    return {"X": x}
def reference(inputs, sizes):
    x = inputs["X"]
    idx = np.indices((1, 32), np.int64)[1]
    return {"Y": (idx + x * np.int32(3)).astype(np.float32)}
