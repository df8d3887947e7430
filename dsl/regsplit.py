"""Checks of `setmaxnreg`, Hopper's register reallocation between warpgroups: the count
(a multiple of 8 in [24, 256]), and where it may stand (in a role branch, outside loops,
run by whole warpgroups, at most once by each); and which warpgroups run which count.

setmaxnreg.sync.aligned is executed by all threads of a warpgroup (4 warps of 32 threads)
together, so the role conditions above it are evaluated for every thread of the block:
they may use thread.x, thread.warp, thread.lane and constants only.
"""
from __future__ import annotations

from . import exprs, ir

WARPGROUP = 128
WARP = 32
MIN_REGS, MAX_REGS, REG_STEP = 24, 256, 8
THREAD_BUILTINS = (ir.Builtin.THREAD_X, ir.Builtin.WARP, ir.Builtin.LANE)


def check_statement(ck, s, sp) -> ir.SetMaxNReg:
    way_t, count_t = s.children
    way, count = str(way_t), ck.expr(count_t)
    if way not in ("inc", "dec"):
        ck.error("E044", f"setmaxnreg takes `inc` or `dec`, not `{way}`", ck.span(way_t),
                 "`setmaxnreg inc 232` in the warpgroups that compute, `setmaxnreg dec 40` in the producer")
    n = exprs.try_fold(count, ck.consts())
    if n is None:
        ck.error("E017", "the register count of setmaxnreg must be a compile-time integer", count.span)
    elif n % REG_STEP or not MIN_REGS <= n <= MAX_REGS:
        ck.error("E044", f"setmaxnreg's register count must be a multiple of {REG_STEP} in "
                 f"[{MIN_REGS}, {MAX_REGS}], not {n}", count.span)
    return ir.SetMaxNReg(way == "inc", count, sp)


def check_placement(ck, body, threads: int) -> None:
    """Every setmaxnreg in a role branch, outside loops, run by whole warpgroups, and no
    warpgroup running two (a post-pass over the checked body: it needs `threads`)."""
    sites = list(sites_of(body))
    if not sites:
        return
    if threads % WARPGROUP:
        ck.error("E044", f"a kernel with setmaxnreg needs whole warpgroups: {threads} threads is not a "
                 f"multiple of {WARPGROUP}", sites[0][0].span, "use e.g. `threads 256` or `threads 384`")
        return
    seen: dict[int, ir.SetMaxNReg] = {}
    for s, guards, in_loop in sites:
        if in_loop:
            ck.error("E027", "setmaxnreg must not stand in a loop", s.span,
                     "set each warpgroup's register count once, at the start of its role branch")
            continue
        if not any(mentions_thread(c) for c, _ in guards):
            ck.error("E027", "setmaxnreg must stand in a role branch (an `if` on thread.warp or thread.x)",
                     s.span, "give the producer and the consumer warpgroups their own counts in their branches")
            continue
        groups = running_warpgroups(guards, threads, ck.consts())
        if groups is None:
            ck.error("E044", "the role conditions above setmaxnreg may use thread.x, thread.warp, "
                     "thread.lane and constants only", s.span)
            continue
        whole, part = groups
        if part:
            ck.error("E044", f"setmaxnreg runs in part of warpgroup {part[0]} (threads "
                     f"{part[0] * WARPGROUP}..{part[0] * WARPGROUP + WARPGROUP - 1}): all 128 threads of a "
                     "warpgroup execute it together", s.span,
                     "branch on `thread.warp / 4` (whole warpgroups) around setmaxnreg")
            continue
        for g in whole:
            if g in seen:
                ck.error("E044", f"warpgroup {g} runs setmaxnreg twice (lines {seen[g].span.line} and "
                         f"{s.span.line})", s.span, "set each warpgroup's count once")
            seen.setdefault(g, s)


def sites_of(body, guards=(), in_loop=False):
    """(setmaxnreg, its enclosing (condition, taken) pairs, whether inside a loop)."""
    for s in body:
        if isinstance(s, ir.SetMaxNReg):
            yield s, guards, in_loop
        elif isinstance(s, ir.For):
            yield from sites_of(s.body, guards, True)
        elif isinstance(s, ir.If):
            yield from sites_of(s.then, guards + ((s.cond, True),), in_loop)
            yield from sites_of(s.orelse, guards + ((s.cond, False),), in_loop)


