"""TAG, masked tiles: the padding that reaches a reduction or an mma is its neutral value.

Padding carries the PAD tag, which contributes to nothing; that is true of the computed
values only if each reduction that reads padding reads its identity (0 for sum and mma,
-inf for max, inf for min). Where padding lies and its value come from the walk in
encode/pad_walk.py; what it cannot tell is unknown, never proved. A store of padding into
an output, or an assertion on a padded tile, is unknown where the padding met data; where
a tag function says zeros, the padding stored there must be 0.0.
"""
from __future__ import annotations

import math

import z3

from dsl import exprs, ir
from dsl.data_bounds import never_negative_zero
from dsl.fmt import format_expr
from dsl.masks import INT_RANGES, PAD_FINDING, neutral_for
from dsl.pad_values import UNKNOWN, cast_value, identical, same

from . import running
from .fill_parts import MET
from .findings import Finding, Unknown
from .named_math import bound_through_math
from .holds_data import empty_range
from .index_range import within_type
from .solver import Verdict as SV, find_model
from .value_atoms import non_finite
from .pad_walk import Pads
from .symbols import Unsupported


def check(df, sink, opts) -> None:
    def require(point, op, parts, operand, axis, bounded):
        if parts and _under_start(df, point, op, operand, parts):
            sink.obligation()       # the running extremum's start already holds what the padding could
            return
        dtype = pads.compute_dtype(operand)
        _require(sink, point, op, parts, operand, axis, bounded, dtype,
                 lambda e: within_type(df, pads, point, e, dtype), lambda e: bound_through_math(df, e, op, point))
    pads = Pads(df, opts, require=require)
    for p in df.points:
        try:
            _check_point(df, sink, pads, p)
        except Unsupported as u:      # e.g. a masked store under a thread-dependent condition
            sink.obligation()
            sink.unknown("TAG", u.span or p.span, u.reason)


def _check_point(df, sink, pads, p) -> None:
    s = p.stmt
    # every tile read here is read at p: a tile with several writers has the padding of the
    # one write p sees (pad_reach.py; held-out round 18's m08 proved when the mma asked at the
    # point of the statement checked before it)
    pads.point = p
    if isinstance(s, ir.Mma):
        for name, other, k in ((s.a, s.b, 1), (s.b, s.a, 0)):
            # a part whose lines along k are all padding (a's rows past M, b's columns past N)
            # makes whole lines of the result padding, whatever its value: the padding walk
            # gives those lines its value (0.0 or unknown), a mask or a masked store decides
            parts = tuple(q for q in pads.of(name) if k not in q.whole and not _cancelled(df, pads, p, s, q, name))
            _require(sink, p, "mma", parts, ir.Sym(name, ir.SymKind.TENSOR), dtype=df.types[name].dtype)
            seen = non_finite(pads.finite.read(p, other)) if parts else ""
            if seen:
                sink.obligation()
                sink.unknown("TAG", p.span, f"padding of {name} meets {other}, whose elements may be {seen} "
                             "(0.0 * inf is NaN): mask the padding out or keep the other operand finite")
    elif isinstance(s, ir.Compute):
        pads.expr(s.value, s.target.name, check=True)
    elif isinstance(s, ir.Store) and df.kernel.param(s.dst.tensor) is not None:
        # Every store into a kernel tensor, tagged or not: padding that met data as no identity
        # (`1.0 + x` of a halo filled with 1.0, `maximum(0.0, x)` of a max-pool's 0.0 fill) is a
        # value the data alone would not have made (new-user round 33: a stencil and a max-pool
        # into outputs without a tag function were proved and stored it).
        parts = pads.of(s.src)
        if s.mask is not None:
            # A masked store drops what lies past the output: the padding of rows past M
            # when the store's rows are the loads' rows.
            parts = tuple(q for q in parts if not pads.dropped(q, p))
        _stored(sink, p, parts, s.src)
        decl = df.kernel.tag_of(s.dst.tensor)
        if decl is not None and _promises_zeros(df, decl):
            _zeros_promised(sink, p, parts, s, decl.else_value, df.kernel.param(s.dst.tensor).dtype)
    elif isinstance(s, (ir.Assert, ir.Invariant)):
        for name in sorted({n.elem.tensor for n in exprs.iter_nodes(s.cond) if isinstance(n, ir.TagField)}):
            _stored(sink, p, tuple(q for q in pads.of(name) if not _guarded_out(df, pads, p, s, name, q)), name,
                    claim=True)


