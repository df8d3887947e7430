import numpy as np
TEST_SIZES = {"T": 64}
def make_inputs(sizes, rng):
    t = sizes["T"]
    return {"S": rng.uniform(-1, 1, (t, t)).astype(np.float64)}
def reference(inputs, sizes):
    s = inputs["S"]
    t = s.shape[0]
    lit = np.float64(np.float32(16777216.0))     # the literal is f32 math, then cast
    d = np.maximum(s, lit) - 16777216.0
    return {"P": np.where(np.tril(np.ones((t, t), bool)), d, 0.0)}
