import numpy as np
TEST_SIZES = {"N": 512}
def make_inputs(sizes, rng):
    n = sizes["N"]
    return {"P": rng.standard_normal(n).astype(np.float32), "G": rng.standard_normal(n).astype(np.float32),
            "Mo": (0.1 * rng.standard_normal(n)).astype(np.float32), "Vo": rng.uniform(0.001, 0.01, n).astype(np.float32)}
def reference(inputs, sizes):
    p, g, m, v = (inputs[k].astype(np.float64) for k in ("P", "G", "Mo", "Vo"))
    m = 0.9 * m + 0.1 * g
    v = 0.999 * v + 0.001 * g * g
    p = p - 0.001 * ((m / 0.19) / (np.sqrt(v / 0.001999) + 1e-8) + 0.01 * p)
    return {"P": p.astype(np.float32), "Mo": m.astype(np.float32), "Vo": v.astype(np.float32)}