def _cancelled(df, pads, p, s: ir.Mma, q, name: str) -> bool:
    """Whether part q of one mma operand meets only padding 0.0 of the other: q's value is a
    finite number, every padding element of the other operand is 0.0, and wherever q lies the
    other operand's element at the same k is padding (an exact place): each product is then
    q * 0.0 = 0.0 (held-out round 33: V filled with 1.0 under P's 0.0 key tail was refused)."""
    if not isinstance(q.value, float) or not math.isfinite(q.value) or q.at is None or p is None:
        return False
    other = s.b if name == s.a else s.a
    theirs = pads.of(other)
    if not theirs or not all(isinstance(r.value, float) and same(r.value, 0.0) for r in theirs):
        return False
    exact = [r.at for r in theirs if r.exact and r.at is not None]
    if not exact:
        return False
    i, k, j = z3.Int("mma.i"), z3.Int("mma.k"), z3.Int("mma.j")
    coords = {s.a: (i, k), s.b: (k, j)}
    tile = [z3.Int("pad.c0"), z3.Int("pad.c1")]
    on = lambda at, n: z3.substitute(at, (tile[0], coords[n][0]), (tile[1], coords[n][1]))
    m, kk = df.shape(s.a)
    n = df.shape(s.b)[1]
    _, facts = pads.instance(p)
    box = [i >= 0, i < m, k >= 0, k < kk, j >= 0, j < n]
    return pads.proved(z3.Implies(on(q.at, name), z3.Or(*[on(r, other) for r in exact])), facts + box)


def _guarded_out(df, pads, p, s, name: str, q) -> bool:
    """Whether every conjunct of the assertion that reads `name`'s tags is `G or ...` with a
    guard G that reads no tag and holds wherever part q lies: the claim says nothing there
    (new-user round 42: `assert block.x * BR + i >= R or tag(y[i, j]).gcol == j` over a row
    tail was unknown, the rows past R being padding that met data)."""
    if q.at is None:
        return False
    parts = [c for c in exprs.conjuncts(s.cond) if any(isinstance(n, ir.TagField) and n.elem.tensor == name
                                                for n in exprs.iter_nodes(c))]
    inst, facts = pads.instance(p)
    facts = facts + [z3.And(z3.Int(f"pad.c{d}") >= 0, z3.Int(f"pad.c{d}") < n) for d, n in enumerate(df.shape(name))]
    for c in parts:
        guard = [d for d in exprs.disjuncts(c) if not any(isinstance(n, ir.TagField) for n in exprs.iter_nodes(d))]
        fields = [n for n in exprs.iter_nodes(c) if isinstance(n, ir.TagField) and n.elem.tensor == name]
        coords = {ix.name: z3.Int(f"pad.c{d}") for f in fields[:1] for d, ix in enumerate(f.elem.indices)
                  if isinstance(ix, ir.Sym) and ix.kind is ir.SymKind.INDEX}
        if not guard or any(tuple(f.elem.indices) != tuple(fields[0].elem.indices) for f in fields) \
                or len(coords) != len(fields[0].elem.indices):
            return False
        try:
            g = z3.Or(*[df.env.cond(d, {**inst, **coords}) for d in guard])
        except Unsupported:
            return False
        if not pads.proved(z3.Implies(q.at, g), facts):
            return False
    return bool(parts)


