import numpy as np
TEST_SIZES = {"N": 256, "NT": 4}
def make_inputs(sizes, rng):
    return {"X": rng.standard_normal(sizes["N"]).astype(np.float32),
            "FLAG": np.array([0, 1, 2, 1], np.int32)[:sizes["NT"]],
            "Y": rng.standard_normal(sizes["N"]).astype(np.float32)}
def reference(inputs, sizes):
    y = inputs["Y"].copy()
    for t in range(sizes["NT"]):
        if inputs["FLAG"][t] > 0: y[t*64:(t+1)*64] += inputs["X"][t*64:(t+1)*64]
    return {"Y": y}
