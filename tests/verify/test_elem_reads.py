"""Element reads of integer inputs (encode/elem_reads.py): `IDS[b]` in a subscript, an `if`
or a loop's bounds is a load. It is bounds-checked (BOUND), ordered against the kernel's
writes of its tensor (RACE), and where such a write may come first its value is opaque: no
`assume` holds of it, and a counterexample that needs it is unknown, never a witness.
Each of the three was a false "proved" on held-out kernels (tests/kernels/bad/bound_elem_read_*,
race_elem_read_after_store; tests/verify/kernels/rewritten_ids_gather.dsl)."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl import ir
from dsl.check import check_source
from encode.elem_reads import opaque_reads, reads
from encode.verifier import VerifyOptions, verify_kernel

ROOT = Path(__file__).resolve().parents[2]
OK = ROOT / "tests/verify/kernels"
BAD = ROOT / "tests/kernels/bad"


def _kernel(path: Path):
    result = check_source(path.read_text(), str(path.relative_to(ROOT)))
    assert result.ok, [str(d) for d in result.diagnostics]
    return result.kernel


@pytest.mark.parametrize("name,sizes", [("next_token_flag_guarded", {"N": 9}),
                                        ("segment_sums", {"R": 4, "NV": 10, "R1": 5}),
                                        ("segment_sums_claimed", {"R": 5, "NV": 10, "R1": 6}),
                                        ("shift_ids_then_gather", {"T": 6, "V": 5}),
                                        ("consume_lengths", {"B": 3}),
                                        ("counter_bump_barrier", {"T": 4})])
def test_correct_element_reads_prove_and_lower(name, sizes):
    from codegen_cuda.differential import check_lowering
    path = OK / f"{name}.dsl"
    kernel = _kernel(path)
    v = verify_kernel(kernel, VerifyOptions())
    assert v.status == "proved", (v.findings, v.unknowns)
    assert check_lowering(kernel, path.read_text(), path.with_suffix(".ref.py"), [sizes], seeds=(0,)).verdict == "ok"


def test_an_assume_does_not_hold_of_values_the_kernel_rewrote():
    """The gather reads ids the kernel rewrote (1-based): the `assume` on the input ids no
    longer bounds them. Unknown, naming the read, where it was proved."""
    v = verify_kernel(_kernel(OK / "rewritten_ids_gather.dsl"), VerifyOptions())
    assert v.status == "unknown", (v.findings, v.unknowns)
    (u,) = v.unknowns
    assert u.rule == "BOUND" and "IDS read at line 16" in u.reason and "may write before the read" in u.reason


def test_a_read_before_any_write_keeps_its_assumption():
    """Reads no write of their tensor may precede are the input's: the `assume` holds."""
    src = (OK / "shift_ids_then_gather.dsl").read_text()
    kernel = _kernel(OK / "shift_ids_then_gather.dsl")
    opaque = opaque_reads(kernel)
    lines = sorted({r.span.line for p in ir.walk(kernel.body) for r in (x.ref for x in reads(p)) if id(r) in opaque})
    assert lines == [16], lines
    assert "IDS[block.x] - 1" in src.splitlines()[15]


def test_short_circuit_conditions_and_specification_reads():
    src = """kernel k(X: f32[N, 32], SEG: i32[N], Y: f32[N, 32]):
    grid (N)
    threads 32
    tag X[t, d] = (t=t, d=d)
    tag Y[t, d] = (t=t, d=d)
    x = load X[block.x : +1, 0 : +32]
    if block.x + 1 < N and SEG[block.x + 1] > 0:
        store Y[block.x : +1, 0 : +32], x
    else:
        store Y[block.x : +1, 0 : +32], x
    assert tag(x[0, i]).t == block.x
"""
    result = check_source(src, "k.dsl")
    assert result.ok, [str(d) for d in result.diagnostics]
    stmts = list(ir.walk(result.kernel.body))
    assert any(isinstance(s, ir.Assert) for s in stmts)
    found = [r for s in stmts for r in reads(s)]
    assert len(found) == 1                      # the assertion's x[0, i] is no read
    (r,) = found
    assert r.ref.tensor == "SEG" and len(r.conds) == 1 and r.conds[0][1] is True