def mentions_thread(e) -> bool:
    return any(isinstance(n, ir.BuiltinRef) and n.which in THREAD_BUILTINS for n in exprs.iter_nodes(e))


def running_warpgroups(guards, threads: int, consts: dict) -> tuple[list[int], list[int]] | None:
    """(warpgroups all of whose threads pass the guards, warpgroups only some pass), or None
    when a guard depends on more than the thread and constants."""
    whole, part = [], []
    for g in range(threads // WARPGROUP):
        runs = []
        for t in range(g * WARPGROUP, (g + 1) * WARPGROUP):
            vals = [thread_value(c, t, consts) for c, _ in guards]
            if any(v is None for v in vals):
                return None
            runs.append(all(bool(v) == taken for v, (_, taken) in zip(vals, guards)))
        if all(runs):
            whole.append(g)
        elif any(runs):
            part.append(g)
    return whole, part


def thread_value(e, t: int, consts: dict) -> int | None:
    """The value of an integer or boolean expression for thread t, None if it needs more."""
    match e:
        case ir.IntLit(value=v):
            return v
        case ir.Sym(name=n) if n in consts:
            return consts[n]
        case ir.BuiltinRef(which=ir.Builtin.THREAD_X):
            return t
        case ir.BuiltinRef(which=ir.Builtin.WARP):
            return t // WARP
        case ir.BuiltinRef(which=ir.Builtin.LANE):
            return t % WARP
        case ir.Not(operand=x):
            v = thread_value(x, t, consts)
            return None if v is None else int(not v)
        case ir.Neg(operand=x):
            v = thread_value(x, t, consts)
            return None if v is None else -v
        case ir.Bin(op=op, lhs=a, rhs=b):
            x, y = thread_value(a, t, consts), thread_value(b, t, consts)
            if x is None or y is None or (op in (ir.BinOp.DIV, ir.BinOp.MOD) and y == 0):
                return None
            return _BIN[op](x, y)
        case ir.Call(func="min" | "max" as f, args=(a, b), kwargs=()):
            x, y = thread_value(a, t, consts), thread_value(b, t, consts)
            return None if x is None or y is None else (min(x, y) if f == "min" else max(x, y))
    return None


def _tdiv(x: int, y: int) -> int:
    """C's integer division, truncating toward zero (SEMANTICS.md)."""
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


_BIN = {
    ir.BinOp.ADD: lambda x, y: x + y, ir.BinOp.SUB: lambda x, y: x - y, ir.BinOp.MUL: lambda x, y: x * y,
    ir.BinOp.DIV: _tdiv, ir.BinOp.MOD: lambda x, y: x - _tdiv(x, y) * y, ir.BinOp.XOR: lambda x, y: x ^ y,
    ir.BinOp.EQ: lambda x, y: int(x == y), ir.BinOp.NE: lambda x, y: int(x != y),
    ir.BinOp.LT: lambda x, y: int(x < y), ir.BinOp.LE: lambda x, y: int(x <= y),
    ir.BinOp.GT: lambda x, y: int(x > y), ir.BinOp.GE: lambda x, y: int(x >= y),
    ir.BinOp.AND: lambda x, y: int(bool(x) and bool(y)), ir.BinOp.OR: lambda x, y: int(bool(x) or bool(y)),
}


def warpgroup_counts(kernel: ir.Kernel) -> dict[int, tuple[int, ir.SetMaxNReg]]:
    """For a checked kernel: warpgroup -> (its register count, the setmaxnreg setting it)."""
    consts = {c.name: c.value for c in kernel.consts}
    out = {}
    for s, guards, _ in sites_of(kernel.body):
        groups = running_warpgroups(guards, kernel.threads, consts)
        n = exprs.try_fold(s.count, consts)
        if groups is None or n is None:
            continue
        for g in groups[0]:
            out.setdefault(g, (n, s))
    return out
