"""Typing of elementwise math and reductions on register tiles.

Conditions (tile comparisons, and/or/not of them) are legal only as the first argument of
`where`; transcendental functions take float operands; `^` takes integers.
"""
from __future__ import annotations

import math

from . import exprs, ir, masks, views

# Functions of float values: the result has the operand's dtype (f16 is computed in f32).
FLOAT_UNARY = ("exp", "exp2", "log", "log2", "sqrt", "rsqrt", "tanh", "erf", "sigmoid")
UNARY = FLOAT_UNARY + ("abs", "neg")
BINARY = ("maximum", "minimum", "pow")
REDUCE = ("sum", "max", "min")
KNOWN = ("tile math: exp, exp2, log, log2, sqrt, rsqrt, tanh, erf, sigmoid, abs, pow, maximum, "
         "minimum, where(cond, a, b), cast(x, dtype), sum/max/min(x, axis=i), bcast(x, axis=i, n=extent), "
         "index(x, axis=i), mask(x, cond, fill=v), reshape(x, shape=(...))")


def selects_own_sides(c: ir.Expr, a: ir.Expr, b: ir.Expr) -> bool:
    """Whether `where(c, a, b)` picks one side of its own comparison `c` (`a > b`, `b <= a`,
    ...; an ordering, not == or !=): its value is then a function of a and b only, like `maximum(a, b)`, and its tags
    are those of elementwise math on a and b (docs/SEMANTICS.md, "Tags")."""
    # Orderings only: `where(a != b, a, b)` is a and `where(a == b, a, b)` is b, a function
    # of one side alone, so the records of both would let a range claim count the other's.
    return (isinstance(c, ir.Bin) and c.op in _ORDERINGS
            and ((c.lhs, c.rhs) == (a, b) or (c.lhs, c.rhs) == (b, a)))


_ORDERINGS = frozenset({ir.BinOp.LT, ir.BinOp.LE, ir.BinOp.GT, ir.BinOp.GE})


