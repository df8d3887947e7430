"""NumPy reference for r46_ok_mask_redefined_in_place.dsl: per 4096-element block, sum((P - T)^2) / N."""
import numpy as np

TEST_SIZES = {"N": 8192, "G": 2}


def reference(inputs, sizes):
    d = inputs["P"].astype(np.float64) - inputs["T"]
    return {"Part": ((d * d).reshape(-1, 4096).sum(axis=1) / sizes["N"]).astype(np.float32)}
