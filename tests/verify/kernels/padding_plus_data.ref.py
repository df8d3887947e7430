"""NumPy reference for padding_plus_data.dsl: Y = A (zero past its end) + X."""
import numpy as np

TEST_SIZES = {"N": 64, "M": 128}


def reference(inputs, sizes):
    a = np.zeros(sizes["M"], np.float64)
    a[: sizes["N"]] = inputs["A"]
    return {"Y": (a + inputs["X"]).astype(np.float32)}
