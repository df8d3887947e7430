"""The concrete interpreter: the DSL's independent executable semantics, which the verifier's
counterexamples are replayed on and the lowering is checked against (docs/SEMANTICS.md)."""
