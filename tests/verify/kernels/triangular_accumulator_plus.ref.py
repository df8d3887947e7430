"""NumPy reference for triangular_accumulator_plus.dsl (and guarded_accumulator_plus.dsl,
triangular_accumulator_reshape.dsl, which compute the same): block b adds the products of its
first b column tiles to X."""
import numpy as np

TEST_SIZES = {"R": 32}


def reference(inputs, sizes):
    a, v, x = (inputs[k].astype(np.float64) for k in ("A", "V", "X"))
    out = x.copy()
    for b in range(sizes["R"] // 16):
        rows = slice(b * 16, b * 16 + 16)
        acc = np.zeros((16, 16))
        for kt in range(b):
            t = a[rows, kt * 16 : kt * 16 + 16]
            acc += (t * t.sum(axis=1, keepdims=True)) @ v[kt * 16 : kt * 16 + 16]
        out[rows] += acc
    return {"O": out.astype(np.float32)}
