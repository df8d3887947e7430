"""NumPy reference for partial_sums_in_place.dsl: Out = X W."""
import numpy as np
TEST_SIZES = {"T": 32, "D": 6, "F": 32}
def reference(inputs, sizes):
    return {"Out": inputs["X"].astype(np.float64) @ inputs["W"].astype(np.float64)}
