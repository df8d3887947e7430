import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    return {"Y": inputs["X"].max(1), "V": inputs["W"].copy()}
