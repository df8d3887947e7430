"""The sizes at which a candidate's numbers are checked.

A task's TEST_SIZES satisfy the seed's assumptions, but a rewrite may add its own (`assume
M % 128 == 0` of a 128-row tiling): at the task's sizes such a candidate cannot run, and it
was refused although proved (new-user round 38: gelu at M = 5, col_sum at R = 7 and the
KernelBench square matmul at 64 never kept a tiling). Here the smallest sizes at or above the
task's that satisfy the candidate's size assumptions are found with Z3 (each size grows by at
most GROWTH, so the simulator's run stays small); None when there are none.
"""
from __future__ import annotations

import z3

from codegen_cuda.scalar import mentions_data
from dsl import ir
from encode.assume_reads import size_env
from encode.solver import SolverOptions, Verdict, minimize_model
from encode.symbols import Unsupported

GROWTH = 256


def fitted_sizes(kernel: ir.Kernel, sizes: dict[str, int]) -> dict[str, int] | None:
    if set(sizes) != set(kernel.sizes):
        return None
    env = size_env(kernel)
    facts = []
    for name, v in env.sizes.items():
        facts += [v >= sizes[name], v <= sizes[name] + GROWTH]
    try:
        facts += [env.cond(a, {}) for a in kernel.assumes if not mentions_data(a)]
    except Unsupported:
        return None
    names = sorted(env.sizes)
    out = minimize_model(facts, [z3.Sum([env.sizes[n] - sizes[n] for n in names])],
                         SolverOptions(timeout_ms=2000))
    if out.verdict is not Verdict.REFUTED or out.model is None:
        return None
    return {n: out.model.eval(env.sizes[n], model_completion=True).as_long() for n in names}