def type_compute(tc, e: ir.Expr) -> tuple[ir.DType, tuple | None]:
    """dtype and shape (tuple of extent exprs; () for a scalar) of a tile expression."""
    ck = tc.ck
    match e:
        case ir.IntLit():
            return ir.DType.I32, ()
        case ir.FloatLit():
            return ir.DType.F32, ()
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            ent = ck.scope.get(n)
            if ent is None or ent.tensor is None or ent.tensor.space is not ir.Space.REGISTER:
                ck.error("E021", f"'{n}' is not a register tile; load it first", e.span)
                return ir.DType.F32, None
            return ent.tensor.dtype, ent.tensor.shape
        case ir.Sym() | ir.BuiltinRef() | ir.Hole():
            return ir.DType.I32, ()      # a sketch's hole: an integer scalar in each completion
        case ir.ElemRef(tensor=n, indices=idx):
            # an element of an integer kernel input: a scalar, as in loop bounds and subscripts
            # (new-user round 50: `mask(a, col < LEN[block.y], fill=0.0)` needed a load and a
            # broadcast of LEN's element first)
            p = ck.tiles.param_named(n)
            if p is None or p.dtype.is_float:
                ck.error("E021", f"'{n}' is not an integer kernel input: load a tile of it first", e.span,
                         "tile math reads single elements only of integer inputs such as LEN: i32[B]")
                return ir.DType.F32, None
            for i in idx:
                ck.int_or_bool(i, "an element's index", want_bool=False)
                if exprs.mentions_thread(i) or exprs.reads_elements(i):
                    ck.error("E021", f"an element of '{n}' read in tile math is one per block: its index may "
                             "not name the thread or read another element", i.span,
                             "index it by sizes, constants, loop variables and block ids")
                    return p.dtype, None
            return p.dtype, ()
        case ir.Neg(operand=x):
            typed = type_compute(tc, x)
            _no_bool_math(ck, typed, x, "-")
            return typed
        case ir.Cast(operand=x, dtype=dt):
            return _cast(tc, e, type_compute(tc, x), dt)
        case ir.Bin(op=ir.BinOp.XOR, lhs=a, rhs=b):
            ta, tb = type_compute(tc, a), type_compute(tc, b)
            for (dt, _), x in ((ta, a), (tb, b)):
                if dt.is_float or dt is ir.DType.BOOL:
                    ck.error("E090", f"`^` is an integer operator; this operand is {dt.value}", x.span,
                             "XOR is for index arithmetic on integers")
                    return ta[0], None
            return _binary(tc, e, ta, tb)
        case ir.Not():
            return _not_a_value(ck, e)
        case ir.Bin(op=op) if op in ir.COMPARISONS or op in ir.LOGICAL:
            return _not_a_value(ck, e)
        case ir.Bin(op=op, lhs=a, rhs=b):
            ta, tb = type_compute(tc, a), type_compute(tc, b)
            _no_bool_math(ck, ta, a, op.value) and _no_bool_math(ck, tb, b, op.value)
            return _binary(tc, e, ta, tb)
        case ir.Call(func=f, args=(x, *_)) if f in REDUCE + ("bcast", "reshape") and exprs.mentions_thread(x):
            # thread.x in tile math is the thread computing the target element; the elements
            # these read are no one thread's (held-out round 107: the interpreter took each
            # reduced element's owner, the lowered code the thread combining it)
            ck.error("E021", f"a thread id inside {f}(...) names no one thread", x.span,
                     "compute the math on thread ids into a tile of its own first (`t = x * 0.0 + thread.x`), "
                     f"then {f} that tile")
            return ir.DType.F32, None
        case ir.Call(func=f, args=args, kwargs=kw) if f in REDUCE:
            return _reduce(tc, e, args, dict(kw))
        case ir.Call(func="bcast"):
            return _bcast(tc, e)
        case ir.Call(func="where"):
            return _where(tc, e)
        case ir.Call(func="reshape"):
            return type_reshape(tc, e)
        case ir.Call(func="index" | "mask"):
            return (type_index if e.func == "index" else type_mask)(tc, e)
        case ir.Call(func=f, args=args) if f in UNARY + BINARY:
            want = 1 if f in UNARY else 2
            if len(args) != want or e.kwargs:
                ck.error("E029", f"{f} takes {want} argument{'s' * (want > 1)}", e.span)
                return ir.DType.F32, None
            types = [type_compute(tc, a) for a in args]
            if f in FLOAT_UNARY or f == "pow":
                for (dt, shape), x in zip(types, args):
                    if shape and not dt.is_float:
                        ck.error("E090", f"{f} takes a float tile; this one is {dt.value}", x.span,
                                 f"convert it first: {f}(cast(x, f32))")
                        return dt, None
            return types[0] if want == 1 else _binary(tc, e, *types)
        case ir.Call(func=f):
            ck.error("E026", f"unknown function '{f}'", e.span, KNOWN)
            return ir.DType.F32, None
    ck.error("E021", "this is not tile arithmetic", e.span)
    return ir.DType.F32, None


def _binary(tc, e, ta, tb):
    (da, sa), (db, sb) = ta, tb
    if sa is None or sb is None:
        return da, None
    if sa and sb and tc.values(sa) != tc.values(sb):
        tc.ck.error("E015", f"elementwise operands have shapes {tc.show(sa)} and {tc.show(sb)}", e.span)
        return da, None
    if da is not db and (sa and sb or _both_tiles(e)):
        # a 0-d tile (a row's max) is a tile too: only literals and integer scalars take the
        # other operand's type (held-out round 96: `x_i8 + n` with n an i32 max wrapped in i8)
        tc.ck.error("E013", f"elementwise operands differ in dtype: {da.value} and {db.value}", e.span)
    if not sa and not sb:
        # scalars alone: a float where either is one (held-out round 104: `where(c, 1, 0.5)`
        # was i32, `where(c, 0.5, 1)` f32)
        return (db if db.is_float and not da.is_float else da), ()
    return (da if sa else db), (sa or sb)


def _both_tiles(e: ir.Expr) -> bool:
    """Whether both value operands of elementwise `e` read a register tile."""
    match e:
        case ir.Bin(lhs=a, rhs=b):
            pair = (a, b)
        case ir.Call(func="where", args=(_, a, b)) | ir.Call(args=(a, b)):
            pair = (a, b)
        case _:
            return False
    return all(exprs.free_syms(x, ir.SymKind.TENSOR) for x in pair)


