"""Values of tile elements the tags follow: coordinates, shapes, and the conditions of masks
and `where`s on them.

A condition on an element's own coordinates (`index(x, axis=a)`), sizes, blocks, loop
variables and integer tiles loaded from inputs is encoded exactly at the element; any other
is a free choice per element and instance (`selector`). Tile math, casts and stores may leave
their integer type's range (i8, i32): outside it the value is unknown (it wraps; math on
coordinates and scalars alone is of int64 integers, as the interpreter and the lowering
compute it).
"""
from __future__ import annotations

import z3

from dsl import exprs, ir
from dsl.compute import expr_shape

from . import program as prog
from .elem_reads import OPAQUE_MARK, after_a_write, writes_by_tensor
from .fill_parts import against_index
from .symbols import Unsupported, mk_div, mk_mod
from .terms import And, Or


def reshaped(df, e, x, coords) -> tuple:
    """The coordinates in `x` of the element `coords` of `e = reshape(x, ...)`."""
    from dsl.views import reshape_extents, source_coords
    div = lambda a, n: a / n if z3.is_expr(a) else a // n      # non-negative: z3's / is exact
    return source_coords(reshape_extents(e, df.env.consts), shape_of(df, x), coords, div, lambda a, n: a % n)


def shape_of(df, e: ir.Expr) -> tuple[int, ...]:
    """The tile shape of an elementwise expression: broadcasts add their axis, reductions
    remove theirs, operands broadcast against the widest (docs/SEMANTICS.md)."""
    shape = expr_shape_of(df, e)
    if shape is None:
        raise Unsupported("a reduction over a scalar", getattr(e, "span", None))
    return shape


def expr_shape_of(df, e: ir.Expr):
    return expr_shape(e, df.shape, df.env.const_value)


