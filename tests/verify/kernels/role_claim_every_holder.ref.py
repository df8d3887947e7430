"""NumPy reference for role_claim_every_holder.dsl: a copy."""


def reference(inputs, sizes):
    return {"Y": inputs["X"].copy()}