def _stored(sink, point, parts, what: str, claim: bool = False) -> None:
    """Padding that became data (`fill + x`) holds x's value but, as PAD, none of its records:
    the output's tag function, or an assertion on the tile, would bind it vacuously.
    Unknown, never proved."""
    if not parts:
        return
    sink.obligation()
    # MET parts hold data with its records; pure ones padding alone (fill_parts.Part)
    if any(q.value == UNKNOWN and not q.pure for q in parts):
        sink.unknown("TAG", point.span, f"{PAD_MET}'{what}' (its value there "
                     "depends on other tiles, which its PAD tag does not record): its tags are not known; "
                     "mask the math's other operands too, or keep the padding out of the tile"
                     + ("; or leave the padding out of the claim: `COND or tag(...) ...`, COND true wherever "
                        "the element is padding (its column past the tensor's edge, say)" if claim else ""))
    elif any(q.absorbed for q in parts):
        # held-out round 35: a min-pool's -inf halo won every border window and was stored
        sink.unknown("TAG", point.span, f"padding of a masked tile wins against data in '{what}' {ABSORBED}")


PAD_MET = "padding of a masked tile meets data in "


def undecided_by_padding(findings, unknowns) -> tuple[list, list]:
    """TAG findings at a statement where padding met data in a tile (its tags are not known
    there: _stored) that show no record, a missing record or a claim's missing value, are
    unknown: they rest on the records padding lost (new-user round 50: a top-2 kernel's
    `covers` claim and its store were refuted at C = 2, neither reproduced). A finding
    that shows a record found wrong stays."""
    lines = {u.span.line for u in unknowns if u.rule == "TAG" and u.reason.startswith(PAD_MET)}
    kept, undecided = [], []
    for f in findings:
        if f.rule == "TAG" and f.severity == "error" and f.span.line in lines and not any(o.tag for o in f.operands):
            undecided.append(Unknown("TAG", f.span, f"not decided, padding having met data here (its records are "
                                                      f"not known): {f.message}"))
        else:
            kept.append(f)
    return kept, list(unknowns) + undecided


# why padding that won against data is refused, at a store and at a reduction
ABSORBED = ("(an infinite fill in `inf + x`, `maximum(inf, x)` or `minimum(-inf, x)`): the element holds the fill "
            "where the data was; fill with the math's identity (0.0 for +, -inf for maximum, inf for minimum)")


def _promises_zeros(df, decl) -> bool:
    """Does the tag function say some element holds zeros: it has a condition, or a `range`
    field that can be empty under the assumptions (`k=range(0, K)` with K >= 32 cannot)?"""
    if decl.cond is not None:
        return True
    if not any(isinstance(e, ir.RangeSet) for _, e in decl.fields):
        return False
    try:
        empty = empty_range(df, decl.tensor, {}, {i: z3.Int(f"%zero@{i}") for i in decl.indices})
    except Unsupported:
        return True
    return find_model(list(df.env.facts) + [empty], df.solver, probe=True).verdict is not SV.PROVED


def _zeros_promised(sink, point, parts, s, due: float, dtype: ir.DType) -> None:
    """An output whose tag function has a condition holds zeros where it fails (or its `else`
    value), and one with a `range` field where the range is empty: padding stored there must
    be that value (padding where the element is bound is encode/holds_data.py's or the range
    rule's finding). A fill of another value may reach those elements: unknown, never proved."""
    if not parts:
        return
    sink.obligation()
    # (compared as the output holds it: a 1e30 fill stored in f16 is inf)
    bad = [q.value for q in parts if q.value != MET and (q.value == UNKNOWN or not same(cast_value(q.value, dtype), due))]
    if bad:
        shown = "not known" if bad[0] == UNKNOWN else _num(bad[0])
        held, fill = ("zeros", "0.0") if due == 0.0 else (_num(due), _num(due))
        sink.unknown("TAG", point.span, f"padding whose value is {shown} may be stored into {s.dst.tensor} where "
                     f"its tag function says the element holds {held} (its condition fails or a range is "
                     f"empty); fill with {fill} there")