def index_cond(df, cond: ir.Expr, coords: tuple, inst: dict, w=None):
    """A condition on the element's own coordinates (`index(x, axis=a)`), sizes, blocks, loop
    variables and, at reader `w`, integer tiles loaded from inputs (`_tile_value`), encoded
    exactly at `coords`; None when it reads other data or the thread."""
    readers = [w]       # where the tiles are read: a computed tile's operands at its own write
    def term(e, at):
        match e:
            case ir.Call(func="index", kwargs=kw):
                return at[df.env.const_value(dict(kw)["axis"])]
            case ir.Call(func="bcast", args=(x,), kwargs=kw):
                axis = df.env.const_value(dict(kw)["axis"])
                return term(x, tuple(at[:axis]) + tuple(at[axis + 1:]))
            case ir.Call(func="reshape", args=(x,)):
                return term(x, reshaped(df, e, x, at))
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n) if w is not None:
                got = _tile_value(df, n, at, readers[-1], inst)
                if isinstance(got, tuple):
                    # computed: its expression at the tile's element, its operands as they were
                    # at that write (a reload after it is not what it read: held-out round 63),
                    # stored in the tile's type (`maximum(f, 200)` in an i8 tile is -56)
                    value, tile, p = got
                    readers.append(p)
                    try:
                        v = term(value, tile)
                    finally:
                        readers.pop()
                    return None if v is None or not z3.is_int(v) else stored(v, p.stmt.target.dtype)
                return got
            case ir.Cast(operand=x, dtype=dt) if dt in BITS and (src := value_type(df, x)) in {*BITS, None}:
                # between integer types (or of coordinates, int64): the value where dt holds it
                v = term(x, at)
                return v if v is None or BITS[dt] >= BITS.get(src, 64) else held(v, dt, at)
            case ir.Call(func="max" | "min" as f, args=(x,), kwargs=kw) if w is not None and "axis" in dict(kw):
                # a reduction of a few known integers (the longest of a block's lengths)
                axis = df.env.const_value(dict(kw)["axis"])
                n = shape_of(df, x)[axis]
                if n > MAX_REDUCED:
                    return None
                vals = [term(x, tuple(at[:axis]) + (z3.IntVal(k),) + tuple(at[axis:])) for k in range(n)]
                if any(v is None for v in vals):
                    return None
                out = vals[0]
                for v in vals[1:]:
                    out = z3.If(v > out if f == "max" else v < out, v, out)
                return out
            case ir.Call(func="abs", args=(a,), kwargs=()):
                # of an integer: wraps in its type at the least value (abs of INT_MIN is INT_MIN)
                x = term(a, at)
                if x is None or not z3.is_int(x):
                    return None
                return typed(z3.If(x >= 0, x, -x), e, at)
            case ir.Call(func="maximum" | "minimum" as f, args=(a, b), kwargs=()):
                # elementwise, of integers: one of the two, no wrap (held-out round 58's
                # `minimum(ib, 0) == 0`, not followed, was any choice and refuted a correct mask)
                x, y = term(a, at), term(b, at)
                if x is None or y is None or not (z3.is_int(x) and z3.is_int(y)):
                    return None
                return z3.If(x >= y, x, y) if f == "maximum" else z3.If(x <= y, x, y)
            case ir.Bin(op=op, lhs=a, rhs=b) if op in ir.COMPARISONS and (ints := _integer_compare(df, a, b)):
                # an integer tile cast to a float type against an integral literal the type
                # holds with its neighbours: the integers compare alike (held-out round 90:
                # `cast(ids, f32) != 0.0`, not followed, refuted a correct embedding)
                return term(ir.Bin(op, ints[0], ints[1], e.span), at)
            case ir.Bin(op=op, lhs=a, rhs=b) if op in ir.COMPARISONS or op in ir.LOGICAL:
                x, y = term(a, at), term(b, at)
                return None if x is None or y is None else {
                    ir.BinOp.EQ: lambda: x == y, ir.BinOp.NE: lambda: x != y, ir.BinOp.LT: lambda: x < y,
                    ir.BinOp.LE: lambda: x <= y, ir.BinOp.GT: lambda: x > y, ir.BinOp.GE: lambda: x >= y,
                    ir.BinOp.AND: lambda: And(x, y), ir.BinOp.OR: lambda: Or(x, y)}[op]()
            case ir.Not(operand=a):
                x = term(a, at)
                return None if x is None else z3.Not(x)
            case ir.Neg(operand=a):
                # a negative literal (`fb >= -100`: new-user round 55 refuted a correct kernel
                # whose condition, not followed, was any choice) or a negated integer tile
                x = term(a, at)
                if x is None or not z3.is_int(x):
                    return None
                return typed(-x, e, at)
            case ir.Bin(op=op, lhs=a, rhs=b) if op in (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL):
                x, y = term(a, at), term(b, at)
                if x is None or y is None:
                    return None
                r = {ir.BinOp.ADD: x + y, ir.BinOp.SUB: x - y, ir.BinOp.MUL: x * y}[op]
                return typed(r, e, at)
            case ir.Bin(op=op, lhs=a, rhs=b) if op in (ir.BinOp.DIV, ir.BinOp.MOD) and df.env.const_value(b):
                # by a constant other than 0 and -1: truncating, as CUDA's, and never out of i32
                x, c = term(a, at), df.env.const_value(b)
                if x is None or c == -1:
                    return None
                return mk_div(x, c) if op is ir.BinOp.DIV else mk_mod(x, c)
            case ir.IntLit() | ir.Sym(kind=ir.SymKind.CONST | ir.SymKind.SIZE | ir.SymKind.LOOP) | ir.BuiltinRef():
                if isinstance(e, ir.BuiltinRef) and e.which.value.startswith("thread."):
                    return None
                return df.env.term(e, inst)
            case ir.ElemRef() if not any(isinstance(n, ir.BuiltinRef) and n.which.value.startswith("thread.")
                                         for n in exprs.iter_nodes(e)):
                # an integer input's element (the input's function, or an opaque read where a
                # write of the kernel may come first: encode/elem_reads.py), as in a subscript
                return df.env.term(e, inst)
        return None
    def typed(v, e, at):
        """`v`, the value of tile math `e`, as its tile's type holds it (i8, i32 wrap: outside
        the range the value is unknown, one per element); math on coordinates and scalars is
        of int64 integers."""
        t = value_type(df, e)
        return v if t is None else held(v, t, at)
    def held(v, dt, at):
        """`v` stored in integer type `dt`: itself where dt holds it, else unknown (it wraps)."""
        if dt not in BITS:
            return None
        lo, hi = -2 ** (BITS[dt] - 1), 2 ** (BITS[dt] - 1)
        return z3.If(And(v >= lo, v < hi), v, selector(df, at, inst, "wrap", z3.IntSort()))
    def stored(v, dt):
        """`v` assigned to a tile of integer type `dt`: wrapped around (two's complement, as
        NumPy's astype and the lowering's conversion store it)."""
        lo, hi = -2 ** (BITS[dt] - 1), 2 ** (BITS[dt] - 1)
        return z3.If(And(v >= lo, v < hi), v, (v - lo) % (hi - lo) + lo)
    try:
        return term(cond, tuple(coords))
    except Unsupported:
        return None


