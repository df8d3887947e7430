"""Units of the memory rules: suppressions, targets, swizzles in linear arithmetic,
distributions, the happens-before model's counting, rule selection, precision cases."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import z3

from dsl import ir
from dsl.check import check_source
from encode.access import swizzle_int
from encode.dataflow import Dataflow
from encode.distribution import default, of_spec
from encode.findings import Finding
from encode.hb import At, HappensBefore
from encode.layout import Swizzle
from encode.solver import Verdict, find_model
from encode.suppress import allowances, apply_suppressions, suppress_findings
from encode.symbols import SymEnv
from encode.target import UnknownTarget, available_targets, load_target
from encode.verifier import VerifyOptions, verify_kernel
from dsl.diagnostics import Span

ROOT = Path(__file__).resolve().parents[2]


def _kernel(text: str):
    result = check_source(text, "t.dsl")
    assert result.ok, result.diagnostics
    return result.kernel


def _rules(verdict) -> set[tuple[int, str]]:
    return {(f.span.line, f.rule) for f in verdict.findings}


# ---------------------------------------------------------------- suppressions
def test_allowances_need_a_rule_and_a_reason():
    text = "a\nb  # argus: allow RACE, war -- benign, same value\nc # argus: allow RACE\n"
    assert allowances(text) == {2: (frozenset({"RACE", "WAR"}), "benign, same value")}


def test_suppression_marks_only_the_named_rule_on_its_line():
    span = Span("t.dsl", 2, 1, 2, 5)
    f1, f2 = Finding("RACE", span, "m"), Finding("BOUND", span, "m")
    f3 = Finding("RACE", dataclasses.replace(span, line=3), "m")
    out = suppress_findings("x\ny # argus: allow RACE -- benign\nz\n", [f1, f2, f3])
    assert [f.suppressed for f in out] == ["benign", "", ""]


def test_suppressed_race_no_longer_fails_the_verdict():
    path = ROOT / "tests/kernels/bad/race_write_write.dsl"
    text = path.read_text().replace("#! error[RACE]", "# argus: allow RACE -- both copies stage the same data")
    verdict = verify_kernel(_kernel(text), VerifyOptions(rules=("RACE",)))
    assert verdict.status == "violation"
    quiet = apply_suppressions(verdict, text)
    assert quiet.status == "proved" and quiet.findings[0].suppressed == "both copies stage the same data"


# ---------------------------------------------------------------- targets
def test_targets_load():
    assert {"sm_90", "mi300x"} <= set(available_targets())
    h, amd = load_target("sm_90"), load_target("mi300x")
    assert (h.warp_size, h.shared_bytes_per_block, h.max_threads_per_block) == (32, 227 * 1024, 1024)
    assert (amd.warp_size, amd.shared_bytes_per_block) == (64, 64 * 1024)
    with pytest.raises(UnknownTarget):
        load_target("sm_00")


@dataclasses.dataclass(frozen=True)
class _OnTarget:
    """Verify options with a target (until VerifyOptions carries one)."""
    target: str
    rules: tuple = ()
    solver: object = VerifyOptions().solver

    def wants(self, rule: str) -> bool:
        return not self.rules or rule in self.rules


def test_mma_of_another_vendor_is_a_resource_finding():
    from encode.memory_rules import check_memory_rules
    from encode.verifier import Sink
    kernel = _kernel((ROOT / "proofs/gemm_pipelined.dsl").read_text())
    df = Dataflow(SymEnv.build(kernel))
    sink = Sink(("RES",))
    check_memory_rules(df, _OnTarget("mi300x", ("RES",)), sink)
    acc = next(s for s in kernel.body if getattr(getattr(s, "target", None), "name", "") == "acc")
    assert [f.span.line for f in sink.findings] == [acc.span.line]
    assert "mma_m16n8k16 is not an instruction of mi300x" in sink.findings[0].message
    sink = Sink(("RES",))
    check_memory_rules(df, _OnTarget("sm_90", ("RES",)), sink)
    assert not sink.findings


# ---------------------------------------------------------------- swizzles and distributions
@pytest.mark.parametrize("bits, base, shift", [(2, 3, 3), (3, 3, 3), (5, 0, 5), (1, 0, 5), (2, 4, -3)])
def test_swizzle_in_linear_arithmetic_is_exact(bits, base, shift):
    """On every offset of two swizzle blocks, the 0/1-variable encoding's facts hold for the
    offset's own bits and its term equals the swizzle."""
    sw = Swizzle(bits, base, shift)
    o = z3.Int("o")
    term, facts = swizzle_int(sw, o, "s")
    top = base + abs(shift) + bits
    names = [z3.Int(f"s.bit{i}") for i in range(top)]
    high, every = z3.Int("s.high"), z3.And(*facts)
    for val in range(1 << (top + 1)):
        sub = [(o, z3.IntVal(val)), (high, z3.IntVal(val >> top))]
        sub += [(b, z3.IntVal((val >> i) & 1)) for i, b in enumerate(names)]
        assert z3.is_true(z3.simplify(z3.substitute(every, *sub)))
        assert z3.simplify(z3.substitute(term, *sub)).as_long() == sw(val)


