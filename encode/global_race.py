"""RACE in global memory: tensors the kernel both reads and writes (in-place updates, flags).

Inside one block a barrier orders global accesses as it orders shared ones, so two threads
of a block are checked like a shared tile's (encode/race.py, with row-major addresses).
Blocks are unordered, so a read and a write of one element by two different blocks race
whatever the program order: one query over two symbolic blocks. Two writes by different
blocks are COVER's "written twice".
"""
from __future__ import annotations

import dataclasses

import z3

from dsl import ir

from .access import instantiate
from .findings import Finding
from .memwitness import ModelView, access_operand, block_text, element_text, iteration_text, thread_text
from .race import check_ordered, check_same_instance, rule_of
from .symbols import Unsupported
from .terms import Or


def read_and_written(ctx) -> list[str]:
    """Global tensors the kernel writes and reads at some access that can run: a read under a
    condition no instance meets (`if block.x > G:`) does not make an output state, which
    would lift its coverage (held-out round 29)."""
    glob = [a for a in ctx.accesses if a.space is ir.Space.GLOBAL]
    written = {a.tensor for a in glob if a.write}
    return sorted({a.tensor for a in glob if not a.write and a.tensor in written and _may_run(ctx, a) is not False})


def is_state(ctx, name: str) -> bool | None:
    """Whether the kernel reads output `name` at an access that runs (it is state: COVER lifts
    its coverage), False where no read can run, None where the solver cannot tell (held-out
    round 97: a read under `(R * R) % 7 == 3`, never true, undecided, lifted the coverage of a
    plain output)."""
    reads = [a for a in ctx.accesses if a.space is ir.Space.GLOBAL and not a.write and a.tensor == name]
    got = [_may_run(ctx, a) for a in reads]
    return True if True in got else None if None in got else False


def _may_run(ctx, a) -> bool | None:
    """Whether some instance of access `a` runs: True, False, or None where undecided."""
    from .solver import Verdict as SV, find_model
    try:
        inst = instantiate(ctx.df, a, "run", ctx.target.warp_size)
    except Unsupported:
        return None
    threads = [inst.t >= 0, inst.t < ctx.df.kernel.threads]
    # undecided costs only precision here: no last, unbounded step (SolverOptions.last_step)
    opts = dataclasses.replace(ctx.opts.solver, last_step=False)
    out = find_model(list(ctx.env.facts) + inst.facts + threads, opts, probe=True)
    return False if out.verdict is SV.PROVED else True if out.verdict is SV.REFUTED else None


def check_global(ctx) -> None:
    for name in read_and_written(ctx):
        sites = [a for a in ctx.accesses if a.tensor == name]
        for a in sites:
            for b in sites:
                if not (a.write or b.write):
                    continue
                try:
                    if a.point is b.point and (a.write if a is b else a.index < b.index):
                        check_same_instance(ctx, a, b)
                    check_ordered(ctx, a, b)
                    if a.write and not b.write and ctx.wants("RACE"):
                        _across_blocks(ctx, a, b)
                except Unsupported as u:
                    ctx.sink.unknown(rule_of(a, b), u.span or b.span, u.reason)


def _across_blocks(ctx, w, r) -> None:
    """A write by one block and a read by another of the same element."""
    if not ctx.env.blocks:
        return                                  # a grid of one block
    ctx.sink.obligation()
    ia = instantiate(ctx.df, w, "1", ctx.target.warp_size)
    ib = instantiate(ctx.df, r, "2", ctx.target.warp_size)
    other = tuple(z3.Int(f"{b}@2") for b in ctx.env.blocks)
    pairs = list(zip(ctx.env.blocks, other))
    sub = lambda t: z3.substitute(t, *pairs)
    facts = ia.facts + [sub(f) for f in ib.facts]
    for b, extent in zip(other, ctx.kernel.grid):
        facts += [b >= 0, b < ctx.env.term(extent, {})]
    facts += [x == sub(y) for x, y in zip(ia.coords, ib.coords)]
    facts.append(Or(*[b != c for b, c in zip(ctx.env.blocks, other)]))
    small = list(ctx.env.blocks) + list(other) + list(ia.loops.values()) + list(ib.loops.values()) + [ia.t, ib.t]
    model = ctx.solve("RACE", r.span, facts, small)
    if model is None:
        return
    mv = ModelView(ctx, model)
    ws = ctx.target.warp_size
    bw, br = mv.block(), tuple(mv.int(b) for b in other)
    tw, tr = mv.int(ia.t), mv.int(ib.t)
    lw, lr = mv.loops(w.point, ia.loops), mv.loops(r.point, ib.loops)
    el = element_text(w.tensor, mv.coords(ia.coords))
    msg = (f"data race on {el}: block {block_text(br)} {thread_text(tr, ws)} reads it{iteration_text(lr)} while block "
           f"{block_text(bw)} {thread_text(tw, ws)} writes it at line {w.span.line}{iteration_text(lw)}; "
           "blocks are unordered")
    ops = (access_operand(mv, ia, _block_facts(bw)), _moved(mv, ib, sub, br))
    related = ((w.span, f"block {block_text(bw)} {thread_text(tw, ws)} writes {el} "
                        f"here{iteration_text(lw)} ({w.verb})"),)
    hint = ("another block reads what this one writes, and nothing orders blocks: write the result to "
            "another tensor, or split the kernel in two launches")
    ctx.sink.finding(Finding("RACE", r.span, msg, mv.sizes(), br, tr, lr, (), ops, hint, related, data=mv.data()))


def _moved(mv: ModelView, inst, sub, block) -> object:
    """The reading access's operand, its coordinates read in the other block."""
    from dataclasses import replace
    moved = replace(inst, coords=tuple(sub(c) for c in inst.coords))
    return access_operand(mv, moved, _block_facts(block))


def _block_facts(block: tuple) -> tuple:
    return tuple((f"block.{'xyz'[i]}", v) for i, v in enumerate(block))


