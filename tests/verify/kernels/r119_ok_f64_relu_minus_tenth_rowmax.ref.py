"""NumPy reference for r119_ok_f64_relu_minus_tenth_rowmax.dsl: each row's max of
max(x, 0) - 0.1 in f64; one row all negative (its max is -0.1 from the data itself)."""
import numpy as np

TEST_SIZES = {"R": 8, "C": 37}


def make_inputs(sizes, rng):
    x = rng.uniform(-2.0, 2.0, size=(sizes["R"], sizes["C"]))
    x[0, :] = -np.abs(x[0, :]) - 0.5
    return {"X": x.astype(np.float64)}


def reference(inputs, sizes):
    return {"S": (np.maximum(inputs["X"].astype(np.float64), 0.0) - 0.1).max(axis=1)}
