"""Where a tile's padding may lie at one iteration, for `mask(x, cond)` to drop it.

`mask(x, cond, fill=v)` replaces every element of x where cond fails; when each element of
x that may be padding fails cond, x's padding never reaches the result (encode/pad_walk.py).
`place` over-approximates those elements at the reader's instance, as a condition on the
tile coordinates `pad.c{d}` (the loop variables `v@pad` of that instance): the elements a
masked load from global memory of the same iteration puts past its tensor, followed through
elementwise math on tiles of one shape, `bcast` (where the broadcast tile is), reductions
(only where the whole reduced line is: one quantified fact; a row mean of a tail-masked row
is no padding) and `mma` (a result element is padding only where a's row or b's column is
padding along all of k, or the accumulator is). Anything else (several writers, a writer in
another iteration or under a condition, shared memory, an implicit broadcast, a mask, other
calls) is None: not known, and the mask keeps x's padding.
"""
from __future__ import annotations

import z3

from dsl import ir

from . import program as prog
from dsl.exprs import iter_nodes
from .symbols import mentions

MAX_DEPTH = 8


def place(pads, name: str, point, depth: int = 0):
    """A condition on `name`'s tile coordinates that holds at each element that may be padding
    when `point` reads it; False: no padding; None: not known."""
    df = pads.df
    writers = df.writers.get(name, [])
    if depth > MAX_DEPTH or df.kernel.param(name) is not None or len(writers) != 1:
        return None
    w = writers[0]
    s = w.stmt
    if isinstance(s, ir.Zeros) or (isinstance(s, ir.Load) and s.mask is None and
                                   df.kernel.param(s.src.tensor) is not None and not df.writers.get(s.src.tensor)):
        # zeros, an unmasked load of an input the kernel never writes: no padding at all (a
        # global round trip holds what was stored)
        return z3.BoolVal(False)
    depth_here = len(point.loops)
    if (w.guards or len(w.loops) != depth_here or prog.common_loops(w, point) != depth_here
            or not prog.before_in_body(w, point, depth_here)):
        return None
    if isinstance(s, ir.Load) and s.mask is not None and df.kernel.param(s.src.tensor) is not None:
        if df.writers.get(s.src.tensor):
            return None      # it may hold padding the kernel's own store put there (held-out round 32)
        dims, outside = pads.access_dims(s, point), pads.index_outside(s, point)
        if dims is None or outside is None:
            return None
        # past the tensor along a sliced dimension, or anywhere when an integer subscript is past it
        at = [at for partial, _, at in dims if partial] + ([] if outside is False else [outside])
        return z3.Or(*at) if at else z3.BoolVal(False)
    if isinstance(s, ir.Compute):
        if name in {n.name for n in iter_nodes(s.value) if isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR}:
            return None                          # an update in place: its earlier value
        return _of_expr(pads, s.value, point, depth, w)
    if isinstance(s, ir.Mma) and s.c != name:
        coords = [z3.Int(f"pad.c{d}") for d in range(2)]
        pa, pb, pc = (place(pads, n, point, depth + 1) for n in (s.a, s.b, s.c))
        if pa is None or pb is None or pc is None or mentions(pa, coords[1]) or mentions(pb, coords[0]):
            return None      # padding along k (or where it lies depends on k): not one place of the result
        return z3.Or(pa, pb, pc)
    return None


def place_of_expr(pads, e: ir.Expr, point):
    """`place` of an expression read at `point` (`mask(x - bcast(mean), c)`), or None."""
    return _of_expr(pads, e, point, 0, point)


ELEMENTWISE = ("exp", "exp2", "log", "log2", "sqrt", "rsqrt", "tanh", "erf", "sigmoid", "abs", "pow",
               "maximum", "minimum", "where")


