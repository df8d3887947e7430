"""ASYNC and WAR for wgmma: its accumulator is asynchronous until the wgmma_wait that retires
its group, and its shared operands are read until then (dsl/wgmma_groups.py counts the groups).

An access by the issuing thread while one of its wgmmas may be pending is a finding: reading
or rewriting the accumulator (ASYNC), writing a shared tensor it reads (WAR). Another thread's
writes into the operands are the TMA and RACE rules' business: the operand reads span the
issue to the retiring wait in the IR, so a slot handed back before the wait is a WAR there.
"""
from __future__ import annotations

from dsl import exprs, ir
from dsl.wgmma_groups import Groups, is_wgmma, pending

from .findings import Finding, Operand


def check(ctx) -> None:
    kernel = ctx.df.kernel
    if not any(is_wgmma(s) for s in ir.walk(kernel.body)):
        return
    g = Groups(kernel, dict(ctx.df.env.consts))
    seen = set()
    points = {p.path: p for p in ctx.df.points}
    for path in sorted(g.before, key=str):
        s = g.stmt[path]
        for w in sorted(pending(g.before[path]), key=str):
            f = _finding(s, g.stmt[w])
            if f is not None and (f.rule, f.span) not in seen:
                seen.add((f.rule, f.span))
                ctx.sink.finding(_witness(ctx, f, points.get(path), g.stmt[w]))


def _witness(ctx, f: Finding, point, w: ir.Mma) -> Finding:
    """The first thread that runs the access, in the first iteration of its loops, and the
    tiles involved: the finding holds for every block and size (it is about program order)."""
    import dataclasses
    import z3
    from .distribution import concrete_bindings
    df, thread = ctx.df, None
    guards = [gd for gd in (point.guards if point else ()) if not exprs.free_syms(gd.cond, ir.SymKind.LOOP)]
    for t in range(df.kernel.threads):
        b = concrete_bindings(t, df.warp_size)
        if all(z3.is_true(z3.simplify(df.env.cond(gd.cond, b) if gd.positive else z3.Not(df.env.cond(gd.cond, b))))
               for gd in guards):
            thread = t
            break
    it = tuple((lp.var, exprs.try_fold(lp.start, df.env.consts) or 0) for lp in (point.loops if point else ()))
    ops = (Operand(f"{w.target.name} (accumulator of the wgmma at line {w.span.line})", ()),) + tuple(
        Operand(f"{r.tensor} (operand of the wgmma at line {w.span.line})", ()) for r in w.shared)
    return dataclasses.replace(f, thread=thread, iteration=it, operands=ops)


def touched(s) -> tuple[set[str], set[str]]:
    """(register tiles read or written, shared or global tensors written) by statement s."""
    match s:
        case ir.Mma():
            return {s.a, s.b, s.c, s.target.name}, set()
        case ir.Compute():
            return exprs.free_syms(s.value, ir.SymKind.TENSOR) | {s.target.name}, set()
        case ir.Zeros() | ir.Load():
            return {s.target.name}, set()
        case ir.Store():
            return {s.src}, {s.dst.tensor}
        case ir.Copy() | ir.TmaLoad():
            return set(), {s.dst.tensor}
    return set(), set()


def _finding(s, w: ir.Mma) -> Finding | None:
    acc = w.target.name
    if is_wgmma(s) and s.c == acc and s.target.name == acc:
        return None          # wgmmas chained on one accumulator: the hardware orders them
    if isinstance(s, ir.Load) and s.wgmma:
        return None
    regs, mem = touched(s)
    operands = {r.tensor for r in w.shared}
    line = w.span.line
    if acc in regs or w.c in regs:
        return Finding("ASYNC", s.span, f"'{acc}' is the accumulator of the wgmma at line {line}, which may still "
                       f"be running here: no wgmma_wait after its wgmma_commit has retired its group",
                       hint="commit the wgmma (`wgmma_commit`) and wait for its group (`wgmma_wait 0`) before "
                       f"using '{acc}'", related=((w.span, "the wgmma"),))
    hit = sorted(mem & operands)
    if hit:
        return Finding("WAR", s.span, f"this writes '{hit[0]}', which the wgmma at line {line} may still be reading: "
                       "no wgmma_wait has retired it", hint="wait for the wgmma's group (`wgmma_wait 0`) before "
                       f"overwriting its operands", related=((w.span, "the wgmma"),))
    return None
