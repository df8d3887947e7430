import numpy as np

TEST_SIZES = {}


def make_inputs(sizes, rng):
    x = np.zeros((4, 32), np.float32)
    x[0], x[1], x[2], x[3] = 1.0, 2.0, 30.0, 40.0
    return {"X": x, "IDS": np.array([1], np.int32)}


def reference(inputs, sizes):
    # the row loaded is row IDS[0] = 1 (before the store): 32 * 2.0 + 2.0 = 66; IDS becomes 3
    return {"Y": np.array([66.0], np.float32), "IDS": np.array([3], np.int32)}
