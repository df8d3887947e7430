"""Reference for r42_ok_pairmean_const_divisor.dsl: means of consecutive pairs, the last pair padded with 0."""
import numpy as np

TEST_SIZES = {"N2": 301, "N": 151}


def reference(inputs, sizes):
    x = np.zeros(2 * sizes["N"], np.float64)
    x[:sizes["N2"]] = inputs["X"]
    return {"Y": (x.reshape(-1, 2).sum(axis=1) / 2.0).astype(np.float32)}
