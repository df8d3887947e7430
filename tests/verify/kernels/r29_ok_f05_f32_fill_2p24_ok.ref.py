import numpy as np
TEST_SIZES = [{"R": 4, "C": 40}]
def make_inputs(sizes, rng):
    R, C = sizes["R"], sizes["C"]
    # integers just below 2^24: x - 16777216.0 - 1.0 is exact in f32 for every real element
    return {"X": (16777216 - rng.integers(0, 1000, (R, C))).astype(np.float32), "S": np.zeros(R, np.float32)}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    # the kernel's sum over the real elements only: padding must add nothing (the fill rule)
    return {"S": (x - 16777216.0).sum(axis=1).astype(np.float32)}
