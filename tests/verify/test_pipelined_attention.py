"""The 2-stage cp.async flash attention (proofs/flash_attention_pipelined.dsl, issue 17):
its slot reads keep only the reaching writes that can happen, so it proves in seconds,
and its buggy siblings are refuted with witnesses the interpreter replays. (That it proves
with every rule, lowers, matches NumPy on the simulator and compiles offline is tested
with the rest of proofs/.)"""
from __future__ import annotations

from pathlib import Path

import pytest
import z3

from dsl.check import check_source
from encode.dataflow import Dataflow
from encode.symbols import SymEnv
from encode.tagval import CaseKind
from encode.verifier import VerifyOptions, verify_kernel

ROOT = Path(__file__).resolve().parents[2]
KERNEL = ROOT / "proofs/flash_attention_pipelined.dsl"


def _kernel(path: Path):
    result = check_source(path.read_text(), str(path.relative_to(ROOT)))
    assert result.ok, [str(d) for d in result.diagnostics]
    return result.kernel


def _slot_read(df: Dataflow, jt):
    """sK[jt % 2][0, 0] as the loop's `k = load sK[jt % P]` sees it in iteration jt."""
    reader = next(p for p in df.points if getattr(getattr(p.stmt, "target", None), "name", "") == "k")
    return df.read("sK", (jt % 2, z3.IntVal(0), z3.IntVal(0)), reader, {"jt": jt})


def test_a_slot_read_has_only_the_writes_that_can_reach_it():
    """Of the window's candidates (this and four older iterations, the older-than-window
    sentinel, two prologue copies, nothing at all) only two can be the reaching write: the
    prologue's copy into slot 1 (jt = 1) and the previous iteration's prefetch."""
    df = Dataflow(SymEnv.build(_kernel(KERNEL)))
    tv = _slot_read(df, z3.Int("jt"))
    assert [c.kind for c in tv.cases] == [CaseKind.VALUE, CaseKind.VALUE]
    lines = sorted(c.writer.span.line for c in tv.cases)
    assert lines == [24, 41]


def test_a_read_at_a_renamed_instance_is_the_same_read_renamed():
    """The read memo answers a read at fresh iteration variables (an accumulator's update
    instance, one set per use) from an earlier one at other variables."""
    df = Dataflow(SymEnv.build(_kernel(KERNEL)))
    a, b = z3.Int("jt!a"), z3.Int("jt!b")
    first, again = _slot_read(df, a), _slot_read(df, b)
    assert len(first.cases) == len(again.cases)
    for ca, cb in zip(first.cases, again.cases):
        assert ca.writer is cb.writer
        assert z3.eq(z3.simplify(z3.substitute(ca.cond, (a, b))), z3.simplify(cb.cond))
        assert not z3.eq(z3.simplify(ca.cond), z3.simplify(cb.cond))


BAD = ["tag_flash_pipelined_v_slot", "tag_flash_pipelined_v_next_block",
       "async_flash_pipelined_no_wait", "async_flash_pipelined_no_barrier"]


@pytest.mark.parametrize("name", BAD)
def test_buggy_sibling_witnesses_replay_on_the_interpreter(name):
    from interp.replay import replay_details
    kernel = _kernel(ROOT / "tests/kernels/bad" / f"{name}.dsl")
    rule = name.split("_")[0].upper()
    v = verify_kernel(kernel, VerifyOptions(rules=(rule,)))
    mine = [f for f in v.findings if f.rule == rule]
    assert mine and not v.unknowns, (v.findings, v.unknowns)
    for f in mine:
        assert replay_details(kernel, f).replayed, f.message
