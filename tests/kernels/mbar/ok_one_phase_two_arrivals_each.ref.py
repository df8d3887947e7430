import numpy as np
TEST_SIZES = {"R": 32}
def reference(inputs, sizes):
    return {"Y": inputs["X"].copy()}