def _of_expr(pads, e: ir.Expr, point, depth: int, at):
    """Where `e`'s value may be padding, on its own tile coordinates: elementwise math is
    padding where an operand of its shape is; `bcast(y, axis=a)` where y is, at y's own
    coordinates; a reduction `sum(y, axis=a)` (max, min) only where y's whole line along a is
    (one element that holds data gives the result its records). None: not known. `depth`
    counts the tiles followed (MAX_DEPTH), not the expression's nodes; `at` is the statement
    that evaluates `e` (in `point`'s iteration), where a mask's condition reads its tiles."""
    from .element_conds import shape_of
    df = pads.df
    e = df.zero_branches.as_mask(e) or e      # a where with a branch of zeros is its mask (fresh padding)
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            return place(pads, n, point, depth + 1)
        case ir.FloatLit() | ir.IntLit() | ir.Sym() | ir.BuiltinRef():
            return z3.BoolVal(False)             # literals, sizes, constants: no padding
        case ir.Call(func="index"):
            return z3.BoolVal(False)
        case ir.Call(func="bcast", args=(x,), kwargs=kw):
            axis = df.env.const_value(dict(kw).get("axis"))
            inner = _of_expr(pads, x, point, depth, at)
            if inner is None or axis is None:
                return None
            rank = len(shape_of(df, x))
            return _moved(inner, [d if d < axis else d + 1 for d in range(rank)])
        case ir.Call(func="sum" | "max" | "min", args=(x,), kwargs=kw) if "axis" in dict(kw):
            axis = df.env.const_value(dict(kw)["axis"])
            inner = _of_expr(pads, x, point, depth, at)
            if inner is None or axis is None:
                return None
            shape = shape_of(df, x)
            t = z3.Int("pad.r")     # no free pad.r in `inner`: a nested reduction's is bound by its ForAll
            body = _moved(inner, [d if d < axis else d - 1 for d in range(len(shape))], {axis: t})
            return z3.ForAll([t], z3.Implies(z3.And(t >= 0, t < shape[axis]), body))
        case ir.Call(func="mask", args=(x, c)):
            # fresh padding where the condition fails, on the element's own coordinates
            from .element_conds import index_cond
            inner = _of_expr(pads, x, point, depth, at)
            if inner is None:
                return None
            inst, _ = pads.instance(point)
            keep = index_cond(df, c, tuple(z3.Int(f"pad.c{d}") for d in range(len(shape_of(df, x)))), inst,
                              at if stable_tiles(df, c) else None)
            if keep is None:
                return None
            # and where the condition reads padding, whose truth there is the fill's, not the
            # data's (held-out round 76: lengths loaded with fill 64 kept 64 slots of rows past R)
            cond = _of_expr(pads, c, point, depth, at)
            return None if cond is None else z3.Or(inner, z3.Not(keep), cond)
        case ir.Bin() | ir.Neg() | ir.Not() | ir.Cast() | ir.Call() if not isinstance(e, ir.Call) or e.func in ELEMENTWISE:
            # a comparison too: its truth at an element may come from padding where an operand
            # is padding (`where(x == bcast(m), index(x) + r0, -2147483648)` masked again by rows:
            # new-user round 53's column argmin)
            want = shape_of(df, e)
            out = []
            for x in _operands(e):
                if _scalar(x):
                    continue
                if shape_of(df, x) != want:
                    return None                  # an implicit broadcast: not followed
                p = _of_expr(pads, x, point, depth, at)
                if p is None:
                    return None
                out.append(p)
            return z3.Or(*out) if out else z3.BoolVal(False)
    return None


def _scalar(e: ir.Expr) -> bool:
    """A literal, size, constant or id, or math on them alone (`cast(R, f32)`, new-user round
    40: it was taken for a tile and its shape asked, "a reduction over a scalar"): one value
    for every element, never padding."""
    return not any(isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR for n in iter_nodes(e))


def _operands(e: ir.Expr) -> tuple:
    if isinstance(e, ir.Bin):
        return (e.lhs, e.rhs)
    if isinstance(e, (ir.Neg, ir.Not, ir.Cast)):
        return (e.operand,)
    return tuple(e.args)


def _moved(cond, to: list, fixed: dict | None = None):
    """`cond` over coordinates pad.c{d} rewritten to pad.c{to[d]} (or to the term fixed[d])."""
    fixed = fixed or {}
    pairs = [(z3.Int(f"pad.c{d}"), fixed[d] if d in fixed else z3.Int(f"pad.c{to[d]}@"))
             for d in range(len(to))]
    out = z3.substitute(cond, *pairs) if pairs else cond
    back = [(z3.Int(f"pad.c{to[d]}@"), z3.Int(f"pad.c{to[d]}")) for d in range(len(to)) if d not in fixed]
    return z3.substitute(out, *back) if back else out


def stable_tiles(df, cond: ir.Expr) -> bool:
    """Whether every tile `cond` reads (through the computations that write them) has one
    writer, outside any loop and any `if`: its value is then the same wherever it is read,
    so a mask's condition may be encoded with it (a length tile `bcast(ln)`). A tile written
    twice, or in a loop (a length computed before this iteration's reload), is not."""
    todo = _value_tiles(cond)
    seen: set = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        writers = df.writers.get(name, [])
        if len(writers) != 1 or writers[0].loops or writers[0].guards:
            return False
        s = writers[0].stmt
        if isinstance(s, ir.Compute):
            todo += _value_tiles(s.value)
        elif not (isinstance(s, ir.Load) and df.kernel.param(s.src.tensor) is not None):
            return False
    return True


def _value_tiles(e: ir.Expr) -> list[str]:
    """The tiles whose values `e` reads: `index(x, axis=a)` reads only x's shape (new-user
    round 40: `index(s1, axis=1) < lb` with s1 an mma's scores was taken to read s1, so a key
    mask by a loaded length was not encoded)."""
    from dsl.exprs import rewrite
    bare = rewrite(e, lambda n: ir.IntLit(0, n.span) if isinstance(n, ir.Call) and n.func == "index" else None)
    return [n.name for n in iter_nodes(bare) if isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR]
