"""RES for `setmaxnreg`: the registers the warpgroups hold after their reallocations fit
the block's register file, and each `inc` asks for at least what a thread starts with.

A warpgroup that runs no setmaxnreg keeps the count it starts with: the lowering launches
with launch_bounds (threads, 1), which caps every thread at the block's share of the
register file (rounded down to a multiple of 8, at most the target's per-thread limit).
An `inc` the pool cannot satisfy blocks its warpgroup forever (PTX ISA, setmaxnreg).
"""
from __future__ import annotations

from dsl import regsplit

from .findings import Finding


def entry_count(target, threads: int) -> int:
    """Registers per thread at launch under launch_bounds (threads, 1)."""
    step = regsplit.REG_STEP
    return min(target.registers_per_thread // step * step, target.registers_per_block // threads // step * step)


def check(ctx) -> None:
    k, t = ctx.kernel, ctx.target
    counts = regsplit.warpgroup_counts(k)
    if not counts:
        return
    ctx.sink.obligation()
    first = min((s for _, s in counts.values()), key=lambda s: s.span.line)
    if t.vendor != "nvidia":
        ctx.sink.finding(Finding("RES", first.span, f"setmaxnreg is not an instruction of {t.name}",
                                 hint="drop the register split on this target"))
        return
    entry = entry_count(t, k.threads)
    for g, (n, s) in sorted(counts.items()):
        if s.inc and n < entry:
            ctx.sink.finding(Finding("RES", s.span, f"setmaxnreg inc {n} in warpgroup {g} asks for fewer registers "
                                     f"than the {entry} per thread it starts with ({k.threads} threads)",
                                     hint=f"inc to at least {entry}, or use dec"))
    groups = k.threads // regsplit.WARPGROUP
    per = [counts.get(g, (entry, None))[0] for g in range(groups)]
    total = sum(per) * regsplit.WARPGROUP
    if total <= t.registers_per_block:
        return
    parts = ", ".join(f"warpgroup {g}: {n}" + ("" if g in counts else " (at launch)") for g, n in enumerate(per))
    # the report points at the largest inc: the one that waits forever for the pool
    worst = max(((n, s) for n, s in counts.values() if s.inc), key=lambda p: (p[0], -p[1].span.line),
                default=(0, first))[1]
    related = tuple((s.span, f"warpgroup {g} holds {n} registers per thread here")
                    for g, (n, s) in sorted(counts.items()) if s is not worst)
    ctx.sink.finding(Finding(
        "RES", worst.span,
        f"after setmaxnreg the warpgroups hold {total} registers ({parts} per thread, x {regsplit.WARPGROUP} "
        f"threads each), more than the {t.registers_per_block} of a block on {t.name}: the inc never completes",
        hint=f"lower an inc, or dec the other warpgroups further: the warpgroups' counts may add up to "
             f"at most {t.registers_per_block // regsplit.WARPGROUP}",
        related=related))

