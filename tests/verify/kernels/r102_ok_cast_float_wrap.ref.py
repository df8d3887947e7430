import numpy as np
TEST_SIZES = {"R": 2}
def make_inputs(sizes, rng):
    R = sizes["R"]
    x = rng.integers(-128, 128, size=(R, 32)).astype(np.int8)
    x[:, :4] = [127, -128, 100, 64]
    return {"X": x, "N": np.array([5], np.int64)}
def reference(inputs, sizes):
    x = inputs["X"]; n = np.int64(5)
    x2 = x * np.int8(2)
    return {"Y": ((x2.astype(np.float64) + 0.5).astype(np.float32))}
