import numpy as np
TEST_SIZES = {"R": 8, "C": 100}
def make_inputs(sizes, rng):
    return {"X": rng.uniform(-2, 2, (sizes["R"], sizes["C"])).astype(np.float32)}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    return {"S": (x * x).max(1).astype(np.float32), "M": (x * x).max(1).astype(np.float32)}
