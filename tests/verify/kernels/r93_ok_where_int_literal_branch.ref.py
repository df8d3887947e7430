import numpy as np
TEST_SIZES = {"R": 2}
def make_inputs(sizes, rng):
    R = sizes["R"]
    x = rng.integers(-128, 128, size=(R, 32)).astype(np.int8)
    w = rng.integers(-2**31, 2**31, size=(R, 32)).astype(np.int32)
    x[0, :4] = [100, 127, -128, 1]
    w[0, :4] = [2**31 - 1, 2000000000, -5, 3]
    return {"X": x, "W": w, "Z": np.zeros((R, 32), np.int32)}
def reference(inputs, sizes):
    return {}
