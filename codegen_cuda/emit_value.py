"""Tile expressions at one element as Numba source, every node computed in the type the
interpreter computes its value in (node_types.py) and converted once where its parent computes
in another: NumPy's promotion is the one rule of the lowering's numbers (docs/LOWERING.md,
"Types"). A mix-in of emit.Emitter, which holds plan, typing, types and scalar."""
from __future__ import annotations

from dsl import exprs, ir
from dsl.fmt import format_expr

from . import distribute as dist
from . import mathfn
from .emit_common import INT_BOUNDS, REDUCE_INIT, compute_type, converted, expr_shape, numba_type, reduce_init, row_major
from .node_types import node_types
from .plan import RegTile, fold
from .scalar import LoweringError

NARROW = ("int8", "int32")     # Numba computes these in int64; NumPy wraps in their own type
_ARITH = (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL)


class ValueEmitter:

    def typed(self, e: ir.Expr, shape: tuple[int, ...]) -> None:
        """Type the nodes of statement value e, computed into a tile of `shape`."""
        self.typing = node_types(self.plan.tiles, self.plan.consts, e, shape)

    def value(self, use, e: ir.Expr, coords: list[str], target: RegTile, want: str, under: bool) -> str:
        """e's value at element `coords` of the statement `use` (into `target`) as type want."""
        t = self.typing.type_of(e)
        if isinstance(e, (ir.IntLit, ir.FloatLit)):
            return self.literal(e.value, want)
        if isinstance(e, ir.Neg) and isinstance(e.operand, (ir.IntLit, ir.FloatLit)):
            return self.literal(-e.operand.value, want)
        return self.convert(self.node(use, e, coords, target, t, under), t, want)

    def convert(self, text: str, have: str, want: str) -> str:
        """A value of type `have` as type `want`, as NumPy's astype converts it."""
        if have == want:
            return text
        self.types.add(want)
        if want == "boolean":
            return f"({text} != 0)"         # NaN is True, as astype(bool) has it
        if have.startswith("float") and want in INT_BOUNDS:
            # truncated, saturated at the type's bounds, NaN to 0 (scalar._saturating)
            helper = f"_f2i{want[3:]}"
            self.scalar.used.add(helper)
            return converted(want, f"{helper}({text})") if want != "int64" else f"{helper}({text})"
        return converted(want, text)

    def literal(self, v, want: str) -> str:
        self.types.add(want)
        if isinstance(v, float):
            return mathfn.float_literal(v, want) if want.startswith("float") else \
                self.convert(mathfn.float_literal(v, "float64"), "float64", want)
        if want == "boolean":
            return "True" if v else "False"
        if want in INT_BOUNDS and not INT_BOUNDS[want][0] <= v <= INT_BOUNDS[want][1]:
            return f"{want}(int64({v}))"        # wraps as astype does; int8(300) raises on the simulator
        return f"{want}({v})"

    def wrap(self, text: str, t: str) -> str:
        """Integer math in a narrow type wraps in it, as NumPy's does; floats and int64 are as
        Numba computes them."""
        return f"{t}({text})" if t in NARROW else f"({text} != 0)" if t == "boolean" else text

    def node(self, use, e: ir.Expr, coords: list[str], target: RegTile, t: str, under: bool) -> str:
        """e's value in its own type t."""
        self.types.add(t)

        def sub(x, want, c=coords, under=under):
            return self.value(use, x, c, target, want, under)
        match e:
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                owned = not under and dist.same(self.plan.tiles[n].dist, target.dist)
                return self.fetch(use, n, coords, owned, t)
            case _ if exprs.int_scalar(e):
                lit = exprs.try_fold(e, self.plan.consts)
                return self.convert(f"int64({lit if lit is not None else self.scalar.emit(e)})", "int64", t)
            case ir.Neg(operand=x) | ir.Call(func="neg", args=(x,)):
                return self.wrap(f"(-{sub(x, t)})", t)
            case ir.Call(func="abs", args=(x,)):
                return self.wrap(f"abs({sub(x, t)})", t)
            case ir.Bin(op=ir.BinOp.XOR, lhs=a, rhs=b):
                return self.convert(f"({sub(a, 'int64')} ^ {sub(b, 'int64')})", "int64", t)
            case ir.Bin(op=ir.BinOp.DIV | ir.BinOp.MOD as op, lhs=a, rhs=b) if t.startswith("float"):
                # C's remainder, with the dividend's sign (SEMANTICS.md)
                x, y = sub(a, t), sub(b, t)
                return f"({x} / {y})" if op is ir.BinOp.DIV else self.rounded(f"math.fmod({x}, {y})", t)
            case ir.Bin(op=ir.BinOp.DIV | ir.BinOp.MOD as op, lhs=a, rhs=b):
                # integers divide truncating toward zero, of int64s (SEMANTICS.md); Python's `/`
                # of two ints is a float division
                fn = "_idiv" if op is ir.BinOp.DIV else "_imod"
                self.scalar.used.add(fn)
                return self.convert(f"{fn}({sub(a, 'int64')}, {sub(b, 'int64')})", "int64", t)
            case ir.Bin(op=op, lhs=a, rhs=b) if op in _ARITH:
                return self.wrap(f"({sub(a, t)} {op.value} {sub(b, t)})", t)
            case ir.Not(operand=x):
                return f"(not {sub(x, 'boolean')})"
            case ir.Bin(op=ir.BinOp.AND | ir.BinOp.OR as op, lhs=a, rhs=b):
                return f"({sub(a, 'boolean')} {op.value} {sub(b, 'boolean')})"
            case ir.Bin(op=op, lhs=a, rhs=b) if op in mathfn.COMPARE:
                common = self.typing.operands[id(e)]
                self.types.add(common)
                return f"({sub(a, common)} {mathfn.COMPARE[op]} {sub(b, common)})"
            case ir.Cast(operand=x, dtype=dt):
                src, conv = self.typing.type_of(x), numba_type(dt)
                return self.convert(self.convert(sub(x, src), src, conv), conv, t)
            case ir.Call(func="where", args=(c, a, b)):
                return f"({sub(a, t)} if {sub(c, 'boolean')} else {sub(b, t)})"
            case ir.Call(func="mask", args=(a, c)):
                from dsl.masks import fill_of
                return f"({sub(a, t)} if {sub(c, 'boolean')} else {self.literal(fill_of(e, self.plan.consts), t)})"
            case ir.Call(func="pow", args=(a, b)):
                return self.rounded(f"math.pow({sub(a, t)}, {sub(b, t)})", t)
            case ir.Call(func=f, args=(x,)) if f in mathfn.UNARY:
                text, fn = mathfn.unary(f, sub(x, t), t)
                self.runtime |= {fn} if fn else set()
                return self.rounded(text, t)
            case ir.Call(func="maximum" | "minimum" as f, args=(a, b)):
                return self.combine(f, sub(a, t), sub(b, t), t)
            case ir.Call(func="bcast", args=(x,), kwargs=kw):
                axis = fold(dict(kw)["axis"], self.plan.consts)
                return sub(x, t, coords[:axis] + coords[axis + 1:], True)
            case ir.Call(func="reshape", args=(x,)):
                from dsl.views import reshape_extents, source_coords
                flat = self.fresh("f")
                self.line(f"{flat} = {row_major(coords, reshape_extents(e, self.plan.consts))}")
                inner = source_coords((1,), expr_shape(self.plan, x), (flat,),
                                      lambda a, n: f"({a} // {n})", lambda a, n: f"({a} % {n})")
                return sub(x, t, list(inner), True)
            case ir.Call(func="index", kwargs=kw):
                return f"int64({coords[fold(dict(kw)['axis'], self.plan.consts)]})"
            case ir.Call(func=f) if f in REDUCE_INIT and id(e) in self.reduced:
                name, acc_type = self.reduced[id(e)]   # combined in parallel (reduce_lower.py)
                return self.convert(name, acc_type, t)
            case ir.Call(func=f, args=(x,), kwargs=kw) if f in REDUCE_INIT:
                return self.reduce(use, f, x, fold(dict(kw)["axis"], self.plan.consts), coords, target, t)
        raise LoweringError(f"cannot lower the tile expression {format_expr(e)}", e.span)

    def rounded(self, text: str, t: str) -> str:
        """A math function's value in f32: Numba's is an f32 on a GPU, a Python float on the
        simulator, which then computed the rest of the expression in f64."""
        return f"float32({text})" if t == "float32" else text

    def reduce(self, use, f, x, axis, coords, target, t) -> str:
        """A serial reduction along `axis`, accumulated in its type t (NumPy's: an integer
        sum in int64, a max in its operand's type)."""
        acc, k = self.fresh("r"), self.fresh("k")
        extent = expr_shape(self.plan, x)[axis]
        self.line(f"{acc} = {reduce_init(f, t)}")
        self.line(f"for {k} in range({extent}):")
        self.depth += 1
        inner = self.value(use, x, coords[:axis] + [k] + coords[axis:], target, t, under=True)
        self.line(f"{acc} = {self.wrap(self.combine(f, acc, inner, t), t) if f == 'sum' else self.combine(f, acc, inner, t)}")
        self.depth -= 1
        return acc

    def store_cast(self, tile: RegTile, text: str, e: ir.Expr | None = None) -> str:
        """A value stored into `tile`: of statement value e's type, converted as astype does."""
        nt = numba_type(tile.dtype)
        if e is None:
            return text if nt == compute_type(tile.dtype) else f"{nt}({text})"
        return self.convert(text, self.typing.type_of(e), nt)
