import numpy as np
TEST_SIZES = {"R": 2}
def reference(inputs, sizes):
    return {"Y": inputs["X"].copy()}