def _under_start(df, point, op: str, operand: ir.Expr, parts) -> bool:
    """Padding that reaches `max(operand)` (or min) only inside a running extremum
    `acc = maximum(acc, max(operand, axis=k))` whose starts are constants at least every
    padding value (at most, for min), its other writers updates of the same form: the running
    value never falls below a start, so no padding value can win against it (new-user round
    53: a last-argmin's candidates padded with -1 under a running maximum started at -1; the
    start itself is START's to warn about)."""
    from .zero_values import constant_value
    s = point.stmt
    # (an integer tile's fill is an int: new-user round 65's i32 running max from -1 over a -1 fill)
    if op not in ("max", "min") or not isinstance(s, ir.Compute) or \
            any(isinstance(q.value, bool) or not isinstance(q.value, (int, float)) for q in parts):
        return False
    acc = s.target.name
    red = running.update(s.value, acc)
    if red is None or not (isinstance(red[1], ir.Call) and red[1].func == op and red[1].args
                           and red[1].args[0] is operand):
        return False
    got = running.starts(df, acc, lambda w: constant_value(df, w.value) if isinstance(w, ir.Compute) else
                         0.0 if isinstance(w, ir.Zeros) else None)
    if got is None or got[0] != op or not got[1]:
        return False
    # a tie with a start of the same zero adds no outcome: the kernel's own maximum of that
    # start and a data zero of the other sign may give either (a -0.0 start under 0.0
    # padding may not: held-out round 68). Only where both zeros' signs are sure: a `zeros`
    # start, and padding that is a load's fill or math that never gives -0.0 (`0.0 * y` is
    # either zero: held-out round 73)
    sure = all(isinstance(w.stmt, ir.Zeros) for w in df.writers.get(acc, []) if not df.accumulates(w, acc)) \
        and (never_negative_zero(operand) or _filled(df, operand))
    return all(never_wins(v, start, op) or (sure and identical(v, start))
               for v in (q.value for q in parts) for start in got[1])


def _filled(df, e: ir.Expr) -> bool:
    """A bare tile every write of which is a masked load or copy: its padding is the fill."""
    return isinstance(e, ir.Sym) and e.kind is ir.SymKind.TENSOR and bool(df.writers.get(e.name)) and all(
        isinstance(w.stmt, (ir.Load, ir.Copy, ir.TmaLoad)) and w.stmt.mask is not None for w in df.writers[e.name])


def _require(sink, point, op: str, parts, operand: ir.Expr, axis: int | None = None, bounded: bool = False,
             dtype: ir.DType | None = None, in_range=None, bound_of=None) -> None:
    """The padding `parts` of `operand` that reach reduction (or mma) `op` (over `axis`) is
    neutral there (`in_range(e)`: whether every value of e is one of `dtype`'s; `bound_of(e)`:
    e's math, its tiles resolved, and the bound on its data: encode/finite_values.py)."""
    if not parts:
        return
    sink.obligation()
    want = neutral_for(op)
    if op in ("max", "min") and dtype in INT_RANGES and (_in_type_range(operand, dtype) or (
            in_range is not None and in_range(operand))):
        # an integer tile's max has its type's least value as identity: no -inf in an i32 tile
        # (held-out round 39: `masked(fill=-2147483648)` was refused, told to fill with -inf).
        # Only where no arithmetic made the values: math may be int64 (index math), below the
        # type's least value; a choice between tiles, indices and literals is not (new-user
        # round 50: `min(where(x == m, index(x, axis=1), 2147483647))` was refuted, its
        # named-temporary twin proved). Arithmetic on coordinates and scalars is bounded by
        # the solver (encode/index_range.py).
        want = INT_RANGES[dtype][0 if op == "max" else 1]
    elif op in ("max", "min") and dtype in INT_RANGES and all(
            q.value == INT_RANGES[dtype][0 if op == "max" else 1] for q in parts):
        # the type's extreme is the identity only where no value of the operand lies beyond it
        sink.unknown("TAG", point.span, f"padding of a masked tile reaches this {op} as the {dtype.value} type's "
                     f"{'least' if op == 'max' else 'largest'} value, its identity only where no value of "
                     f"`{format_expr(operand)}` lies beyond the type, which was not shown: bound the sizes "
                     "with an `assume`, or mask the reduced operand itself")
        return
    bare = isinstance(operand, ir.Sym)
    what = operand.name if bare else "its operand"
    if any(q.absorbed for q in parts):
        # held-out round 36: `min(maximum(l, c))` with an inf fill dropped column 0's data
        sink.unknown("TAG", point.span, f"padding of a masked tile won against data before this {op} {ABSORBED}")
        return
    if any(q.value == MET for q in parts):
        sink.unknown("TAG", point.span, f"padding of a masked tile met data (as in `0.0 + x`) before this {op}: "
                     "those elements hold the other operand's value, which the padding was not; mask the "
                     "result again before reducing it")
        return
    if any(q.value == UNKNOWN for q in parts):
        sink.unknown("TAG", point.span, f"padding of a masked tile reaches this {op} through math whose value "
                     "at the padding is not known; fill with a value that stays neutral")
        return
    math_of, bound = bound_of(operand) if bound_of is not None else (operand, None)
    # a bound on the data serves only float math (`bounded`), in lines that hold data: no
    # line of the part, or of the parts together, is all padding (its result is the fill)
    bad = next((q.value for q in parts if not same(q.value, want) and not (
        axis is not None and bounded and q.maybe is not None and axis not in q.maybe
        and _below(q.value, bound, op, math_of))), None)
    if bad is None:
        return
    integer = isinstance(bad, int) or dtype in INT_RANGES    # an integer tile's fill (i8, i32 operands)
    got, want = _num(bad, integer), _num(want, integer)
    msg = PAD_FINDING.format(op=op, got=got, want=want)
    if bare:
        hint = (f"give the padding of {what} the value {want}: masked(fill={want}) on its load or "
                f"copy, fill={want} in mask(...)")
    else:
        # the math between the fill and the reduction moves it (abs(-inf) is inf): mask the
        # reduction's own operand (held-out round 30: the hint's fill made a real bug)
        hint = (f"the padding reaches this {op} through `{format_expr(operand)}`: mask that operand itself, "
                f"`{op}(mask({format_expr(operand)}, <where the element is real>, fill={want}), axis=...)`, "
                f"or fill the load with a value the math maps to {want}")
    sink.finding(Finding("TAG", point.span, msg, hint=hint))


