import numpy as np
TEST_SIZES = {"N": 50, "D": 64, "S": 5, "S1": 6}
def make_inputs(sizes, rng):
    return {"X": rng.uniform(-1, 1, (sizes["N"], sizes["D"])).astype(np.float32),
            "OFF": np.array([0, 0, 17, 18, 18, 50], np.int32)}    # empty, 17, 1, empty, 32 rows
def reference(inputs, sizes):
    x, off = inputs["X"].astype(np.float64), inputs["OFF"]
    out = [x[off[s]:off[s + 1]].sum(0) / max(int(off[s + 1] - off[s]), 1) for s in range(sizes["S"])]
    return {"OUT": np.stack(out).astype(np.float32)}
