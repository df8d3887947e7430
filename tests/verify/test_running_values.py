"""Loop-carried running values written back through temporaries or kept in shared memory
(issue 17, class 1): read as the in-place updates they are (dsl/writeback.py,
encode/copyback.py, encode/roundtrip.py). Correct kernels prove and match NumPy on the
simulator; their buggy siblings in tests/kernels/bad (tag_rowsum_in_shared_*,
tag_attention_rows_in_shared_*, tag_rowsum_temporary_added_twice) are refuted and pinned by
tests/verify/test_tag_kernels.py; shapes the induction does not cover stay unknown."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

HERE = Path(__file__).resolve().parent / "kernels"

CORRECT = [
    ("rowsum_running_in_shared", {"R": 4, "C": 128}),            # s = load; s2 = s + x; store s2
    ("rowsum_running_in_shared_in_place", {"R": 4, "C": 192}),   # s = load; s = s + x; store s
    ("rowsum_running_in_shared_outer", {"R": 32, "C": 128}),     # reset in each row tile's iteration
    ("rowsum_through_two_temporaries", {"R": 8, "C": 192}),      # t1 = s + ...; t2 = t1; s = t2
    ("attention_rows_in_shared", {"S": 64}),                     # one thread per query row: m, l, o in shared
]


def _kernel(text: str, name: str = "k.dsl"):
    result = check_source(text, name)
    assert result.ok, [str(d) for d in result.diagnostics]
    return result.kernel


@pytest.mark.parametrize("name,sizes", CORRECT, ids=[c[0] for c in CORRECT])
def test_a_running_value_proves_and_lowers(name, sizes):
    from codegen_cuda.differential import check_lowering
    path = HERE / f"{name}.dsl"
    kernel = _kernel(path.read_text(), str(path))
    v = verify_kernel(kernel, VerifyOptions())
    assert v.status == "proved", (v.findings, v.unknowns)
    assert check_lowering(kernel, path.read_text(), path.with_suffix(".ref.py"), [sizes], seeds=(0,)).verdict == "ok"


@pytest.mark.parametrize("name,sizes", CORRECT + [("rowmax_through_temporary", {"R": 4, "C": 384}),
                                                  ("attention_running_max_copy", {"S": 96})],
                         ids=[c[0] for c in CORRECT] + ["rowmax_through_temporary", "attention_running_max_copy"])
def test_the_interpreter_reads_them_as_the_verifier_does(name, sizes):
    """The concrete semantics takes copy-backs and round trips from dsl/writeback.py too: it
    finds no violation in the kernels the verifier proves (it paired a copy back's operands
    and refuted rowmax_through_temporary with 64^3 records per element)."""
    from interp.interpreter import interpret, random_inputs
    kernel = _kernel((HERE / f"{name}.dsl").read_text())
    res = interpret(kernel, sizes, random_inputs(kernel, sizes, seed=0))
    assert not res.violations, [str(x) for x in res.violations]


ROWSUM = (HERE / "rowsum_running_in_shared.dsl").read_text()
OUTER = (HERE / "rowsum_running_in_shared_outer.dsl").read_text()


def _tag_verdict(text: str):
    return verify_kernel(_kernel(text), VerifyOptions(rules=("TAG", "INIT")))


def test_a_running_value_carried_over_from_an_enclosing_loop_is_unknown():
    """Reset once before the loop over row tiles, the second row tile's sums start from the
    first's last store (a real bug here): the induction does not cover an enclosing loop."""
    text = OUTER.replace("    for rt in range(4):\n        store sacc[0 : +BR, 0 : +BC], z\n",
                         "    store sacc[0 : +BR, 0 : +BC], z\n    for rt in range(4):\n")
    assert text != OUTER
    v = _tag_verdict(text)
    assert v.status == "unknown", (v.findings, v.unknowns)
    assert any("may start from what an earlier run of its loop over ct stored" in u.reason for u in v.unknowns)


@pytest.mark.parametrize("old,new", [
    ("        store sacc[0 : +BR, 0 : +BC], s2", "        if ct > 0:\n            store sacc[0 : +BR, 0 : +BC], s2"),
    ("        store sacc[0 : +BR, 0 : +BC], s2", "        store sacc[0 : +BR, 0 : +BC], s2\n"
                                                 "        store sacc[0 : +BR, 0 : +BC], x"),
])
def test_a_store_that_is_no_round_trip_is_read_as_written(old, new):
    """A store under a condition inside the loop (the first tile never reaches sacc) is not a
    round trip: its value unfolds through the loop without end and the verdict is unknown. With
    a second store of the tensor in the loop the next iteration finds that one's value (x), and
    the sum of the last tile alone is refuted."""
    assert old in ROWSUM
    v = _tag_verdict(ROWSUM.replace(old, new))
    assert v.status == ("unknown" if "if ct" in new else "violation"), (v.findings, v.unknowns)


def test_a_running_value_nothing_initialised_is_an_init_finding_at_its_load():
    """Memory nothing wrote holds no record, as an accumulator's unwritten reset does: the load
    is the finding, and the sums (of the tiles only) are no TAG finding of their own."""
    v = verify_kernel(_kernel(ROWSUM.replace("    store sacc[0 : +BR, 0 : +BC], z\n", "")), VerifyOptions())
    assert v.status == "violation"
    assert {(f.rule, f.span.line) for f in v.findings} == {("INIT", 16)}     # s = load sacc


def test_an_update_through_another_tile_names_the_tile_not_in_place():
    """`n2 = maximum(minimum(m1, t1), maximum(m2, t2)); m1 = maximum(m1, t1); m2 = n2`: m2's tag
    depends on itself through n2 (unknown: not followed); the message names m2 and its line,
    not m1, which is updated in place (new-user round 62)."""
    path = HERE / "top2_second_through_temporary.dsl"
    v = verify_kernel(_kernel(path.read_text(), str(path)), VerifyOptions())
    assert v.status == "unknown"
    [u] = [u for u in v.unknowns if "through another tile" in u.reason]
    assert "'m2'" in u.reason and u.span.line == 20, u
