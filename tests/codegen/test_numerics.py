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


def test_a_reference_value_equal_to_the_poison_is_compared():
    """Held-out round 54: an i8 column whose max is -128 (the poison of unwritten integer
    outputs) was skipped, so a kernel returning -127 there passed; a reference NaN against a
    written number is a mismatch too. The poison where both hold it stays unwritten in both."""
    want = np.array([-128, 5], np.int8)
    assert not compare("Y", np.array([-127, 5], np.int8), want, 0).ok
    assert compare("Y", want.copy(), want, 0).ok
    assert not compare("Y", np.array([1.0, 2.0], np.float32), np.array([np.nan, 2.0], np.float32), 1e-4).ok
