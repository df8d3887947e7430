"""NumPy reference for tma_reads_own_store.dsl: Y = 2 X, and Z its copy read back by a bulk copy."""
TEST_SIZES = {"M": 64}


def reference(inputs, sizes):
    return {"Y": inputs["X"] * 2.0, "Z": inputs["X"] * 2.0}
