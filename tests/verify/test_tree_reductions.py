"""Shared-memory tree reductions feeding a softmax, with the scratch row reused (issue 17,
class 6): the data-flow model answers a repeated read once (encode/readmemo.py), so the
broadcast row maximum is not recomputed for every leaf of the sum tree, and reads a tree
level's two loads as one over a copy variable (encode/twins.py), so that the levels add up
instead of doubling the records."""
from __future__ import annotations

from pathlib import Path

import z3

from dsl.check import check_source
from encode.dataflow import Dataflow
from encode.symbols import SymEnv
from encode.verifier import VerifyOptions, verify_kernel

HERE = Path(__file__).resolve().parent / "kernels"


def _kernel(name: str):
    path = HERE / name
    result = check_source(path.read_text(), str(path))
    assert result.ok, [str(d) for d in result.diagnostics]
    return result.kernel


def test_two_trees_over_one_scratch_row_prove_and_lower():
    from codegen_cuda.differential import check_lowering
    kernel = _kernel("softmax_tree.dsl")
    v = verify_kernel(kernel, VerifyOptions())
    assert v.status == "proved", (v.findings, v.unknowns)
    path = HERE / "softmax_tree.dsl"
    assert check_lowering(kernel, path.read_text(), HERE / "softmax_tree.ref.py",
                          [{"R": 3}], seeds=(0,)).verdict == "ok"


def test_a_wrong_tree_offset_is_refuted_with_the_missing_column():
    v = verify_kernel(_kernel("softmax_tree_offset.dsl"), VerifyOptions(rules=("TAG",)))
    assert v.status == "violation"
    (f,) = v.findings
    assert f.span.line == 32 and "never takes the value 3" in f.message


def _bound_vars(tv) -> list:
    return [b for case in tv.cases for c in case.contribs for b in c.bound]


def test_a_repeated_read_is_answered_with_fresh_bound_variables():
    """The memo's answer equals a recomputation up to the names of its fresh variables: two
    uses never share a reduction's bound index (a product of the two would lose pairs)."""
    kernel = _kernel("softmax_tree.dsl")
    df = Dataflow(SymEnv.build(kernel))
    user = next(p for p in df.points if getattr(getattr(p.stmt, "target", None), "name", "") == "p")
    first = df.read("m", (z3.IntVal(0),), user, {})
    again = df.read("m", (z3.IntVal(0),), user, {})
    a, b = _bound_vars(first), _bound_vars(again)
    assert a and len(a) == len(b)
    assert not {str(x) for x in a} & {str(x) for x in b}
    subst = list(zip(b, a))
    for ca, cb in zip(first.cases, again.cases):
        assert z3.eq(z3.simplify(ca.cond), z3.simplify(z3.substitute(cb.cond, *subst)))


def test_two_5_level_trees_prove_and_lower():
    """Each level's two loads are one read over a copy variable, so the sum tree over
    exp(x - bcast(m)) no longer carries m's records once per leaf."""
    from codegen_cuda.differential import check_lowering
    kernel = _kernel("softmax_tree5.dsl")
    v = verify_kernel(kernel, VerifyOptions())
    assert v.status == "proved", (v.findings, v.unknowns)
    path = HERE / "softmax_tree5.dsl"
    assert check_lowering(kernel, path.read_text(), HERE / "softmax_tree5.ref.py",
                          [{"R": 1}], seeds=(0,)).verdict == "ok"


def test_a_5_level_tree_without_a_level_barrier_races():
    v = verify_kernel(_kernel("softmax_tree5_no_barrier.dsl"), VerifyOptions(rules=("RACE", "WAR", "SYNC")))
    assert v.status == "violation"
    (f,) = v.findings
    assert f.rule == "RACE" and f.span.line == 67 and "s[0, 2]" in f.message


