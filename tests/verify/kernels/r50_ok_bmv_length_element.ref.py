"""NumPy reference for r50_ok_bmv_length_element.dsl: Y[b] = A[b, :, :LEN[b]] @ X[b, :LEN[b]]."""
import numpy as np
TEST_SIZES = {"NB": 3, "M": 19, "KM": 70}
def make_inputs(sizes, rng):
    nb, m, km = sizes["NB"], sizes["M"], sizes["KM"]
    return {"A": rng.uniform(-1, 1, (nb, m, km)).astype(np.float32), "X": rng.uniform(-1, 1, (nb, km)).astype(np.float32),
            "LEN": np.array([45, 0, 70][:nb], dtype=np.int32)}
def reference(inputs, sizes):
    a, x, ln = inputs["A"].astype(np.float64), inputs["X"].astype(np.float64), inputs["LEN"]
    y = np.stack([a[b, :, :ln[b]] @ x[b, :ln[b]] for b in range(sizes["NB"])])
    return {"Y": y.astype(np.float32)}
