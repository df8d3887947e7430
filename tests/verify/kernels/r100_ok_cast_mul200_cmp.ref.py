import numpy as np
TEST_SIZES = {"R": 2}
def make_inputs(sizes, rng):
    R = sizes["R"]
    x = rng.integers(-128, 128, size=(R, 32)).astype(np.int8)
    x[0, :6] = [-128, 127, -1, 0, 1, 3]
    x[1, :] = 100
    return {"X": x}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.int64)
    return {"Y": np.where((x * 200).astype(np.int8) > 0, 1, 0).astype(np.int32)}
