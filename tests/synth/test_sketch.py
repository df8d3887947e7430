"""The sketch front end: hole sites, shared constant unknowns, domains, instantiation."""
from __future__ import annotations

from dsl.check import check_source
from synth.sketch import hole_at, instantiate, load_sketch

SKETCH = """\
kernel k(A: f32[M], C: f32[M]):
    assume M % 128 == 0
    const T, V = 128, ??{1, 2, 4}
    grid (M / T)
    threads T / ??{1, T / 64}
    tag A[i] = (row=i)
    tag C[i] = (row=i)
    a = load A[block.x * T + ?? : +T]
    store C[block.x * T : +T], a
"""


def load(text=SKETCH):
    sketch, diags = load_sketch(text, "s.dsl")
    assert sketch is not None, diags
    return sketch


def test_one_site_per_unknown_in_source_order():
    holes = load().holes
    assert [h.index for h in holes] == [0, 1, 2]
    assert [(h.line, h.col) for h in holes] == [(3, 23), (5, 17), (8, 30)]
    assert [h.domain for h in holes] == [(1, 2, 4), (1, 2), None]
    assert [h.const for h in holes] == ["V", None, None]


def test_a_domain_may_use_constants_that_have_values():
    assert load().holes[1].domain == (1, 2)
    assert load(SKETCH.replace("??{1, T / 64}", "??{2, T / 64, 1}")).holes[1].domain == (2, 1)
    # V itself is an unknown, so it is no compile-time integer for a domain
    sketch, diags = load_sketch(SKETCH.replace("??{1, T / 64}", "??{1, V}"), "s.dsl")
    assert sketch is None and "'V' is a constant without a value" in diags[0].message


def test_the_offsets_cover_each_holes_text():
    sketch = load()
    assert [sketch.text[h.start:h.end] for h in sketch.holes] == ["??{1, 2, 4}", "??{1, T / 64}", "??"]
    assert hole_at(sketch, 8, 31) == sketch.holes[2] and hole_at(sketch, 8, 20) is None


def test_instantiate_gives_checkable_text():
    sketch = load()
    text = instantiate(sketch, {0: 2, 1: 1, 2: -3})
    assert "const T, V = 128, 2" in text and "threads T / 1" in text and "T + (-3) : +T" in text
    assert check_source(text, "s.dsl").ok


def test_a_missing_value_is_a_caller_bug():
    sketch = load()
    try:
        instantiate(sketch, {0: 1})
    except ValueError as err:
        assert "[1, 2]" in str(err)
    else:
        raise AssertionError("instantiate accepted a partial assignment")


def test_a_non_constant_domain_is_a_diagnostic():
    sketch, diags = load_sketch(SKETCH.replace("??{1, T / 64}", "??{1, M}"), "s.dsl")
    assert sketch is None
    assert [(d.code, d.span.line, d.span.col) for d in diags] == [("E017", 5, 23)]
    assert "'M' is a symbolic size" in diags[0].message


def test_a_syntax_error_is_a_diagnostic():
    sketch, diags = load_sketch(SKETCH.replace("??{1, T / 64}", "??{1,"), "s.dsl")
    assert sketch is None and diags and diags[0].code in ("E002", "E003")
    assert str(diags[0].span).startswith("s.dsl:")


def test_a_sketch_without_holes_is_a_plain_kernel():
    text = SKETCH.replace("??{1, 2, 4}", "2").replace("??{1, T / 64}", "1").replace(" + ??", "")
    assert load(text).holes == ()


def test_a_hole_in_the_specification_is_e020():
    """New-user round 38: `range(??{0, 32, 64}, C)` in an assert was filled with the 32 that a
    row sum skipping its first tile satisfies, and a hole in a tag function was filled to fit
    the kernel: fill would choose the claim. A constant that is a hole may stand in an
    assertion (a tile size), not in a tag function (the contract)."""
    in_tag = SKETCH.replace("tag C[i] = (row=i)", "tag C[i] = (row=i + ??{0, 1})")
    in_assert = SKETCH.replace("    store C", "    assert tag(a[i]).row == block.x * T + i + ??{0, 1}\n    store C")
    tag_const = SKETCH.replace("tag C[i] = (row=i)", "tag C[i] = (row=i * V)")
    for text, line in ((in_tag, 7), (in_assert, 9), (tag_const, 7)):
        sketch, diags = load_sketch(text, "s.dsl")
        assert sketch is None and [(d.code, d.span.line) for d in diags] == [("E020", line)], diags
    assert "the constant V, a hole," in load_sketch(tag_const, "s.dsl")[1][0].message
    const_in_assert = SKETCH.replace("    store C", "    assert tag(a[i]).row == block.x * T + i + V - V\n    store C")
    load(const_in_assert)
    in_assume = SKETCH.replace("assume M % 128 == 0", "assume M % 128 == 0 and M <= ??{256, 4096}")
    sketch, diags = load_sketch(in_assume, "s.dsl")
    assert sketch is None and [(d.code, d.span.line) for d in diags] == [("E020", 2)], diags
    load(SKETCH.replace("assume M % 128 == 0", "assume M % (128 * V) == 0"))     # a tile size: allowed


def test_a_hole_deciding_whether_a_claim_is_checked_is_e020():
    """Held-out round 106: `if ??{0, 1} == 1:`, `for q in range(??{0, 1}):` and `if block.x < ??:`
    around the assertion were filled to skip it, and then a row sum skipping a tile proved. A
    constant that is a hole may not stand in such an `if` either; a loop's bounds may read a tile
    size being tuned."""
    claim = "        assert tag(a[i]).row == block.x * T + i\n"
    for guard, line in (("    if ??{0, 1} == 1:\n", 9), ("    for q in range(??{0, 1}):\n", 9),
                        ("    if block.x < ??:\n", 9), ("    if V == 1:\n", 9),
                        ("    for q in range(1):\n        if q < ??{0, 1}:\n", 10)):
        text = SKETCH.replace("    store C", guard + claim.replace("        ", "    " * (guard.count(":") + 1))
                              + "    store C")
        sketch, diags = load_sketch(text, "s.dsl")
        assert sketch is None and [(d.code, d.span.line) for d in diags] == [("E020", line)], (guard, diags)
    assert "the constant V, a hole," in load_sketch(SKETCH.replace("    store C", "    if V == 1:\n" + claim
                                                                   + "    store C"), "s.dsl")[1][0].message
    load(SKETCH.replace("    store C", "    for q in range(M / (T * V)):\n" + claim + "    store C"))
    load(SKETCH.replace("    store C", "    if ??{0, 1} == 1:\n        a = a + 1.0\n" + claim[4:] + "    store C"))


def test_a_finite_hole_may_stand_in_a_layout_stride_and_in_tile_math():
    """New-user round 38: `layout (T, T):(T + ??{0, 1}, 1)` was E025 ("no layout") and a hole
    in a mask's condition E021 ("not tile arithmetic"); each completion has an integer there."""
    text = SKETCH.replace("    a = load A[block.x * T + ?? : +T]\n",
                          "    s = shared f32[T] layout (T):(1 + ??{0, 1})\n"
                          "    a = load A[block.x * T + ?? : +T]\n"
                          "    a = mask(a, index(a, axis=0) < T - ??{0, 1}, fill=0.0)\n")
    sketch = load(text)
    assert len(sketch.holes) == 5