def _in_type_range(e: ir.Expr, dtype: ir.DType) -> bool:
    """Every value of e is one of a tile's, an index or a literal that `dtype` holds: no
    arithmetic (held-out round 112: `min(where(x > 0, x, 3000000000))` of an i32 x took
    2147483647 padding for min's identity, and the padding won over the int64 literal)."""
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR):
            return True
        case ir.IntLit(value=v):
            return INT_RANGES[dtype][0] <= v <= INT_RANGES[dtype][1]
        case ir.Call(func="index"):
            return True
        case ir.Call(func="where", args=(_, a, b)):
            return _in_type_range(a, dtype) and _in_type_range(b, dtype)
        case ir.Call(func="mask" | "bcast" | "reshape", args=(a, *_)):
            return _in_type_range(a, dtype)
    return False


def _below(v, bound, op: str, operand: ir.Expr) -> bool:
    """Padding v is neutral for a max over data that is >= bound (a min: <= bound) in every
    line that holds some data: max(abs(x)) with 0.0 padding (held-out round 30); a tie of
    +0.0 padding with data that is never -0.0 (abs, exp, x * x) is the same number."""
    if bound is None or not isinstance(v, float) or math.isnan(v):
        return False
    if op == "max" and v == bound == 0.0 and math.copysign(1.0, v) > 0 and never_negative_zero(operand):
        return True
    return never_wins(v, bound, op)


def never_wins(v, bound, op: str) -> bool:
    """Padding v loses against every value at least `bound` under max (at most, under min):
    below it, or equal and not a zero; a zero ties with the other zero (max(0.0, -0.0) may be
    either: Python's max keeps the first, fmaxf is unspecified), and `1.0 / it` tells them
    apart (held-out round 68: a -0.0 start under 0.0 padding, a row max of sqrt(-0.0))."""
    if op not in ("max", "min"):
        return False
    return (v < bound if op == "max" else v > bound) or (v == bound and v != 0.0)


def _num(v: float, integer: bool = False) -> str:
    """A padding value as the kernel would write it: `1` for an integer tile's fill."""
    if integer and math.isfinite(v) and v == int(v):
        return str(int(v))
    return "inf" if v == math.inf else "-inf" if v == -math.inf else repr(float(v))
