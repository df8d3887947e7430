"""NumPy reference for r45_ok_exchange_roles.dsl: a copy through shared memory."""
TEST_SIZES = {}


def reference(inputs, sizes):
    return {"Y": inputs["X"].copy()}