BITS = {ir.DType.I8: 8, ir.DType.I32: 32, ir.DType.I64: 64}     # the integer tile types
MAX_REDUCED = 64        # a max or min of more known integers than this is not followed


# the integers each float type holds exactly, with every integer between (so that rounding,
# which is monotone, keeps any comparison with one of them)
_EXACT = {ir.DType.F16: 2 ** 11 - 1, ir.DType.BF16: 2 ** 8 - 1, ir.DType.F32: 2 ** 24 - 1, ir.DType.F64: 2 ** 53 - 1}


def _integer_compare(df, a: ir.Expr, b: ir.Expr):
    """(a', b'): `cast(x, F) op c` (a broadcast or reshape of such a cast included) as
    `x op int(c)`, for an integer x and an integral float literal c that F holds with its
    neighbours; None otherwise."""
    def uncast(e):
        match e:
            case ir.Call(func="bcast" | "reshape", args=(x,), kwargs=kw):
                inner = uncast(x)
                return None if inner is None else ir.Call(e.func, (inner,), kw, e.span)
            case ir.Cast(operand=x, dtype=dt) if dt in _EXACT and value_type(df, x) in BITS:
                return x
        return None

    def literal(e):
        match e:
            case ir.FloatLit(value=c) | ir.IntLit(value=c):
                return c
            case ir.Neg(operand=ir.FloatLit(value=c) | ir.IntLit(value=c)):
                return -c
        return None
    for x, c, flip in ((a, b, False), (b, a, True)):
        got, v = uncast(x), literal(c)
        if got is None or v is None or v != int(v):
            continue
        limit = _EXACT[_cast_type(x)]
        if abs(v) > limit:
            continue
        lit = ir.IntLit(int(v), c.span)
        return (lit, got) if flip else (got, lit)
    return None


def _cast_type(e: ir.Expr) -> ir.DType:
    """The float type of the cast under broadcasts and reshapes (see _integer_compare)."""
    while isinstance(e, ir.Call):
        e = e.args[0]
    return e.dtype


def value_type(df, e: ir.Expr):
    """The dtype of tile math (`e`'s tile operands', as dsl/compute.py types it), or None for
    math on coordinates and scalars alone."""
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            return df.types[n].dtype
        case ir.Cast(dtype=dt):
            return dt
        case ir.Call(func="index"):
            return None
    for k in exprs.children(e):
        t = value_type(df, k)
        if t is not None:
            return t
    return None


def _tile_value(df, name: str, coords: tuple, w, inst: dict):
    """The value of register tile `name` at `coords` as read at `w`, when it is known: the
    tile's one write is in the loops around `w` and before it in their body (so `w` reads
    this iteration's), and is a plain load of an integer input that the kernel never writes
    (the value is the input's function, which the `assume`s speak of, at the loaded element)
    or math (then (its expression, the element) for the caller to evaluate). None otherwise:
    data the tags do not follow."""
    shape = df.shape(name)
    tile = tuple(coords[len(coords) - len(shape):]) if shape else ()
    p = _last_write(df, name, w, tile)
    if p is None:
        return None
    s = p.stmt
    if isinstance(s, ir.Compute) and name not in exprs.free_syms(s.value, ir.SymKind.TENSOR):
        # stored in the tile's type, which is its math's (dsl/compute.py): the caller guards
        # that math and its casts by their types' ranges
        return (s.value, tile, p) if s.target.dtype in BITS else None
    if not isinstance(s, ir.Load):
        return None
    param = df.kernel.param(s.src.tensor)
    if s.transpose or s.wgmma or param is None or param.dtype.is_float:
        return None
    fill = None if s.mask is None else s.mask.value
    if s.mask is not None and (not isinstance(fill, (int, float)) or fill != int(fill)):
        return None
    at = df.full_coords(s.src, inst, tile)
    if after_a_write(writes_by_tensor(df.points).get(param.name, ()), p):
        # A write of the kernel may come first: what it wrote is not tracked. An opaque value
        # (encode/elem_reads.py): a counterexample that needs it is unknown, not a witness.
        name = f"{param.name}{OPAQUE_MARK}{s.span.line}:{s.span.col}"
        args = [inst[loop.var] for loop in p.loops] + list(at)
        value = df.env.uf(name, len(args))(*args)
    else:
        value = df.env.held(df.env.uf(param.name, len(at))(*at), param.dtype)
    if s.mask is None:
        return value
    # a masked load: the fill past the tensor (new-user round 55: a row tail's labels)
    inside = And(*[And(c >= 0, c < df.env.term(n, {})) for c, n in zip(at, param.shape)])
    return z3.If(inside, value, z3.IntVal(int(fill)))


