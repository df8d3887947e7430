import numpy as np
TEST_SIZES = {"R": 8}
def make_inputs(sizes, rng):
    r = sizes["R"]
    ln = rng.integers(1, 65, size=r).astype(np.int32); ln[0] = 1; ln[1] = 64
    return {"X": rng.uniform(-2, 2, size=(r, 64)).astype(np.float32), "LEN": ln}
def reference(inputs, sizes):
    x, ln = inputs["X"], inputs["LEN"]
    y = np.zeros_like(x)
    for r in range(sizes["R"]):
        y[r, :ln[r]] = np.maximum(x[r, :ln[r]], 0)
    return {"Y": y}
