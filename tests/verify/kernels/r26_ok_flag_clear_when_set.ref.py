import numpy as np
TEST_SIZES = {"R": 6}
def make_inputs(sizes, rng):
    r = sizes["R"]
    x = (rng.uniform(0.25, 1.0, (r, 32)) * rng.choice([-1, 1], (r, 32))).astype(np.float32)
    return {"X": x, "F": rng.integers(0, 2, r).astype(np.int32), "Y": np.zeros((r, 32), np.float32)}
def reference(inputs, sizes):
    x, f = inputs["X"], inputs["F"]
    return {"Y": np.where(f[:, None] > 0, x * np.float32(2), x).astype(np.float32), "F": np.where(f > 0, 0, f).astype(np.int32)}