def _last_write(df, name: str, w, tile: tuple):
    """The write of register tile `name` whose value every element read at `w` holds: the
    last write before `w` in the program, in the loops around `w` and before it in their body, under
    the reader's own conditions or conditions on the thread that every owner of its elements
    passes (`if thread.x < 64: ln = load LEN[b : +1]`, the [1] tile's owner being thread 0).
    Where other writes come first, it must give every element to a thread (it then overwrites
    them all in each iteration before `w`). None otherwise: which write an element holds is
    not followed."""
    writers = df.writers.get(name, [])
    earlier = [q for q in writers if prog.before_in_body(q, w, prog.common_loops(q, w))]
    if not earlier:
        return None         # only a write after the reader, from an earlier iteration
    p = max(earlier, key=lambda q: q.path)
    if prog.common_loops(p, w) != len(p.loops):
        return None         # the last write before the reader is in a loop the reader is not in
    if any(prog.common_loops(q, w) > len(p.loops) for q in writers if q not in earlier):
        return None         # a write after the reader reaches it around a loop that p is outside
    # (a write after the reader, `t = a + 0; a = load ...`, reaches it only around a loop whose
    # every iteration runs p again before the reader: held-out round 63)
    roles = [g for g in p.guards if not any(g is h for h in w.guards)]
    if roles and not _owners_pass(df, p, roles):
        return None         # written under a condition the reader is not under
    if len(writers) > 1 and df.uncovered(p.stmt, tile):
        return None         # the elements it gives to no thread keep an earlier write
    return p


def _owners_pass(df, p, guards) -> bool:
    """Whether the thread that `p`'s distribution gives each element of its tile to passes
    `guards`, conditions on the thread alone, for every element: they never stop its write."""
    if any(not exprs.mentions_thread(g.cond) or exprs.free_syms(g.cond, ir.SymKind.LOOP) for g in guards):
        return False
    shape = df.shape(p.stmt.target.name)
    tile = [z3.Int(f"owner.c{d}") for d in range(len(shape))]
    try:
        conds = df.thread_guards(p, {}, tuple(tile))
    except Unsupported:
        return False
    box = [And(c >= 0, c < n) for c, n in zip(tile, shape)]
    from .settle import possible
    return not possible(df, list(df.env.facts) + box, z3.Not(And(*conds)))


def selector(df, coords: tuple, inst: dict, stem: str = "where", sort=None):
    """Whether `where` picks its first operand at this element: unknown, but one value per
    element and instance (a function of them), so a reduction over a `where` may mix picks.
    With `sort` IntSort: an unknown integer, one per element and instance."""
    sort = z3.BoolSort() if sort is None else sort
    args = [t if z3.is_expr(t) else z3.IntVal(t) for t in tuple(coords) + tuple(inst[k] for k in sorted(inst))]
    name = str(df.fresh(stem)).replace("!", "#pick")
    f = z3.Function(name, *([z3.IntSort()] * len(args)), sort)
    return f(*args) if args else z3.Const(name, sort)


def index_compared(df, e: ir.Bin, sub) -> tuple | None:
    """The padding parts of a comparison of padding with `index(t, axis=a)` (or its cast to a
    wider type), `sub` giving an operand's parts: encode/fill_parts.against_index; None
    where that does not apply."""
    if e.op not in ir.COMPARISONS:
        return None
    for x, i, left in ((e.lhs, e.rhs, False), (e.rhs, e.lhs, True)):
        if isinstance(i, ir.Cast) and i.dtype in (ir.DType.F32, ir.DType.F64, ir.DType.I32, ir.DType.I64):
            i = i.operand           # an index below 2^24 is exact in f32
        shift = 0
        if isinstance(i, ir.Bin) and i.op in (ir.BinOp.ADD, ir.BinOp.SUB):
            # `index(..) + c` (a histogram whose bins start at 1): the index's range moved by c
            c = df.env.const_value(i.rhs)
            if not isinstance(c, int) or isinstance(c, bool) or abs(c) > 2 ** 20:
                return None
            i, shift = i.lhs, c if i.op is ir.BinOp.ADD else -c
        if isinstance(i, ir.Call) and i.func == "index" and i.args:
            axis = df.env.const_value(dict(i.kwargs).get("axis"))
            shape = expr_shape_of(df, i.args[0])
            if axis is None or shape is None or not 0 <= axis < len(shape) or not isinstance(shape[axis], int) \
                    or shape[axis] > 2 ** 24:
                return None
            parts = sub(x)
            return against_index(e.op, parts, shape[axis], left, shift) if parts else None
    return None
