"""Witness minimisation ends on Z3's resource limit (rlimit), not on the clock: a step that
runs out ends the same way whatever the wall timeout, so witnesses do not depend on the
machine's load; the calibrated limit lies above every step the pinned witnesses need."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import z3

from argus_verify.report import format_verdict
from dsl.check import check_source
from encode.minimize import minimize_model
from encode.solver import MINIMIZE_RLIMIT, SolverOptions, Verdict
from encode.verifier import VerifyOptions, verify_kernel

ROOT = Path(__file__).resolve().parents[2]
KERNEL = ROOT / "tests/kernels/bad/async_wait_count.dsl"    # its witnesses need minimising (K = 96)


def _quantified():
    x, y, z = z3.Ints("x y z")
    return [z3.ForAll([y], z3.Implies(y > x, y > 3)), x < 5000, z > x, z % 7 == 3], [x, z]


def _run(opts: SolverOptions):
    steps = []
    opts = dataclasses.replace(opts, on_resources=lambda kind, n, v: steps.append((kind, n, v)))
    facts, objectives = _quantified()
    out = minimize_model(facts, objectives, opts)
    values = tuple(out.model.eval(o).as_long() for o in objectives) if out.model is not None else None
    return out.verdict, out.reason, values, steps


def test_steps_are_limited_by_resources():
    verdict, _, values, steps = _run(SolverOptions())
    assert verdict is Verdict.REFUTED and values == (3, 10)
    assert steps and {k for k, _, _ in steps} == {"minimize"}
    assert max(n for _, n, _ in steps) < MINIMIZE_RLIMIT


def test_a_resource_out_ends_alike_under_any_wall_timeout():
    # One unit of work per step: every step runs out of resources, never of time, so a
    # generous and a short wall timeout (both far above what one unit takes) end alike.
    long, short = (_run(SolverOptions(timeout_ms=ms, minimize_rlimit=1)) for ms in (3_600_000, 5_000))
    assert long[:3] == short[:3]
    assert long[0] is Verdict.UNKNOWN and "resource limit" in long[1]


def _report(**kw) -> tuple[str, list[tuple[int, Verdict]]]:
    steps: list[tuple[int, Verdict]] = []
    kernel = check_source(KERNEL.read_text(), str(KERNEL.relative_to(ROOT))).kernel
    opts = VerifyOptions(on_resources=lambda kind, n, v: steps.append((n, v)) if kind == "minimize" else None, **kw)
    return format_verdict(verify_kernel(kernel, opts)) + "\n", steps


def test_the_golden_witness_needs_far_less_than_the_limit():
    text, steps = _report()
    assert text == KERNEL.with_suffix(".expected").read_text()
    assert steps and all(v is Verdict.REFUTED for _, v in steps)
    assert 10 * max(n for n, _ in steps) <= MINIMIZE_RLIMIT


def test_the_limit_not_the_clock_decides_the_witness():
    # Every minimisation step starved of resources: the kernel keeps its first models, the
    # same ones under a 10 s and a 60 s wall timeout.
    starved, steps = _report(minimize_rlimit=1)
    again, _ = _report(minimize_rlimit=1, timeout_s=60.0)
    assert starved == again
    assert steps and all(v is Verdict.UNKNOWN for _, v in steps)
