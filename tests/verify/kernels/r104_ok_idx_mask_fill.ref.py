import numpy as np
TEST_SIZES = {"R": 2}
def make_inputs(sizes, rng):
    R = sizes["R"]
    x = rng.integers(-2**31, 2**31, size=(R, 32)).astype(np.int32)
    x[:, :6] = [2**31-1, -2**31, 1500000000, 1100000000, 5, -7]
    return {"X": x}
def reference(inputs, sizes):
    x = inputs["X"]
    idx = np.broadcast_to(np.indices((1, 32), np.int64)[1], x.shape)
    v = np.where(x != 5, idx - x * np.int32(2), 0).astype(np.float32)
    return {"Y": np.where(x > 0, v, np.float32(1.0))}
