import numpy as np
TEST_SIZES = {"NB": 2, "T": 32}
def make_inputs(sizes, rng):
    NB, T = sizes["NB"], sizes["T"]
    return {"Q": rng.standard_normal((NB, T, 32)).astype(np.float16), "Kt": rng.standard_normal((NB, 32, 64)).astype(np.float16),
            "V": rng.standard_normal((NB, 64, 32)).astype(np.float16), "Len": rng.integers(1, 65, NB).astype(np.int32),
            "O": np.zeros((NB, T, 32), np.float32)}
def reference(inputs, sizes):
    Q = inputs["Q"].astype(np.float64); K = inputs["Kt"].astype(np.float64); V = inputs["V"].astype(np.float64); L = inputs["Len"]
    out = []
    for b in range(Q.shape[0]):
        s = Q[b] @ K[b] * 0.125; s[:, L[b]:] = -np.inf
        p = np.exp(s - s.max(axis=1, keepdims=True)); p /= p.sum(axis=1, keepdims=True)
        out.append(p.astype(np.float16).astype(np.float64) @ V[b])
    return {"O": np.stack(out).astype(np.float32)}