def test_distributions_cover_their_tiles():
    assert default((4, 8), 16).bijective
    consts = {}
    mma = of_spec(_kernel(_MMA).body[0].target.layout, (128, 128), 256, consts)
    assert mma.bijective and mma.values == 64
    t, v = z3.Ints("t v")
    e, facts = mma.element(t, v)
    m = find_model(facts + [t == 37, v == 5]).model
    assert m.eval(e).as_long() == mma.tv(37, 5)


_MMA = """kernel k(C: f32[M, N]):
    grid (1)
    threads 256
    acc = zeros f32[128, 128] layout mma_m16n8k16(warps=(2, 4))
    store C[0 : +128, 0 : +128], acc
"""


# ---------------------------------------------------------------- happens-before
def test_commit_groups_of_the_pipelined_gemm():
    """The copy issued in main-loop iteration kt is in group S - 1 + kt (two prologue commits)."""
    kernel = _kernel((ROOT / "proofs/gemm_pipelined.dsl").read_text())
    df = Dataflow(SymEnv.build(kernel))
    hb = HappensBefore(df, 32)
    copy = next(p for p in df.points if isinstance(p.stmt, ir.Copy) and p.loops and p.loops[0].var == "kt")
    kt = z3.Int("kt")
    group = hb.commits_before(At(copy, {"kt": kt}))
    out = find_model(list(df.env.facts) + [kt >= 0, kt < z3.Int("K") / 32, group != 2 + kt])
    assert out.verdict is Verdict.PROVED


def test_barriers_separate_iterations():
    kernel = _kernel((ROOT / "proofs/gemm_tiled.dsl").read_text())
    df = Dataflow(SymEnv.build(kernel))
    hb = HappensBefore(df, 32)
    copy = next(p for p in df.points if isinstance(p.stmt, ir.Copy) and p.stmt.dst.tensor == "sA")
    load = next(p for p in df.points if isinstance(p.stmt, ir.Load) and p.stmt.src.tensor == "sA")
    assert not hb.barrier_free_path(copy, load) and not hb.barrier_free_path(load, copy)
    a, b = z3.Ints("a b")
    sep = hb.separated(At(load, {"kt": a}), At(copy, {"kt": b}))
    out = find_model(list(df.env.facts) + [a >= 0, b == a + 1, b < z3.Int("K") / 16, z3.Not(sep)])
    assert out.verdict is Verdict.PROVED


# ---------------------------------------------------------------- rule selection and precision
def test_rules_option_selects_rules():
    kernel = _kernel((ROOT / "tests/kernels/bad/sync_warp_branch.dsl").read_text())
    assert {f.rule for f in verify_kernel(kernel, VerifyOptions(rules=("SYNC",))).findings} == {"SYNC"}
    assert {f.rule for f in verify_kernel(kernel, VerifyOptions(rules=("RACE",))).findings} == {"RACE"}
    assert verify_kernel(kernel, VerifyOptions(rules=("BOUND", "COVER"))).status == "proved"


_UNIFORM = """kernel k(X: f32[N], Y: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    tag X[i] = (i=i)
    s = shared f32[256]
    copy s[0 : +256], X[block.x * 256 : +256] layout copy(vec=4)
    if thread.x < 256:
        barrier
    x = load s[0 : +256]
    store Y[block.x * 256 : +256], x
"""


def test_a_condition_every_thread_meets_is_uniform():
    """`thread.x < 256` holds for all 256 threads: no SYNC finding, and the barrier orders."""
    verdict = verify_kernel(_kernel(_UNIFORM), VerifyOptions())
    assert verdict.status == "proved", verdict.findings


def test_a_barrier_some_threads_skip_orders_nothing():
    verdict = verify_kernel(_kernel(_UNIFORM.replace("thread.x < 256", "thread.x < 128")), VerifyOptions())
    assert _rules(verdict) == {(9, "SYNC"), (10, "RACE")}


def test_cost_does_not_grow_with_threads():
    """The same pipelined GEMM at 128 and 1024 threads needs the same number of queries."""
    base = (ROOT / "proofs/gemm_pipelined.dsl").read_text()
    counts = []
    for threads, warps in ((128, "(2, 2)"), (1024, "(4, 8)")):
        text = base.replace("threads 256", f"threads {threads}").replace("warps=(2, 4)", f"warps={warps}")
        verdict = verify_kernel(_kernel(text), VerifyOptions(rules=("RACE", "WAR", "ASYNC", "SYNC", "BOUND")))
        assert verdict.status == "proved", (verdict.findings, verdict.unknowns)
        counts.append(verdict.queries)
    assert counts[0] == counts[1]


def test_reading_an_output_in_place_is_checked():
    """An in-place copy: each element read and written by one thread of one block, no race
    (global races are checked, encode/global_race.py; tests/verify/test_global_memory.py)."""
    text = """kernel k(X: f32[N]):
    assume N % 128 == 0
    grid (N / 128)
    threads 128
    x = load X[block.x * 128 : +128]
    store X[block.x * 128 : +128], x
"""
    verdict = verify_kernel(_kernel(text), VerifyOptions(rules=("RACE",)))
    assert verdict.status == "proved", (verdict.findings, verdict.unknowns)
    shifted = text.replace("x = load X[block.x * 128 : +128]", "x = load X[(block.x + 1) % (N / 128) * 128 : +128]")
    verdict = verify_kernel(_kernel(shifted), VerifyOptions(rules=("RACE",)))
    assert [f.rule for f in verdict.findings] == ["RACE"] and "blocks are unordered" in verdict.findings[0].message
