import numpy as np
TEST_SIZES = {"R": 4}
def make_inputs(sizes, rng):
    R = sizes["R"]
    x = -rng.uniform(0.25, 1.0, (R, 32))
    x[:, 0] = [0.1000000001, 0.10000001, 0.5, 0.1]
    l = -rng.integers(1, 5, (R, 32)).astype(np.int64)
    l[:, 0] = [2**32, 2**33 + 5, -2**32, 7]
    f = rng.standard_normal((R, 32)).astype(np.float32)
    return {"X": x, "L": l, "F": f}
def reference(inputs, sizes):
    return {}
