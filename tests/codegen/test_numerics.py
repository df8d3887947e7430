"""The output comparison of `argus run` and the lowering check (codegen_cuda/numerics.py)."""
import numpy as np

from codegen_cuda.numerics import compare


def test_equal_infinities_agree():
    """A row max over nothing is -inf in the kernel and in the reference: no mismatch (inf - inf
    was NaN, which compared as a failure)."""
    want = np.array([1.0, -np.inf, 2.0], np.float32)
    assert compare("Y", want.copy(), want, 1e-4).ok


def test_an_infinity_against_a_number_is_a_mismatch():
    want = np.array([1.0, -np.inf, 2.0], np.float32)
    got = np.array([1.0, 0.5, 2.0], np.float32)
    assert not compare("Y", got, want, 1e-4).ok
    assert not compare("Y", want, got, 1e-4).ok


def test_opposite_infinities_are_a_mismatch():
    want = np.array([np.inf, 1.0], np.float32)
    got = np.array([-np.inf, 1.0], np.float32)
    assert not compare("Y", got, want, 1e-4).ok
