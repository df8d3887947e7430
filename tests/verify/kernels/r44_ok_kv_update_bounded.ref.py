"""NumPy reference for r44_ok_kv_update_bounded.dsl: Knew written over the cache at pos[b]."""
import numpy as np

TEST_SIZES = {"NB": 2, "T": 16, "L": 64}
def make_inputs(sizes, rng):
    NB, T, L = sizes["NB"], sizes["T"], sizes["L"]
    return {"Knew": rng.uniform(-1, 1, (NB, T, 128)).astype(np.float16),
            "pos": rng.integers(0, L - T + 1, NB).astype(np.int32),
            "Kc": rng.uniform(-1, 1, (NB, L, 128)).astype(np.float16), "Kout": np.full((NB, L, 128), np.nan, np.float16)}
def reference(inputs, sizes):
    kc = inputs["Kc"].copy(); T = sizes["T"]
    for b, p in enumerate(inputs["pos"]):
        kc[b, p:p+T] = inputs["Knew"][b]
    return {"Kout": kc}
