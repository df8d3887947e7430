"""NumPy reference for next_token_flag_guarded.dsl: a token's row is doubled where it ends
its segment (the next token's id differs, or it is the last token)."""
import numpy as np

TEST_SIZES = {"N": 9}


def make_inputs(sizes, rng):
    n = sizes["N"]
    return {"X": rng.uniform(-1, 1, size=(n, 32)).astype(np.float32),
            "SEG": np.sort(rng.integers(0, 3, size=n)).astype(np.int32)}


def reference(inputs, sizes):
    seg, x = inputs["SEG"], inputs["X"].copy()
    last = np.append(seg[1:] != seg[:-1], True)
    x[last] *= 2.0
    return {"Y": x}
