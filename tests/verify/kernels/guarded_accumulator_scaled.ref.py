"""NumPy reference for guarded_accumulator_scaled.dsl: twice block b's accumulated products
of every column tile (the guard always holds)."""
import numpy as np

TEST_SIZES = {"R": 32}


def reference(inputs, sizes):
    a, v = (inputs[k].astype(np.float64) for k in ("A", "V"))
    out = np.zeros((sizes["R"], 16))
    for b in range(sizes["R"] // 16):
        rows = slice(b * 16, b * 16 + 16)
        acc = np.zeros((16, 16))
        for kt in range(sizes["R"] // 16):
            t = a[rows, kt * 16 : kt * 16 + 16]
            acc += (t * t.sum(axis=1, keepdims=True)) @ v[kt * 16 : kt * 16 + 16]
        out[rows] = 2.0 * acc
    return {"O": out.astype(np.float32)}
