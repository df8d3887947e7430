"""RACE inside one statement: the query is skipped only where compile-time facts rule the
collision out (race.own_addresses); a distribution that gives two threads one element, or
a subscript that depends on the thread, is still asked."""
from __future__ import annotations

from pathlib import Path

from dsl.check import check_source
from encode.dataflow import Dataflow
from encode.memory_rules import build_context
from encode.race import own_addresses
from encode.symbols import SymEnv
from encode.verifier import Sink, VerifyOptions, verify_kernel

ROOT = Path(__file__).resolve().parents[2]

STAGE = """kernel stage(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    const T = 128
    grid (N / T)
    threads 64
    tag X[i] = (i=i)
    s = shared f32[T]
    copy s[0 : +T], X[block.x * T : +T] layout LAYOUT
    barrier
    x = load s[0 : +T]
    store Y[block.x * T : +T], x
"""


def _kernel(text: str):
    result = check_source(text, "t.dsl")
    assert result.ok, result.diagnostics
    return result.kernel


def _shared_writes(kernel):
    opts = VerifyOptions()
    ctx = build_context(Dataflow(SymEnv.build(kernel), solver=opts.solver), opts, Sink())
    return ctx, [a for a in ctx.accesses if a.write and a.tensor in ctx.shared]


def test_two_threads_on_one_element_are_still_a_race():
    # thread t does t and t + 32: threads 0 and 32 both write s[32]
    verdict = verify_kernel(_kernel(STAGE.replace("LAYOUT", "(64, 2):(1, 32)")), VerifyOptions(rules=("RACE",)))
    assert any(f.rule == "RACE" and "in the same statement" in f.message for f in verdict.findings)
    ctx, writes = _shared_writes(_kernel(STAGE.replace("LAYOUT", "(64, 2):(1, 32)")))
    assert not any(own_addresses(ctx, a) for a in writes)


def test_one_element_per_slot_needs_no_query():
    kernel = _kernel(STAGE.replace("LAYOUT", "(64, 2):(1, 64)"))
    ctx, writes = _shared_writes(kernel)
    assert writes and all(own_addresses(ctx, a) for a in writes)
    assert verify_kernel(kernel, VerifyOptions(rules=("RACE",))).status == "proved"


def test_a_thread_dependent_subscript_is_asked():
    text = STAGE.replace("s = shared f32[T]", "s = shared f32[2, T]").replace(
        "copy s[0 : +T]", "copy s[thread.x / 32, 0 : +T]").replace("load s[0 : +T]", "load s[0, 0 : +T]")
    ctx, writes = _shared_writes(_kernel(text.replace("LAYOUT", "(64, 2):(1, 64)")))
    assert writes and not any(own_addresses(ctx, a) for a in writes)


def test_the_swizzled_pipeline_needs_no_query():
    kernel = _kernel((ROOT / "proofs/gemm_pipelined.dsl").read_text())
    ctx, writes = _shared_writes(kernel)
    assert writes and all(own_addresses(ctx, a) for a in writes)
