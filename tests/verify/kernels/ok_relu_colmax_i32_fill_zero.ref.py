"""NumPy reference for ok_relu_colmax_i32_fill_zero.dsl: the column max of max(x, 0), i32."""
import numpy as np

TEST_SIZES = {"R": 37, "C": 64}


def make_inputs(sizes, rng):
    return {"X": rng.integers(-2**31, 2**31 - 1, size=(sizes["R"], sizes["C"]), dtype=np.int64).astype(np.int32)}


def reference(inputs, sizes):
    return {"Mx": np.maximum(inputs["X"], 0).max(axis=0).astype(np.int32)}
