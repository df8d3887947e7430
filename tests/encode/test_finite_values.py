"""encode/finite_values.py: the values a read of a tile may see, other than padding, atom by
atom, and the reaching writes of register tiles (a running max that starts at -inf is finite
after its update; a read before the update in the loop still sees -inf)."""
from __future__ import annotations

import math

import pytest

from dsl.check import check_source
from encode.dataflow import Dataflow
from encode.finite_values import NonFinite
from encode.value_atoms import DATA, NAN, Num, non_finite
from encode.symbols import SymEnv

HEAD = """kernel k(X: f32[R, 32], Y: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
"""


def _reads(body: str, padded: bool = False):
    kernel = check_source(HEAD + body, "k.dsl").kernel
    df = Dataflow(SymEnv.build(kernel))
    nf = NonFinite(df, lambda e, p, name: padded)
    out = {}
    for p in df.points:            # the values each statement's target holds
        name = getattr(getattr(p.stmt, "target", None), "name", None)
        if name is not None:
            out.setdefault(name, []).append(nf.read(p, name) if name == "x" else nf.values_of(p))
    return df, nf, out


@pytest.mark.parametrize("expr,want", [
    ("z + 1.0", {1.0}),
    ("z + inf", {math.inf}),
    ("-log(z)", {math.inf}),
    ("exp(z)", {1.0}),
    ("x + inf", {math.inf}),
    ("x * inf", {math.inf, -math.inf, NAN}),
    ("x / z", {math.inf, -math.inf, NAN}),
    ("x * 0.0", {0.0}),
    ("where(x > 0.0, x, z - inf)", {DATA, -math.inf}),
    ("maximum(x, z - inf)", {DATA}),
    ("minimum(x, z - inf)", {-math.inf}),
    ("z + 1e39", {math.inf}),
    ("cast(cast(z + 70000.0, f16), f32)", {math.inf}),
    ("x * 1e31", {DATA, math.inf, -math.inf}),
    ("sum(z + inf, axis=1)", {math.inf}),
    # numbers the kernel makes from indices, ids and sizes are not data: they may be 0.0
    ("1.0 / cast(index(x, axis=1), f32)", "inf, -inf, NaN"),
    ("1.0 / (cast(index(x, axis=1), f32) + 1.0)", ""),
    ("z + cast(block.x, f32) * 1e38", "inf"),
    ("sqrt(cast(index(x, axis=1), f32) - 1.0)", "NaN"),
    ("exp(cast(index(x, axis=1), f32) * 10.0)", "inf"),
    ("log(cast(index(x, axis=1), f32))", "-inf"),
    ("x / cast(index(x, axis=1), f32)", "inf, -inf, NaN"),
    # rounding in the tile's type (held-out round 18)
    ("1.0 / (z + 1e-50)", "inf, -inf, NaN"),
    ("1.0 / exp(z - 200.0)", "inf, -inf, NaN"),
    ("1.0 / ((z + 16777217.0) - 16777216.0)", "inf, -inf, NaN"),
    ("1.0 / (1.0 - tanh(z + 20.0))", "inf, -inf, NaN"),
    ("1.0 / (z + 2.0)", ""),
    ("sum(where(x > 0.0, x, z + 1.2e37), axis=1)", "inf"),
    # integers: `/` truncates, `%` and `^` may be 0
    ("1.0 / cast((thread.x + 256) / 512, f32)", "inf, -inf, NaN"),
    ("1.0 / cast(thread.x % 4, f32)", "inf, -inf, NaN"),
    ("1.0 / cast(thread.x ^ 1, f32)", "inf, -inf, NaN"),
    ("1.0 / cast(thread.x / 2 + 1, f32)", ""),
])
def test_atoms_of_an_expression(expr, want):
    _, _, out = _reads(f"    x = load X[block.x * 4 : +4, 0 : +32]\n    z = zeros f32[4, 32]\n    t = {expr}\n")
    got = out["t"][0]
    assert (non_finite(got) == want) if isinstance(want, str) else got == frozenset(want), got


def test_a_number_past_f16_is_inf_in_an_f16_tile():
    _, _, out = _reads("    z = zeros f16[4, 32]\n    t = z + 70000.0\n")
    assert out["t"][0] == frozenset({math.inf})


LOOP = """    z = zeros f32[4, 32]
    m = max(z, axis=1) - inf
    for ct in range(4):
        x = load X[block.x * 4 : +4, 0 : +32]
        before = m * 2.0
        m = maximum(m, sum(x, axis=1))
        after = m * 2.0
    last = m * 2.0
"""


def test_reaching_writes_of_a_running_max():
    """Read before its update in the loop, m may be -inf (the first iteration); read after
    it, m is the update's: maximum(-inf, data) is the data where the sum holds no padding."""
    df, nf, _ = _reads(LOOP)
    at = {p.stmt.target.name: p for p in df.points if getattr(p.stmt, "target", None) is not None}
    assert -math.inf in nf.read(at["before"], "m")
    assert nf.read(at["after"], "m") == frozenset({DATA})
    assert nf.read(at["last"], "m") == frozenset({DATA})       # range(4) runs: the update hides the start
    assert -math.inf in nf.read(None, "m")                      # anywhere: every writer
    # a loop that may run no time (R / 8 is 0 at R = 4) leaves the start visible after it
    df, nf, _ = _reads(LOOP.replace("range(4)", "range(R / 8)"))
    at = {p.stmt.target.name: p for p in df.points if getattr(p.stmt, "target", None) is not None}
    assert nf.read(at["last"], "m") == frozenset({DATA, -math.inf})


def test_padding_under_maximum_keeps_the_other_side():
    """Where the sum may be padding (a line all padding), maximum(-inf, padding) is -inf."""
    df, nf, _ = _reads(LOOP, padded=True)
    at = {p.stmt.target.name: p for p in df.points if getattr(p.stmt, "target", None) is not None}
    assert -math.inf in nf.read(at["after"], "m")


def test_a_guarded_write_does_not_hide_the_one_before():
    body = """    z = zeros f32[4, 32]
    h = z + inf
    if block.x > 0:
        h = z + 1.0
    t = h * 2.0
"""
    df, nf, _ = _reads(body)
    t = next(p for p in df.points if getattr(p.stmt, "target", None) is not None and p.stmt.target.name == "t")
    assert nf.read(t, "h") == frozenset({math.inf, 1.0})


def test_words_for_the_non_finite_values():
    assert non_finite(frozenset({DATA, 1.0})) == ""
    assert non_finite(frozenset({math.inf, NAN, DATA})) == "inf, NaN"


def test_an_if_writing_both_branches_hides_the_write_before():
    body = """    z = zeros f32[4, 32]
    h = z + inf
    if thread.x < 16:
        h = z + 1.0
    else:
        h = z + 2.0
    t = h * 2.0
"""
    df, nf, _ = _reads(body)
    t = next(p for p in df.points if getattr(p.stmt, "target", None) is not None and p.stmt.target.name == "t")
    assert nf.read(t, "h") == frozenset({1.0, 2.0})


def test_loop_variables_lie_in_their_range():
    body = """    z = zeros f32[4, 32]
    for it in range(2, 5):
        t = z + cast(it, f32)
"""
    _, _, out = _reads(body)
    (v,) = out["t"][0]
    assert isinstance(v, Num) and v.lo <= 2.0 and 4.0 <= v.hi < 4.01 and v.lo > 1.99
