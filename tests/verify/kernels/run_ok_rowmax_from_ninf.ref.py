import numpy as np
TEST_SIZES = {"R": 16, "C": 100}


def reference(inputs, sizes):
    return {"Y": inputs["X"].max(axis=1)}
