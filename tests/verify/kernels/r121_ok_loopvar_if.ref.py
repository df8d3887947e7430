import numpy as np
TEST_SIZES = {"R": 32, "C": 100}
def make_inputs(sizes, rng):
    x = rng.uniform(-10.0, 2.0, size=(sizes["R"], sizes["C"])).astype(np.float32)
    x[1, :] = -np.abs(x[1, :]) - 4.0
    return {"X": x}
def reference(inputs, sizes):
    x = inputs["X"]; C = x.shape[1]
    floor = np.where((np.arange(C) // 64) % 2 == 0, np.float32(0.0), np.float32(1.0))[None, :]
    return {"Y": np.maximum(x, floor).max(axis=1).astype(np.float32)}
