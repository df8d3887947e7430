import numpy as np
TEST_SIZES = {"R": 16}
def reference(inputs, sizes):
    return {"Y": inputs["X"] * 2.0}
