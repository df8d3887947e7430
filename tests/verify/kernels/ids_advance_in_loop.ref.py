"""NumPy reference for ids_advance_in_loop.dsl: Y[t] sums rows id, id + 1, id + 2 of E
(each clamped to V - 1), and IDS ends three higher."""
import numpy as np

TEST_SIZES = {"T": 5, "V": 6}


def make_inputs(sizes, rng):
    t, v = sizes["T"], sizes["V"]
    return {"E": rng.uniform(-1, 1, size=(v, 32)).astype(np.float32),
            "IDS": rng.integers(0, v, size=t).astype(np.int32)}


def reference(inputs, sizes):
    e, ids, v = inputs["E"].astype(np.float64), inputs["IDS"], sizes["V"]
    y = np.stack([sum(e[min(i + p, v - 1)] for p in range(3)) for i in ids]).astype(np.float32)
    return {"Y": y, "IDS": (ids + 3).astype(np.int32)}
