import numpy as np
TEST_SIZES = {"R": 9}
def make_inputs(sizes, rng):
    R = sizes["R"]
    x = rng.standard_normal((R, 32)).astype(np.float32)
    x[:, :4] = [np.float32(0.9), np.float32(0.90000004), 2.0**30, 2.0**31 - 2**8]
    x[:, 4] = np.float32(R * 0.1)
    return {"X": x}
def reference(inputs, sizes):
    return {}