def _reduce(tc, e, args, kw):
    if len(args) != 1 or set(kw) != {"axis"}:
        tc.ck.error("E029", f"{e.func} takes one tile and axis=, e.g. {e.func}(x, axis=1)", e.span,
                    "the scalar min and max of two integers are for indices, not tiles")
        return ir.DType.F32, None
    dt, shape = type_compute(tc, args[0])
    if shape is None:
        return dt, None
    axis = exprs.try_fold(kw["axis"], tc.ck.consts())
    if axis is None or not 0 <= axis < len(shape):
        tc.ck.error("E014", f"axis must be a constant in [0, {len(shape)})", kw["axis"].span)
        return dt, None
    return dt, tuple(s for i, s in enumerate(shape) if i != axis)


def _bcast(tc, e):
    """bcast(x, axis=a, n=extent): x with a new dimension of `extent` copies inserted at `a`."""
    kw = dict(e.kwargs)
    if len(e.args) != 1 or set(kw) != {"axis", "n"}:
        tc.ck.error("E029", "bcast takes a tile and axis=, n=", e.span, "e.g. bcast(m, axis=1, n=BN)")
        return ir.DType.F32, None
    dt, shape = type_compute(tc, e.args[0])
    if shape is None:
        return dt, None
    axis, n = exprs.try_fold(kw["axis"], tc.ck.consts()), exprs.try_fold(kw["n"], tc.ck.consts())
    if axis is None or not 0 <= axis <= len(shape):
        tc.ck.error("E014", f"axis must be a constant in [0, {len(shape)}]", kw["axis"].span)
        return dt, None
    if n is None or n <= 0:
        tc.ck.error("E017", "n must be a positive compile-time integer", kw["n"].span)
        return dt, None
    return dt, tuple(shape[:axis]) + (kw["n"],) + tuple(shape[axis:])


def _no_bool_math(ck, typed, x, op: str):
    """A bool tile is a value to store or select with, not a number: NumPy refuses `-` on it
    and `+` is `or`, CUDA's bool arithmetic is int arithmetic (held-out round 46: `b - c`
    proved and the lowering failed). True when `typed` is no bool tile; else reported (the
    result keeps its type and shape, so that later statements see no knock-on error)."""
    if isinstance(x, ir.Neg) or (isinstance(x, ir.Bin) and x.op not in ir.COMPARISONS | ir.LOGICAL):
        return True         # arithmetic itself: its bool operand is reported there, not again
    if typed[0] is ir.DType.BOOL and typed[1] is not None:
        ck.error("E090", f"arithmetic `{op}` on a bool operand is not defined", x.span,
                 "select numbers with where(b == 1, 1, 0) or load the tensor as an integer type")
        return False
    return True


def _not_a_value(ck, e):
    ck.error("E021", "a condition is not a tile value", e.span,
             "use it as the first argument of where, e.g. where(x > 0.0, x, 0.0)")
    return ir.DType.F32, None


def _cast(tc, e, typed, dt: ir.DType):
    src, shape = typed
    if dt is ir.DType.BOOL or src is ir.DType.BOOL:
        tc.ck.error("E090", f"cast from {src.value} to {dt.value}: bool is not a tile dtype", e.span,
                    "a condition selects values with where(cond, a, b)")
        return dt, None
    return dt, shape


def condition(tc, e: ir.Expr):
    """The shape of a condition: a comparison of tile values, or and/or/not of conditions."""
    match e:
        case ir.Bin(op=op, lhs=a, rhs=b) if op in ir.LOGICAL:
            return _binary(tc, e, (ir.DType.BOOL, condition(tc, a)), (ir.DType.BOOL, condition(tc, b)))[1]
        case ir.Not(operand=x):
            return condition(tc, x)
        case ir.Bin(op=op, lhs=a, rhs=b) if op in ir.COMPARISONS:
            return _binary(tc, e, type_compute(tc, a), type_compute(tc, b))[1]
    if getattr(e, "span", None) in tc.ck.broken:
        return None   # an undefined name: already reported
    tc.ck.error("E021", "the first argument of where is a condition", e.span,
                "compare tiles or scalars, e.g. where(x >= 0.0, x, 0.0)")
    return None


def _where(tc, e):
    """where(cond, a, b): a where cond holds, else b, elementwise (NumPy broadcasting)."""
    if len(e.args) != 3 or e.kwargs:
        tc.ck.error("E029", "where takes a condition and two values", e.span, "e.g. where(x > 0.0, x, 0.0)")
        return ir.DType.F32, None
    cond = condition(tc, e.args[0])
    dt, shape = _binary(tc, e, type_compute(tc, e.args[1]), type_compute(tc, e.args[2]))
    if cond is None or shape is None:
        return dt, None
    return _binary(tc, e, (dt, shape), (dt, cond))


