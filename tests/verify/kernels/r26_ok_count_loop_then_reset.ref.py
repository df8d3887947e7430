import numpy as np
TEST_SIZES = {"R": 4}
def make_inputs(sizes, rng):
    r = sizes["R"]
    x = (rng.uniform(0.25, 1.0, (r, 32)) * rng.choice([-1, 1], (r, 32))).astype(np.float32)
    return {"X": x, "CNT": rng.integers(0, 4, r).astype(np.int32), "Y": np.zeros((r, 32), np.float32)}
def reference(inputs, sizes):
    x, c = inputs["X"], inputs["CNT"]
    return {"Y": (x * c[:, None]).astype(np.float32), "CNT": np.zeros_like(c)}
