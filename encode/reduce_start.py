"""START (a warning, never an error): a running maximum or minimum that starts from a
constant inside the data's range, a running product from 0.0, a running sum (or an mma's
accumulator) from a number other than 0.0.

`best = zeros i32[BR]; for ct: best = minimum(best, min(cand, axis=1))` keeps 0 wherever
every candidate is larger: the result is the start, not the data's minimum. Tags describe
where values come from, not the values (docs/SEMANTICS.md), so such a kernel proves (new-user
round 46: an argmax whose index started at 0 instead of the largest i32); this points at it.
A start at the operation's identity (-inf for a maximum, inf for a minimum, the type's
extreme for integers), or one the updates can never pass (`amax = 0.0` under
`maximum(amax, max(abs(x), axis=1))`: abs is never below it), is no finding.
"""
from __future__ import annotations

import itertools
import math

from dsl import exprs, ir
from dsl.fmt import format_expr
from dsl.masks import INT_RANGES
from dsl.pad_values import value_at
from dsl.stmt_map import defined, written

from . import running
from .findings import Finding
from .named_math import bound_through_math
from .zero_values import with_consts


MAX_STARTS = 8          # possible start values tracked per tile (writers under `if`s, `where` arms)
LOOP_PASSES = 4         # passes over a loop's body to reach the numbers its head may hold


def check(df, sink) -> None:
    _block(df, df.kernel.body, {}, sink, {})


class _Quiet:
    """A sink that keeps nothing: the passes that find a loop head's numbers."""
    def finding(self, f) -> None:
        pass


def _block(df, stmts, known: dict[str, frozenset], sink, writes: dict) -> dict[str, frozenset]:
    """`known`: for each tile, the numbers it may hold at every element where `stmts` begin,
    on some path (a write under an `if`, on either arm, adds its number to those of the paths
    around it: held-out round 124's `m = z - inf`, then `if thread.x < 16: m = z + 0.0`,
    started at 0.0 for some threads; a tile that holds data on every path has none). Each
    running update is checked against the numbers its running value may hold where it runs
    (held-out round 128: a reset under `if ct == 0:` inside the loop, one at the end of an
    outer loop's body, one in an earlier loop, one at the top level under `if block.x == 1:`
    were missed). `writes`: the statements that write each tile in the innermost loop around
    `stmts`. Returns what may hold where `stmts` end."""
    known = dict(known)
    for s in stmts:
        assigned = written((s,))
        if isinstance(s, ir.For):
            known = _loop(df, s, known, assigned, sink)
            continue
        if isinstance(s, ir.If):
            arms = [_block(df, arm, known, sink, writes) for arm in (s.then, s.orelse)]
            for name in assigned:
                _put(known, name, _union(a.get(name) for a in arms))
            continue
        if isinstance(s, ir.Compute) and s.target.name in known:
            _update(df, s, known, sink, writes.get(s.target.name, [s]))
        elif isinstance(s, ir.Mma) and s.c == s.target.name and s.target.name in known:
            _sum_start(s, known[s.target.name], writes.get(s.target.name, [s]), sink)
        for name in assigned:
            known.pop(name, None)
        if isinstance(s, ir.Zeros):
            known[s.target.name] = frozenset((0.0,))
        elif isinstance(s, ir.Compute):
            _put(known, s.target.name, _numbers(df, with_consts(df.kernel, s.value), known))
    return known


def _loop(df, s: ir.For, entry: dict, assigned: set, sink) -> dict:
    """The numbers a loop's head may hold: those before it, joined with those its body's end
    may hold, to a fixpoint (a reset at the end of an outer body starts the next iteration's
    inner loop). The body is then walked once with them, reporting; after the loop the same
    numbers may hold (it ran no iteration, or its last one ended). Without a fixpoint in
    LOOP_PASSES passes, what the loop writes is dropped."""
    writes: dict[str, list] = {}
    for u in ir.walk(s.body):
        if defined(u):
            writes.setdefault(u.target.name, []).append(u)

    def joined(end: dict) -> dict:
        out = {k: v for k, v in entry.items() if k not in assigned}
        for name in assigned:
            _put(out, name, _union((entry.get(name), end.get(name))))
        return out

    if isinstance(sink, _Quiet):
        # inside an outer loop's passes: one pass here (the outer loop's own passes repeat
        # it), so nested loops cost linear time, not LOOP_PASSES to the depth
        return joined(_block(df, s.body, entry, sink, writes))
    head = dict(entry)
    for _ in range(LOOP_PASSES):
        new = joined(_block(df, s.body, head, _Quiet(), writes))
        if new == head:
            break
        head = new
    else:
        head = {k: v for k, v in entry.items() if k not in assigned}
    _block(df, s.body, head, sink, writes)
    return head


