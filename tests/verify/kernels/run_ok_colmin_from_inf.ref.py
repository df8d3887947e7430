import numpy as np
TEST_SIZES = {"R": 37, "C": 64}


def reference(inputs, sizes):
    return {"Y": inputs["X"].min(axis=0)}
