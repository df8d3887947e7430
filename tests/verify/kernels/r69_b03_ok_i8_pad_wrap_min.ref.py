import numpy as np
TEST_SIZES = {"T": 64}
def make_inputs(sizes, rng):
    t = sizes["T"]
    return {"S": rng.integers(-50, 50, (t, t)).astype(np.int8)}
def reference(inputs, sizes):
    s = inputs["S"].astype(np.int8)
    t = s.shape[0]
    d = np.minimum((s + s).astype(np.int8), 0).astype(np.int8)
    return {"P": np.where(np.tril(np.ones((t, t), bool)), d, np.int8(0)).astype(np.int8)}
