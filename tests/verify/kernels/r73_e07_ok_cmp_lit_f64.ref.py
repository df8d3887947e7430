import numpy as np
TEST_SIZES = {"T": 64}
def make_inputs(sizes, rng):
    t = sizes["T"]
    return {"S": rng.uniform(-1, 1, (t, t)).astype(np.float64), "P": np.zeros((t, t), np.float64)}
def reference(inputs, sizes):
    s = inputs["S"]
    t = s.shape[0]
    return {"P": np.where(np.tril(np.ones((t, t), bool)), s, 0.0)}