def test_occurrences_equal_up_to_bound_names_are_kept_once():
    """Two copies of a record over their own bound variables are one set of values; a copy
    whose bound variable is tied to the other's is not (the two take different values)."""
    from encode.occurrences import distinct_occurrences
    from encode.tagval import Contribution
    a, b = z3.Int("r!1"), z3.Int("r!2")
    free = z3.And(a >= 0, a < 4, b >= 0, b < 4)
    c = Contribution((("col", a), ("col", b)), (a, b), free)
    known = [(z3.Bool(f"s{k}"), c, t, k) for k, t in enumerate([a, b] * 4)]
    assert [e[2] for e in distinct_occurrences(known)] == [a]
    tied = Contribution((("col", a), ("col", b)), (a, b), z3.And(free, b == a + 1))
    known = [(z3.Bool(f"s{k}"), tied, t, k) for k, t in enumerate([a, b] * 4)]
    assert [e[2] for e in distinct_occurrences(known)] == [a, b]


def test_two_7_level_trees_prove():
    """128 columns, 64 threads: each level's twin loads are one read (encode/twins.py)."""
    v = verify_kernel(_kernel("softmax_tree7.dsl"), VerifyOptions())
    assert v.status == "proved", (v.findings, v.unknowns)


def test_7_level_trees_with_several_values_per_thread_prove():
    """16 threads, 8 values each. Its lowering (the 5-level kernel's statements, more of
    them) matched the reference on the simulator once, in minutes for 128 columns, so the
    5-level kernel is the one lowered here (docs/BENCHMARKS.md, the tree table)."""
    v = verify_kernel(_kernel("softmax_tree7_values.dsl"), VerifyOptions())
    assert v.status == "proved", (v.findings, v.unknowns)


def test_a_wrong_7_level_tree_offset_is_refuted_with_the_missing_column():
    """Level 3 reads s[15 : +16] for s[16 : +16]: s[31] and the columns it holds are lost."""
    v = verify_kernel(_kernel("softmax_tree7_offset.dsl"), VerifyOptions(rules=("TAG",)))
    assert v.status == "violation"
    (f,) = v.findings
    assert f.span.line == 57 and "never takes the value 31 of [0, 128)" in f.message


def test_a_7_level_tree_without_a_level_barrier_races():
    v = verify_kernel(_kernel("softmax_tree7_no_barrier.dsl"), VerifyOptions(rules=("RACE", "WAR", "SYNC")))
    assert v.status == "violation"
    (f,) = v.findings
    assert f.rule == "RACE" and f.span.line == 91 and "s[0, 2]" in f.message


def test_twin_loads_are_read_once_over_a_copy_variable():
    """The row maximum of a 7-level tree is one record over one copy variable per level, not
    2^7 records; at each value of the copy variables it is one column's record."""
    kernel = _kernel("softmax_tree7.dsl")
    df = Dataflow(SymEnv.build(kernel))
    user = next(p for p in df.points if getattr(getattr(p.stmt, "target", None), "name", "") == "p")
    tv = df.read("m", (z3.IntVal(0),), user, {})
    (case,) = tv.value_cases()
    (c,) = case.contribs
    copies = [b for b in c.bound if str(b).startswith("copy!")]
    assert len(copies) == 7 and [f for f, _ in c.fields] == ["row", "col"]
    cols = set()
    for bits in range(128):
        pairs = [(g, z3.IntVal((bits >> k) & 1)) for k, g in enumerate(copies)]
        pairs += [(b, z3.IntVal(0)) for b in c.bound if b not in copies]
        assert z3.is_true(z3.simplify(z3.substitute(c.domain, *pairs)))
        cols.add(z3.simplify(z3.substitute(c.terms("col")[0], *pairs)).as_long())
    assert cols == set(range(128))


def test_a_generalised_record_is_reported_copy_by_copy():
    """Reports expand the copies in the order the pairing of the two loads listed them."""
    from encode.generalize import Pick, copies, resolve, spread
    from encode.tagval import Contribution, Origin
    g, c = z3.Int("copy!0"), z3.Int("c")
    rec = Contribution((("col", c + 16 * g),), (), z3.BoolVal(True), (Origin(None, "X", (c + 16 * g,)),),
                       trail=(Pick(g, ("a", (c,), None, ()), ("b", (c,), None, ())),))
    fields, origins, trail = copies(spread(rec, g))
    got = [z3.simplify(resolve(f, a)[1] - c) for f, a in fields]
    assert [x.as_long() for x in got] == [0, 16]
    assert [resolve(h, a)[0] for h, a in trail] == ["a", "b"]
    assert len(origins) == 2
