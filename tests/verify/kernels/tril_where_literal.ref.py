"""NumPy reference for tril_where_literal.dsl: C = torch.tril(A)."""
import numpy as np

TEST_SIZES = {"M": 64}


def reference(inputs, sizes):
    return {"C": np.tril(inputs["A"]).astype(np.float32)}
