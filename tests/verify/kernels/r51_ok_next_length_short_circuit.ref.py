"""NumPy reference for r51_ok_next_length_short_circuit.dsl: row b doubled in its first
LEN[b + 1] columns, the last row unchanged."""
import numpy as np
TEST_SIZES = {"B": 4}
def make_inputs(sizes, rng):
    B = sizes["B"]
    return {"X": rng.uniform(-1, 1, (B, 64)).astype(np.float32), "LEN": np.array([5, 64, 1, 30][:B], np.int32)}
def reference(inputs, sizes):
    x, ln = inputs["X"].astype(np.float64), inputs["LEN"]
    B = sizes["B"]
    y = x.copy()
    for b in range(B - 1):
        y[b, :ln[b + 1]] *= 2.0
    return {"Y": y.astype(np.float32)}
