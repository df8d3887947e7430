import numpy as np
TEST_SIZES = {"S": 5, "S1": 6, "N": 400}
def make_inputs(sizes, rng):
    s, n = sizes["S"], sizes["N"]
    cuts = np.sort(rng.integers(0, n + 1, size=s - 1)); cuts[1] = cuts[0]   # one empty segment
    off = np.concatenate([[0], cuts, [n]]).astype(np.int32)
    return {"OFF": off, "X": rng.standard_normal(n).astype(np.float32)}
def reference(inputs, sizes):
    o, x = inputs["OFF"], inputs["X"].astype(np.float64)
    return {"Y": np.array([x[o[i]:o[i+1]].sum() for i in range(sizes["S"])], dtype=np.float32)}
