"""NumPy reference for shift_ids_then_gather.dsl: IDS becomes 1-based, and Y[t] is the
embedding row of the 0-based id."""
import numpy as np

TEST_SIZES = {"T": 6, "V": 5}


def make_inputs(sizes, rng):
    t, v = sizes["T"], sizes["V"]
    return {"E": rng.uniform(-1, 1, size=(v, 32)).astype(np.float32),
            "IDS": rng.integers(0, v, size=t).astype(np.int32)}


def reference(inputs, sizes):
    ids = inputs["IDS"]
    return {"Y": inputs["E"][ids], "IDS": (ids + 1).astype(np.int32)}
