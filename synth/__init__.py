"""Synthesis: sketches with holes, parameter choice, counterexample-guided filling."""