def function_of_one(e: ir.Expr, self_name: str | None = None) -> str | None:
    """The register tile elementwise math `e` reads, where it reads one tile only, maybe
    several times (GELU's `0.5 * x * (1.0 + tanh(c * (x + 0.044715 * x * x * x)))`, `x * x`):
    a function of that one operand, which keeps its records as `tanh(x)` does (docs/
    SEMANTICS.md, "Tags"); None for math on two or more tiles, through anything but
    elementwise operators and functions, or on `self_name` (an in-place update's target).
    The verifier (encode/compute_tags.py) and the interpreter (interp/compute.py) tag alike
    (new-user round 87: the interpreter paired x with itself)."""
    names = exprs.free_syms(e, ir.SymKind.TENSOR)
    if len(names) != 1 or self_name in names or not all(_elementwise(n) for n in exprs.iter_nodes(e)):
        return None
    return next(iter(names))


def _elementwise(n: ir.Expr) -> bool:
    """A node of plain elementwise math: operands, arithmetic, elementwise functions, and a
    `where` whose condition reads the tile's values and literals only (new-user round 108:
    `where(v >= 0.0, v + 0.5, v - 0.5)` of a k-accumulated v merged the condition's records
    with the pick's, pairing different k). A condition on a loop variable, a block, a size or
    an element read picks a literal where it fails, and the tile is dropped there (held-out
    round 113: `where(kt > 0, mma(..), 0.0)` skipped a k tile and its `range` claim proved)."""
    match n:
        case ir.Sym() | ir.IntLit() | ir.FloatLit() | ir.BuiltinRef() | ir.ElemRef() | ir.Neg() | ir.Cast() | ir.Not():
            return True
        case ir.Bin():
            return True
        case ir.Call(func="where", args=(c, _, _), kwargs=()):
            return not any(isinstance(m, (ir.BuiltinRef, ir.ElemRef, ir.Call)) or isinstance(m, ir.Sym) and m.kind not in (
                ir.SymKind.TENSOR, ir.SymKind.CONST) for m in exprs.iter_nodes(c))
        case ir.Call(func=f, kwargs=()):
            return f in UNARY + BINARY
    return False


def keeps_target(e: ir.Expr, name: str) -> bool:
    """Whether the value of `e` at an element carries the records of tile `name` there
    whatever the data: elementwise math of it, a `where` that reads it in its condition or
    in both branches (or is a maximum of its own sides); not a `mask` of it, which may drop it."""
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            return n == name
        case ir.Neg(operand=x) | ir.Cast(operand=x) | ir.Not(operand=x):
            return keeps_target(x, name)
        case ir.Bin(lhs=a, rhs=b):
            return keeps_target(a, name) or keeps_target(b, name)
        case ir.Call(func="where", args=(c, a, b)):
            if selects_own_sides(c, a, b):
                return keeps_target(a, name) or keeps_target(b, name)
            return keeps_target(c, name) or (keeps_target(a, name) and keeps_target(b, name))
        case ir.Call(func="mask"):
            return False
        case ir.Call(func="bcast" | "reshape", args=(x,)):
            return keeps_target(x, name)
        case ir.Call(func=f, args=args) if f != "index":
            # (a reduction of the target reads it at other elements: _contribs says so)
            return any(keeps_target(a, name) for a in args)
    return False


def redefines(s: ir.Stmt) -> bool:
    """A statement that computes a tile from its own value and may drop it (`x = mask(x, c,
    fill=0.0)`, `x = where(x > 0.0, y, x)`): at the kernel's top level it runs once, a new
    definition of the tile, not an in-place update (encode/redefine.py, the interpreter's
    tags). A `where` whose condition reads the tile still chooses between its branches
    (held-out round 49: as an update it counted column j of X and of Y both)."""
    if not (isinstance(s, ir.Compute) and s.target.name in exprs.free_syms(s.value, ir.SymKind.TENSOR)):
        return False
    v, name = s.value, s.target.name
    if isinstance(v, ir.Call) and v.func == "where" and len(v.args) == 3 and not selects_own_sides(*v.args):
        return not (keeps_target(v.args[1], name) and keeps_target(v.args[2], name))
    return not keeps_target(v, name)


