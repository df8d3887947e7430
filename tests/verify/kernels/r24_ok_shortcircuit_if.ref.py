import numpy as np
TEST_SIZES = {"M": 64, "N": 64}
def reference(inputs, sizes):
    a = inputs["A"]; M, N = sizes["M"], sizes["N"]
    ok = N > 32 and M // (N - 32) >= 1
    return {"C": (a[:, 32:64] if ok else np.zeros((M, 32))).astype(np.float32)}