@pytest.mark.parametrize("path", [BAD / "bound_elem_read_next_token.dsl", BAD / "bound_elem_read_row_pointer_short.dsl",
                                  BAD / "bound_elem_read_in_subscript.dsl", BAD / "race_elem_read_after_store.dsl",
                                  OK / "counter_bump_no_barrier.dsl"], ids=lambda p: p.stem)
def test_the_concrete_interpreter_replays_each_finding(path):
    """The interpreter (the independent semantics) reads the element, short-circuits `and`/`or`
    as the lowering does, and logs the read against the kernel's writes of its tensor."""
    from interp.replay import replay_details
    kernel = _kernel(path)
    v = verify_kernel(kernel, VerifyOptions())
    assert v.findings
    for f in v.findings:
        assert replay_details(kernel, f).replayed, f


@pytest.mark.parametrize("name,sizes", [("next_token_flag_guarded", {"N": 7}),
                                        ("shift_ids_then_gather", {"T": 6, "V": 5}),
                                        ("segment_sums_claimed", {"R": 5, "NV": 10, "R1": 6})])
def test_the_interpreter_sees_no_violation_in_the_correct_siblings(name, sizes):
    from interp.interpreter import interpret
    assert not interpret(_kernel(OK / f"{name}.dsl"), sizes).violations


def test_a_length_loaded_after_the_kernel_rewrote_it_is_opaque():
    """consume_lengths with the length loaded after its write: the mask's bound is what the
    kernel wrote (not tracked), so a counterexample needing it is unknown, not a finding."""
    src = (OK / "consume_lengths.dsl").read_text()
    src = src.replace("    ln = load LEN[block.x : +1]\n", "    l0 = load LEN[block.x : +1]\n    l2 = l0 - 1\n"
                      "    store LEN[block.x : +1], l2\n    barrier\n    ln = load LEN[block.x : +1]\n")
    src = src.replace("    barrier\n    l1 = ln - 1\n    store LEN[block.x : +1], l1\n", "")
    result = check_source(src, "after.dsl")
    assert result.ok, [str(d) for d in result.diagnostics]
    v = verify_kernel(result.kernel, VerifyOptions())
    assert v.status == "unknown", (v.findings, v.unknowns)
    assert any("LEN read at line" in u.reason for u in v.unknowns)


def test_a_witness_that_holds_whatever_an_opaque_read_returns_is_a_finding():
    """The race on the read itself (CNT[block.x] tested with no barrier after thread 0 wrote
    it) holds for any value the read returns: a finding, where it was unknown. A race inside
    the branch that value picks still needs it: unknown, naming the read."""
    v = verify_kernel(_kernel(OK / "counter_bump_no_barrier.dsl"), VerifyOptions())
    assert v.status == "violation" and not v.unknowns, (v.findings, v.unknowns)
    src = (OK / "counter_bump_barrier.dsl").read_text()
    src = src.replace("        y = x * 2.0\n        store Y[block.x : +1, 0 : +32], y\n",
                      "        store sx[0 : +1, 0 : +32], x\n"
                      "        t = load sx[0 : +1, 0 : +32] layout copy(vec=2)\n        store Y[block.x : +1, 0 : +32], t\n")
    src = src.replace("    c = load CNT", "    sx = shared f32[1, 32]\n    c = load CNT")
    result = check_source(src, "branch_race.dsl")
    assert result.ok, [str(d) for d in result.diagnostics]
    v = verify_kernel(result.kernel, VerifyOptions(rules=("RACE",)))
    assert v.status == "unknown" and not v.findings, (v.findings, v.unknowns)
    assert any("CNT read at line 16" in u.reason for u in v.unknowns), v.unknowns
