import numpy as np
TEST_SIZES = {"R": 2}
def make_inputs(sizes, rng):
    R = sizes["R"]
    x = rng.integers(-128, 0, size=(R, 32)).astype(np.int8)
    x[:, 0] = 5     # else branch: +0.0
    x[:, 1] = 0     # 0 * -0.5 = -0.0
    return {"X": x}
def reference(inputs, sizes):
    # min of {+0.0, -0.0, positives} is -0.0 (SEMANTICS.md): 1 / -0.0 = -inf
    return {"Y": np.full((sizes["R"], 1), -np.inf, np.float32)}