def _union(sets) -> frozenset | None:
    """The numbers of paths that may hold numbers (None: every path holds data)."""
    got = [x for x in sets if x is not None]
    return _trim(frozenset().union(*got)) if got else None


def _put(known: dict, name: str, numbers: frozenset | None) -> None:
    if numbers:
        known[name] = numbers
    else:
        known.pop(name, None)


def _trim(numbers: frozenset) -> frozenset:
    """At most MAX_STARTS numbers: the largest and the smallest (a running maximum's worst
    start is its largest, a minimum's its smallest) and 0.0 (a product's), so that many
    starts do not hide one (held-out round 128: a `where` of nine constants did)."""
    if len(numbers) <= MAX_STARTS:
        return numbers
    order = sorted(v for v in numbers if not math.isnan(v))
    keep = set(order[:MAX_STARTS // 2 - 1] + order[-(MAX_STARTS // 2):])
    if 0.0 in numbers:
        keep.add(0.0)
    return frozenset(keep)


def _numbers(df, e: ir.Expr, known: dict[str, frozenset]) -> frozenset | None:
    """The numbers `e` may hold at an element, given the tiles' possible numbers: each
    combination of theirs, and both arms of a `where` whose condition is not one number.
    A tile that may hold data too is taken at its numbers (the path where it holds them)."""
    names = sorted(n for n in exprs.free_syms(e, ir.SymKind.TENSOR) if n in known)
    combos = list(itertools.islice(itertools.product(*(sorted(known[n]) for n in names)), MAX_STARTS + 1))
    out = set()
    for combo in combos if len(combos) <= MAX_STARTS else ():
        v = value_at(e, "", 0.0, df.types, dict(zip(names, combo)))
        if not isinstance(v, float):
            out = None
            break
        out.add(v)
    if out:
        return _trim(frozenset(out))
    if isinstance(e, ir.Call) and e.func == "where" and len(e.args) == 3:
        arms = [_numbers(df, a, known) for a in e.args[1:]]
        if all(a is not None for a in arms):
            return _trim(arms[0] | arms[1])
    return None


def _update(df, s, known: dict, sink, writes: list) -> None:
    """A finding for `acc = maximum(acc, e)` (or minimum, or `where(e > acc, e, acc)`) whose
    acc may hold, where it runs, a constant that is not the operation's identity."""
    if not isinstance(s, ir.Compute) or s.target.name not in known:
        return
    starts = known[s.target.name]
    some = " on some path" if len(starts) > 1 else ""
    if _product(s) is not None:
        # a running product only where every write of it in its loop multiplies it or sets it
        # anew (held-out round 41's attention rescales `acc = acc * alpha` from zeros, then
        # adds an mma: no product)
        if 0.0 in starts and all(isinstance(w, ir.Zeros) or isinstance(w, ir.Compute) and (
                _product(w) is not None or w.target.name not in exprs.free_syms(w.value, ir.SymKind.TENSOR))
                for w in writes):
            sink.finding(Finding(
                "START", s.span, f"the running product '{s.target.name}' starts at 0.0{some}: every update "
                "multiplies 0.0, so the result is 0.0 (or NaN), not a product of the data",
                hint=f"start '{s.target.name}' at 1.0, the product's identity", severity="warning"))
        return
    if _summand(s):
        _sum_start(s, starts, writes, sink)
        return
    factors = _rescale(s)
    if factors is not None:
        _rescaled_start(df, s, factors, known, writes, sink)
        return
    got = running.update(s.value, s.target.name) or _negated(s.value, s.target.name)
    if got is None:
        return
    op, other = got
    dtype = s.target.dtype
    lo, hi = (-math.inf, math.inf) if dtype.is_float else INT_RANGES[dtype]
    identity = lo if op == "max" else hi
    inside = sorted((v for v in starts if v != identity and not math.isnan(v)), reverse=op == "max")
    if not inside:
        return
    start = inside[0]               # the start that most often wins: the largest under a maximum
    bound = bound_through_math(df, _inner(other, op), op)[1]
    if bound is not None and (bound >= start if op == "max" else bound <= start):
        return          # the updates never pass the start: it is a floor (or ceiling) of the data
    what = "maximum" if op == "max" else "minimum"
    shown = _number(identity, dtype)
    sink.finding(Finding(
        "START", s.span, f"the running {what} '{s.target.name}' starts at {_number(start, dtype)}{some}, not at "
        f"{op}'s identity {shown}: wherever every value it meets is {'below' if op == 'max' else 'above'} "
        f"{_number(start, dtype)}, the result is that start, not a value of the data",
        hint=f"start '{s.target.name}' at {shown}; if {_number(start, dtype)} is meant as a "
        f"{'floor' if op == 'max' else 'ceiling'}, apply it after the loop", severity="warning"))


def _negated(e: ir.Expr, name: str) -> tuple[str, ir.Expr] | None:
    """A running extremum written through negation: `m = -maximum(-m, y)` is minimum(m, -y),
    `m = -minimum(-m, y)` maximum(m, -y); (op, the other operand) as running.update gives."""
    match e:
        case ir.Neg(operand=ir.Call(func="maximum" | "minimum" as f, args=(a, b), kwargs=()) as call):
            for x, y in ((a, b), (b, a)):
                if isinstance(x, ir.Neg) and isinstance(x.operand, ir.Sym) and x.operand.name == name \
                        and name not in exprs.free_syms(y, ir.SymKind.TENSOR):
                    return ("min" if f == "maximum" else "max"), ir.Neg(y, call.span)
    return None


def _product(s: ir.Compute) -> tuple | None:
    """The other factors of a running product `p = p * e` that reads p once, as a factor
    (`p * s * 2.0`, `-(p * s)`, `p / s`: issue 17), or None (new-user round 111: a cumulative
    product started at `z + 0.0` proved, every output 0)."""
    return _factors(s.value, s.target.name)


def _factors(e: ir.Expr, me: str) -> tuple | None:
    """The other factors of product `e` that reads tile `me` once, as a factor; else None."""
    factors: list = []

    def split(e: ir.Expr, over: bool) -> None:
        match e:
            case ir.Neg(operand=x):
                split(x, over)
            case ir.Bin(op=ir.BinOp.MUL, lhs=a, rhs=b):
                split(a, over)
                split(b, over)
            case ir.Bin(op=ir.BinOp.DIV, lhs=a, rhs=b):
                split(a, over)
                split(b, True)
            case _:
                factors.append((e, over))
    split(e, False)
    mine = [i for i, (x, over) in enumerate(factors) if not over and isinstance(x, ir.Sym) and x.name == me]
    if len(mine) != 1:
        return None
    others = tuple(x for i, (x, _) in enumerate(factors) if i != mine[0])
    if any(me in exprs.free_syms(x, ir.SymKind.TENSOR) for x in others):
        return None
    return others


def _terms(e: ir.Expr) -> list[tuple[ir.Expr, bool]]:
    """The terms of a sum `a + b - c` (each with whether it is subtracted)."""
    terms: list = []

    def split(x: ir.Expr, neg: bool) -> None:
        match x:
            case ir.Bin(op=ir.BinOp.ADD, lhs=a, rhs=b):
                split(a, neg)
                split(b, neg)
            case ir.Bin(op=ir.BinOp.SUB, lhs=a, rhs=b):
                split(a, neg)
                split(b, not neg)
            case _:
                terms.append((x, neg))
    split(e, False)
    return terms


def _rescale(s) -> tuple | None:
    """The factors of a rescaled running sum `l = l * alpha + e` (l once, as a factor of one
    added term that is not l alone; the other terms do not read l), or None."""
    if not isinstance(s, ir.Compute):
        return None
    me = s.target.name
    terms = _terms(s.value)
    mine = [(x, neg) for x, neg in terms if me in exprs.free_syms(x, ir.SymKind.TENSOR)]
    if len(mine) != 1 or len(terms) < 2 or mine[0][1] or isinstance(mine[0][0], ir.Sym):
        return None
    return _factors(mine[0][0], me) or None


def _rescaled_start(df, s, factors: tuple, known: dict, writes: list, sink) -> None:
    """START for a rescaled running sum that may start at a number other than 0.0 (held-out
    round 134: an online softmax's `l = z + 1.0` beside a maximum started at tile 0's, its
    `l = l * exp(m_prev - m) + ...` keeping 1.0 times the rescales): the start stays in the
    result unless a factor is 0.0 at its first update (`exp(m_prev - m)` with m started at
    -inf is exp(-inf) = 0.0, which erases any start: held-out round 41's attention)."""
    name = s.target.name
    off = sorted(v for v in known[name] if v != 0.0 and not math.isnan(v))
    if not off or not all(w is s or _adds_or_sets(w, name) for w in writes):
        return
    if any(_numbers(df, with_consts(df.kernel, f), known) == frozenset((0.0,)) for f in factors):
        return
    some = " on some path" if len(known[name]) > 1 else ""
    shown = _number(off[0], s.target.dtype)
    scale = " * ".join(format_expr(f) for f in factors)
    sink.finding(Finding(
        "START", s.span, f"the running sum '{name}' starts at {shown}{some}, and each update rescales it by "
        f"`{scale}`, which is not 0.0 at its first update: the result holds {shown} times the rescales besides "
        "the sum of the data", hint=f"start '{name}' at 0.0 (`zeros`), or start the maximum the rescale follows "
        "at -inf, so that the first rescale is 0.0", severity="warning"))


def _summand(s) -> bool:
    """Whether `s` is a running sum `s = s + e` (s once, as a term: `e + s`, `s - e`,
    `s + a - b`) or an mma that accumulates into its target."""
    if isinstance(s, ir.Mma):
        return s.c == s.target.name
    if not isinstance(s, ir.Compute):
        return False
    me, terms = s.target.name, _terms(s.value)
    mine = [i for i, (e, neg) in enumerate(terms) if not neg and isinstance(e, ir.Sym) and e.name == me]
    return len(mine) == 1 and not any(me in exprs.free_syms(e, ir.SymKind.TENSOR)
                                      for i, (e, _) in enumerate(terms) if i != mine[0])


def _sum_start(s, starts: frozenset, writes: list, sink) -> None:
    """START for a running sum (or an mma's accumulator) that may start at a number other
    than 0.0, sum's identity: the result is the data's sum plus that start (held-out round
    131: a row sum and a GEMM accumulator started at `z + 1.0` proved; tags record where
    values come from, and a start computed from constants adds no record). Only where every
    write of it in its loop adds to it or sets it anew (a rescale `l = l * alpha` makes the
    start a different number)."""
    name = s.target.name
    off = sorted(v for v in starts if v != 0.0 and not math.isnan(v))
    if not off or not all(_adds_or_sets(w, name) for w in writes):
        return
    some = " on some path" if len(starts) > 1 else ""
    shown = _number(off[0], s.target.dtype)
    what = f"the accumulator '{name}' of this mma" if isinstance(s, ir.Mma) else f"the running sum '{name}'"
    sink.finding(Finding(
        "START", s.span, f"{what} starts at {shown}{some}, not at 0.0, sum's identity: the result is the "
        f"data's sum plus {shown}, not the sum of the data",
        hint=f"start '{name}' at 0.0 (`zeros`); if {shown} is meant as an offset, add it after the loop",
        severity="warning"))


def _adds_or_sets(w, name: str) -> bool:
    """A write of running sum `name` that adds to it or sets it anew (not a rescale)."""
    return isinstance(w, ir.Zeros) or _summand(w) or isinstance(w, ir.Compute) \
        and name not in exprs.free_syms(w.value, ir.SymKind.TENSOR)


def _inner(e: ir.Expr, op: str) -> ir.Expr:
    """The values a reduction of the same kind ranges over (`max(x, axis=1)` meets x's)."""
    while isinstance(e, ir.Call) and e.func == op and e.args:
        e = e.args[0]
    return e


def _number(v: float, dtype: ir.DType) -> str:
    if not dtype.is_float and math.isfinite(v):
        return str(int(v))
    return {math.inf: "inf", -math.inf: "-inf"}.get(v, repr(float(v)))
