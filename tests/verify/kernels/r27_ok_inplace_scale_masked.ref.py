TEST_SIZES = {"N": 700}
def reference(inputs, sizes):
    return {"X": inputs["X"] * 2.0 + 1.0}