def expr_shape(e: ir.Expr, shape_of, const) -> tuple | None:
    """The tile shape of a checked elementwise / reduction / broadcast expression, None for a
    scalar one. `shape_of(name)` is a register tile's shape, `const(expr)` folds an extent
    or axis: the verifier and the lowering each pass their own."""
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            return tuple(shape_of(n))
        case ir.Call(func="bcast", args=(x,), kwargs=kw):
            inner, axis = expr_shape(x, shape_of, const) or (), const(dict(kw)["axis"])
            return inner[:axis] + (const(dict(kw)["n"]),) + inner[axis:]
        case ir.Call(func=f, args=(x,), kwargs=kw) if f in REDUCE and "axis" in dict(kw):
            inner, axis = expr_shape(x, shape_of, const), const(dict(kw)["axis"])
            return None if inner is None else inner[:axis] + inner[axis + 1:]
        case ir.Call(func="reshape", kwargs=kw):
            shape = dict(kw)["shape"]
            return tuple(const(i) for i in (shape.items if isinstance(shape, ir.TupleExpr) else (shape,)))
    shapes = [sh for sh in (expr_shape(c, shape_of, const) for c in exprs.children(e)) if sh is not None]
    return max(shapes, key=len) if shapes else None


# ---------------------------------------------------------------- coordinates, masks, reshapes
def type_index(tc, e: ir.Call):
    """index(x, axis=a): the i32 tile of x's shape whose element is its own coordinate along a.
    On an error the shape is still x's, so that later statements see no knock-on error."""
    kw = dict(e.kwargs)
    _, shape = type_compute(tc, e.args[0]) if e.args else (None, None)
    if len(e.args) != 1 or set(kw) != {"axis"}:
        tc.ck.error("E029", "index takes a tile and axis=, e.g. index(s, axis=1)", e.span)
        return ir.DType.I32, shape
    axis = exprs.try_fold(kw["axis"], tc.ck.consts())
    if shape is not None and (axis is None or not 0 <= axis < len(shape)):
        tc.ck.error("E014", f"axis must be a constant in [0, {len(shape)})", kw["axis"].span)
    return ir.DType.I32, shape


def type_mask(tc, e: ir.Call):
    """mask(x, cond, fill=V): x where cond holds; elsewhere padding of value V (the PAD tag)."""
    kw = dict(e.kwargs)
    dt, shape = type_compute(tc, e.args[0]) if e.args else (ir.DType.F32, None)
    if len(e.args) != 2 or set(kw) != {"fill"}:
        tc.ck.error("E029", "mask takes a tile, a condition and fill=", e.span,
                    "e.g. mask(s, index(s, axis=1) <= index(s, axis=0), fill=-inf)")
        return dt, shape
    cond = condition(tc, e.args[1])
    value = masks.fold_fill(kw["fill"], tc.ck.consts())
    if value is None:
        tc.ck.error("E035", "the fill value is a number known at compile time", kw["fill"].span,
                    "write a literal such as 0.0, -inf or a constant")
    elif masks.fill_problem(dt, value) is not None:
        tc.ck.error("E035", masks.fill_problem(dt, value), kw["fill"].span)
    if cond is None or shape is None:
        return dt, shape
    return _binary(tc, e, (dt, shape), (dt, cond))


def type_reshape(tc, e: ir.Call):
    kw = dict(e.kwargs)
    if len(e.args) != 1 or set(kw) != {"shape"}:
        tc.ck.error("E029", "reshape takes a tile and shape=, e.g. reshape(x, shape=(4, 16))", e.span)
        return ir.DType.F32, None
    dt, shape = type_compute(tc, e.args[0])
    if shape is None:
        return dt, None
    new = views.reshape_extents(e, tc.ck.consts())
    if new is None:
        tc.ck.error("E017", "a reshape's extents are positive compile-time integers", kw["shape"].span)
        return dt, None
    old = tc.values(shape)
    if old is not None and math.prod(old) != math.prod(new):
        tc.ck.error("E015", f"reshape of a tile of {math.prod(old)} elements {list(old)} into {list(new)} "
                    f"({math.prod(new)} elements)", e.span, "the new extents must multiply to the tile's size")
        return dt, None
    items = kw["shape"].items if isinstance(kw["shape"], ir.TupleExpr) else (kw["shape"],)
    return dt, tuple(ir.IntLit(v, i.span) for v, i in zip(new, items))
