"""GRID (a warning, never an error): sizes the `assume`s allow at which the launch grid has
no block.

Every proof starts from "the grid has at least one block" (docs/DSL.md); at sizes where a
grid dimension is below 1 the kernel launches nothing, writes nothing, and neither the
interpreter nor `argus run` runs it. A copy with `assume N <= 64` and `grid (N / 64)`
proves and copies nothing for N < 64 (held-out round 77); this names such sizes. Where
no sizes satisfy the `assume`s with a block, that is error E031 (encode/assumptions.py);
like that check of the premises, this one query is not among the obligations' queries.
"""
from __future__ import annotations

import dataclasses

import z3

from dsl import ir
from dsl.fmt import format_expr

from .findings import Finding
from .solver import SolverOptions, Verdict, find_model
from .symbols import Unsupported
from .terms import And, Or

CHECK_MS = 2000      # sizes and a handful of assumptions


def check(kernel: ir.Kernel, sink, opts: SolverOptions) -> None:
    from .assume_reads import size_env
    env = size_env(kernel)
    try:
        facts = [v >= 1 for v in env.sizes.values()] + [env.cond(a, {}) for a in kernel.assumes]
        extents = [x if z3.is_expr(x) else z3.IntVal(x) for x in (env.term(e, {}) for e in kernel.grid)]
    except Unsupported:
        return           # an assumption the encoding cannot state: nothing to say
    empty = [x < 1 for x in extents]
    short = dataclasses.replace(opts, timeout_ms=min(opts.timeout_ms, CHECK_MS))
    out = find_model([And(*facts), Or(*empty)], short, probe=True)
    if out.verdict is not Verdict.REFUTED or out.model is None:
        return
    model = out.model
    sizes = tuple((n, model.eval(v, model_completion=True).as_long()) for n, v in sorted(env.sizes.items()))
    dim = next(i for i, x in enumerate(extents) if z3.is_true(model.eval(x < 1, model_completion=True)))
    value = model.eval(extents[dim], model_completion=True).as_long()
    at = ", ".join(f"{n} = {v}" for n, v in sizes)
    sink.finding(Finding(
        "GRID", kernel.grid_span,
        f"grid dimension {dim} `{format_expr(kernel.grid[dim])}` is {value} at {at}, which the `assume`s "
        "allow: the kernel launches no block there and writes nothing; the proof covers only sizes with "
        "at least one block",
        sizes=sizes, severity="warning",
        hint="assume sizes at which every grid dimension is at least 1, or round the grid up "
             "(`(N + 63) / 64`) and mask the tail"))
