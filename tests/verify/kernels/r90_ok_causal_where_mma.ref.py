import numpy as np
TEST_SIZES = {"T": 32}
def reference(inputs, sizes):
    Q, Kt = inputs["Q"], inputs["Kt"]
    s = Q.astype(np.float32) @ Kt.astype(np.float32)
    T = sizes["T"]
    return {"P": np.where(np.tril(np.ones((T, T), bool)), s, -np.inf).astype(np.float32)}
