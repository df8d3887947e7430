"""NumPy reference for role_claim_thread_zero_only.dsl: in each 16-column tile, columns 0-7
are the tile's own and columns 8-15 come from the first tile (the unchecked bug)."""
import numpy as np


def reference(inputs, sizes):
    x = inputs["X"]
    y = np.empty_like(x)
    for c in range(0, sizes["C"], 16):
        y[:, c : c + 8] = x[:, c : c + 8]
        y[:, c + 8 : c + 16] = x[:, 8:16]
    return {"Y": y}
