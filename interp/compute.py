"""Register-tile math with values and tags side by side: elementwise ops, reductions, mma.

Each evaluation yields a `Val`: NumPy values, the tags (docs/SEMANTICS.md, "Tags"), whether
the value depends on a read that already violated a rule (taint), and on an element nothing
wrote (uninit). Shapes broadcast as in NumPy (trailing dimensions).
"""
from __future__ import annotations

import math
import dataclasses
from dataclasses import dataclass

import numpy as np

from dsl import ir
from dsl.compute import function_of_one, selects_own_sides
from dsl.exprs import iter_nodes
from dsl.masks import INT_RANGES, neutral_for
from dsl.pad_values import meets_data

from .intexpr import tdiv
from .numeric import as_checked, branch, erf, fitting, like, literal, ordered_max, ordered_maximum, ordered_min, ordered_minimum

from .layout import InterpretError
from .tags import Tags, contract, insert_axis, product, reduce_axis, union, where

NUMPY = {ir.DType.F16: np.float16, ir.DType.BF16: np.float32, ir.DType.F32: np.float32,
         ir.DType.F64: np.float64, ir.DType.I8: np.int8, ir.DType.I32: np.int32,
         ir.DType.I64: np.int64, ir.DType.BOOL: np.bool_}
REDUCE = ("sum", "max", "min")
# Float functions; the operand is computed in at least f32 (as the lowering does for f16).
FLOAT_FUNCS = {"exp": np.exp, "exp2": np.exp2, "log": np.log, "log2": np.log2, "sqrt": np.sqrt,
               "rsqrt": lambda y: 1.0 / np.sqrt(y), "tanh": np.tanh, "erf": erf,
               "sigmoid": lambda y: 1.0 / (1.0 + np.exp(-y))}
_COMPARE = {ir.BinOp.EQ: np.equal, ir.BinOp.NE: np.not_equal, ir.BinOp.LT: np.less,
            ir.BinOp.LE: np.less_equal, ir.BinOp.GT: np.greater, ir.BinOp.GE: np.greater_equal,
            ir.BinOp.AND: np.logical_and, ir.BinOp.OR: np.logical_or}


def to_bf16(x) -> np.ndarray:
    """Round float32 values to bfloat16 precision (nearest even), kept in float32 storage."""
    x = np.ascontiguousarray(x, np.float32)
    bits = x.view(np.uint32).astype(np.uint64)
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    out = bits.astype(np.uint32).view(np.float32)
    return np.where(np.isnan(x), x, out)


def cast(values, dtype: ir.DType) -> np.ndarray:
    """values as `dtype`: floats to an integer type truncated toward zero, saturated at its
    bounds, NaN to 0 (docs/SEMANTICS.md); NumPy's astype is platform-dependent out of range."""
    with np.errstate(all="ignore"):
        v = np.asarray(values)
        if v.dtype.kind == "f" and dtype in INT_RANGES and dtype is not ir.DType.BOOL:
            return _saturated(v, *INT_RANGES[dtype]).astype(NUMPY[dtype])
        out = v.astype(NUMPY[dtype])
    return to_bf16(out) if dtype is ir.DType.BF16 else out


def _saturated(v: np.ndarray, lo: int, hi: int) -> np.ndarray:
    t = np.trunc(v.astype(np.float64))
    over, under = t >= float(hi + 1), t < float(lo)
    inside = np.where(over | under | np.isnan(t), 0, t).astype(np.int64)
    return np.where(over, hi, np.where(under, lo, inside))


@dataclass(frozen=True)
class Val:
    values: object              # ndarray or Python scalar
    tags: Tags
    taint: object               # bool or ndarray
    uninit: object              # bool or ndarray

    @property
    def shape(self) -> tuple[int, ...]:
        return np.shape(self.values)


def _scalar(v) -> Val:
    return Val(v, Tags.unit(()), False, False)


class ComputeEval:
    """Evaluates a register-tile expression. `regs` maps tile names to objects with
    `values`, `tags`, `written` and `taint`; `env` holds the integer scalars (and thread ids
    shaped like the target tile); `self_name` is the tile being updated in place, whose own
    tags do not multiply into the new value (its old contributions are kept, see `accumulate`)."""

    def __init__(self, regs: dict, env: dict, self_name: str | None = None, pads: list | None = None):
        self.regs, self.env, self.self_name = regs, env, self_name
        self.pads = pads        # collects padded elements a reduction meets with another value than its identity

    def __call__(self, e: ir.Expr) -> Val:
        with np.errstate(all="ignore"):
            return self.ev(e)

    def ev(self, e: ir.Expr) -> Val:
        v = self._value(e)
        if isinstance(e, ir.Bin) or isinstance(e, ir.Call) and e.func in ("maximum", "minimum", "pow", "where"):
            one = function_of_one(e, self.self_name)
            tags = self.regs[one].tags if one in self.regs else None
            if tags is not None and not (isinstance(tags, Tags) and tags.const):
                # a function of one tile keeps its records, as tanh(x) does (SEMANTICS.md);
                # zeros pair as the empty record (`z + 1.0` holds one: `tags.product`)
                v = Val(v.values, tags, v.taint, v.uninit)
        return v

    def _value(self, e: ir.Expr) -> Val:
        match e:
            case ir.IntLit(value=v):
                return _scalar(v)
            case ir.FloatLit(value=v):
                return _scalar(v)
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                r = self.regs.get(n)
                if r is None:
                    raise InterpretError(f"register tile '{n}' has no value here")
                tags = Tags.unit(r.values.shape) if n == self.self_name else r.tags
                return Val(_widen(r.values), tags, r.taint, ~r.written)
            case ir.Sym(name=n) | ir.BuiltinRef(which=ir.Builtin(value=n)):
                if n not in self.env:
                    raise InterpretError(f"'{n}' has no value here")
                v = self.env[n]
                if isinstance(e, ir.Sym) and e.kind is ir.SymKind.CONST:
                    return _scalar(v)
                # a size, loop variable or block id is an int64 in tile math, as the lowering
                # emits it (its value is not known there): `x * kt` of an i8 tile is int64 math
                # whatever kt is, where NumPy's weak Python int made it int8 or int64 by value
                # (held-out round 34)
                return _scalar(np.int64(v) if isinstance(v, int) and not isinstance(v, bool) else v)
            case ir.Neg(operand=x):
                v = self.ev(x)
                return Val(-v.values, v.tags, v.taint, v.uninit)
            case ir.Not(operand=x):
                v = self.ev(x)
                return Val(np.logical_not(v.values), v.tags, v.taint, v.uninit)
            case ir.Cast(operand=x, dtype=dt):
                v = self.ev(x)
                return Val(_widen(cast(v.values, dt)), v.tags, v.taint, v.uninit)
            case ir.Bin(op=op, lhs=a, rhs=b) if op in _COMPARE:
                x, y = self.ev(a), self.ev(b)
                return _combine(_COMPARE[op](like(x.values, y.values), like(y.values, x.values)), x, y)
            case ir.Bin(op=op, lhs=a, rhs=b):
                return self._meeting(e, self._binary(op, x := self.ev(a), y := self.ev(b)), x, y)
            case ir.Call(func=f, args=(x,), kwargs=kw) if f in REDUCE:
                return self._reduce(f, self.ev(x), dict(kw))
            case ir.Call(func="bcast", args=(x,), kwargs=kw):
                return self._bcast(self.ev(x), dict(kw))
            case ir.Call(func=f, args=args) if f in ("maximum", "minimum") and len(args) == 2:
                a, b = self.ev(args[0]), self.ev(args[1])
                fn = ordered_maximum if f == "maximum" else ordered_minimum
                # `maximum(x, 200)` of an i8 tile: the int64 200, as in `_binary` (NumPy 2
                # raised OverflowError for the Python int, held-out round 34)
                x, y = fitting(a.values, b.values), fitting(b.values, a.values)
                x, y = like(x, y), like(y, x)
                return self._meeting(e, _combine(fn(x, y), a, b), a, b)
            case ir.Call(func="pow", args=(a, b)):
                x, y = self.ev(a), self.ev(b)
                p, q = like(x.values, y.values), like(y.values, x.values)
                return _combine(np.power(_float(p), _float(q)), x, y)
            case ir.Call(func="where", args=(c, a, b)) if selects_own_sides(c, a, b):
                # A function of a and b alone (their maximum or minimum): tagged as elementwise
                # math on them, as maximum(a, b) is (docs/SEMANTICS.md, "Tags").
                x, y = self.ev(a), self.ev(b)
                return _combine(np.where(np.asarray(self.ev(c).values, bool), x.values, y.values), x, y)
            case ir.Call(func="where", args=(c, a, b)):
                return _where(self.ev(c), self.ev(a), self.ev(b))
            case ir.Call(func="reshape", args=(x,), kwargs=kw):
                v = self.ev(x)
                shape = dict(kw)["shape"]
                new = tuple(self._int(i) for i in (shape.items if isinstance(shape, ir.TupleExpr) else (shape,)))
                def flat(a):
                    return np.reshape(np.broadcast_to(a, v.shape), new)
                return Val(flat(v.values), v.tags.reshape(new), flat(v.taint), flat(v.uninit))
            case ir.Call(func="index", args=(x,), kwargs=kw):
                shape = self.ev(x).shape
                axis = int(self._int(dict(kw)["axis"]))
                return Val(np.indices(shape, np.int64)[axis], Tags.unit(shape), False, False)
            case ir.Call(func="mask", args=(x, c), kwargs=kw):
                v = self.ev(x)
                fill = self._fill(dict(kw)["fill"])
                empty = Val(fill, Tags.empty(()), False, False)    # padding: the fill, no contribution
                return _where(self.ev(c), v, empty)
            case ir.Call(func=f, args=(x,)) if f in FLOAT_FUNCS:
                v = self.ev(x)
                return Val(FLOAT_FUNCS[f](_float(v.values)), v.tags, v.taint, v.uninit)
            case ir.Call(func=f, args=(x,)) if f in ("abs", "neg"):
                v = self.ev(x)
                return Val((np.abs if f == "abs" else np.negative)(v.values), v.tags, v.taint, v.uninit)
        raise InterpretError(f"cannot compute {type(e).__name__} on tiles")

    def _int(self, e: ir.Expr) -> int:
        return int(np.asarray(self.ev(e).values))

    def _fill(self, e: ir.Expr) -> float:
        v = self.ev(e).values
        return float(np.asarray(v)) if isinstance(v, (float, np.floating)) or _is_float(v) else int(np.asarray(v))

    def _binary(self, op: ir.BinOp, a: Val, b: Val) -> Val:
        x, y = fitting(a.values, b.values), fitting(b.values, a.values)
        x, y = like(x, y), like(y, x)
        is_float = _is_float(x) or _is_float(y)
        if op is ir.BinOp.ADD:
            v = np.add(x, y)
        elif op is ir.BinOp.SUB:
            v = np.subtract(x, y)
        elif op is ir.BinOp.MUL:
            v = np.multiply(x, y)
        elif op is ir.BinOp.DIV:
            v = np.true_divide(x, y) if is_float else _int_div(x, y)
        elif op is ir.BinOp.XOR:
            v = np.bitwise_xor(np.asarray(x, np.int64), np.asarray(y, np.int64))
        else:
            v = np.fmod(x, y) if is_float else np.asarray(x) - np.asarray(y) * _int_div(x, y)
        return _combine(v, a, b)

    def _meeting(self, e: ir.Expr, out: Val, a: Val, b: Val) -> Val:
        """Where one operand is padding (no record in a tile that holds data) whose value
        meets data here (dsl/pad_values.meets_data: `0.0 + x` is x), the element carries the
        other operand's records, as the verifier has it (encode/compute_tags.py). An update
        in place is left as it is."""
        if self.self_name is not None and any(isinstance(n, ir.Sym) and n.name == self.self_name
                                              for n in iter_nodes(e)):
            return out
        tags, shape = out.tags, out.shape
        for side, (x, y) in enumerate(((a, b), (b, a))):
            if isinstance(x.tags, Tags) and x.tags.const:
                continue        # zeros: data-free, not padding
            none = np.broadcast_to(_record_count(x.tags) == 0, shape)
            if not none.any():
                continue
            vals = np.broadcast_to(np.asarray(x.values), shape)
            data = np.zeros(shape, bool)
            for v in np.unique(vals[none]):
                if meets_data(e, side, float(v)):
                    data |= none & (vals == v)
            if data.any():
                tags = where(data, y.tags.broadcast(shape), tags)
        return Val(out.values, tags, out.taint, out.uninit)

    def _reduce(self, f: str, v: Val, kw: dict) -> Val:
        from dsl.exprs import fold
        axis = fold(kw["axis"], {k: w for k, w in self.env.items() if isinstance(w, int)})
        vals = np.asarray(v.values)
        if not 0 <= axis < vals.ndim:
            raise InterpretError(f"{f} along axis {axis} of a {vals.ndim}-D tile")
        fn = {"sum": np.sum, "max": ordered_max, "min": ordered_min}[f]
        taint = np.broadcast_to(v.taint, vals.shape).any(axis)
        uninit = np.broadcast_to(v.uninit, vals.shape).any(axis)
        spread = v.tags.broadcast(vals.shape)
        if isinstance(spread, Tags) and not spread.const and spread.valid.any(-1).all() \
                and not (spread.has & spread.valid[..., None]).any():
            # every reduced element holds records and none a field (an untagged offsets tile's
            # `max(o) - min(o)`): one record with no field, as a scalar, as the verifier's
            # compute_tags has it (a record per element pairs every other operand's with each)
            tags = Tags.unit(np.delete(np.array(vals.shape), axis).tolist())
        else:
            tags = reduce_axis(spread, axis)
        if self.pads is not None and not (isinstance(v.tags, Tags) and v.tags.const):
            # padding: no record in a tile that holds data (a fill finding's replay)
            identity = neutral_for(f)
            padded = (_record_count(v.tags.broadcast(vals.shape)) == 0) & (np.asarray(vals, np.float64) != identity)
            if padded.any():
                at = tuple(int(i) for i in np.argwhere(padded)[0])
                self.pads.append(f"the padded element {list(at)} reaches this {f} as {float(vals[at]):.4g}, "
                                 f"where {f} needs {identity}")
        return Val(fn(vals, axis=axis), tags, taint, uninit)


    def _bcast(self, v: Val, kw: dict) -> Val:
        """bcast(x, axis=a, n=E): E copies of x along a new dimension a (same tags)."""
        from dsl.exprs import fold
        consts = {k: w for k, w in self.env.items() if isinstance(w, int)}
        axis, n = fold(kw["axis"], consts), fold(kw["n"], consts)
        vals = np.asarray(v.values)
        shape = vals.shape[:axis] + (n,) + vals.shape[axis:]

        def spread(a):
            return np.broadcast_to(np.expand_dims(np.broadcast_to(a, vals.shape), axis), shape)
        return Val(spread(vals), insert_axis(v.tags.broadcast(vals.shape), axis, n), spread(v.taint),
                   spread(v.uninit))


def _where(c: Val, a: Val, b: Val) -> Val:
    """Per element the picked operand's value, tags, taint and uninit, merged with the
    condition's (docs/SEMANTICS.md, "Tags"). Two literal branches make a tile of the
    checker's type, an i32 or f32 one as the lowering computes it (held-out round 86: NumPy
    made `where(c, 100, 0)` int64, so `x + ..` of an i32 tile did not wrap)."""
    if literal(a.values) and literal(b.values):
        # an f32 tile where either is a float (held-out round 102: np.float32(0.1) beside
        # np.int32(1) made np.where f64, and `x + where(c, 0.1, 1)` of an f32 x f64 math)
        floats = isinstance(a.values, float) or isinstance(b.values, float)
        a, b = (dataclasses.replace(v, values=np.float32(v.values) if floats else as_checked(v.values))
                for v in (a, b))
    else:
        a, b = dataclasses.replace(a, values=branch(a.values, b.values)), \
            dataclasses.replace(b, values=branch(b.values, a.values))
    shape = np.broadcast_shapes(np.shape(c.values), a.shape, b.shape)
    m = np.broadcast_to(np.asarray(c.values, bool), shape)

    def pick(x, y):
        return np.where(m, np.broadcast_to(x, shape), np.broadcast_to(y, shape))
    tags = where(m, a.tags.broadcast(shape), b.tags.broadcast(shape))
    picked = Val(pick(a.values, b.values), tags, pick(a.taint, b.taint), pick(a.uninit, b.uninit))
    return _combine(picked.values, c, picked)


def _record_count(t) -> np.ndarray:
    """The number of records of each element (exact tags or their summary)."""
    return t.valid.sum(axis=-1) if isinstance(t, Tags) else t.count


def _combine(values, a: Val, b: Val) -> Val:
    return Val(values, product(a.tags, b.tags), np.logical_or(a.taint, b.taint), np.logical_or(a.uninit, b.uninit))


def _widen(x):
    """A 16-bit float's value as the math computes it: in f32, rounded to f16 only where a
    tile is assigned or a cast asks (SEMANTICS.md; the lowering's compute type)."""
    if isinstance(x, np.ndarray) and x.dtype == np.float16:
        return x.astype(np.float32)
    return x


def _is_float(x) -> bool:
    return isinstance(x, (float, np.floating)) or (isinstance(x, np.ndarray) and x.dtype.kind == "f")


def _float(x):
    """Float operands of math functions: ints as f64, f16 widened to f32 (the lowering's
    compute type for 16-bit floats)."""
    x = _widen(x)
    return x if _is_float(x) else np.asarray(x, np.float64)


def _int_div(x, y):
    return tdiv(x, y, "integer division by zero in tile math")


def accumulate(old_tags: Tags, new: Val) -> Tags:
    """An in-place update keeps the old contributions and adds the new ones. Records with no
    field (a reset computed from constants, `m = z - inf`) hold no data and are dropped, as
    the verifier drops them from an accumulator's initialisation (encode/accumulate.py); so
    are the update's own (`s = s / 64.0` adds nothing: the target reads as the empty record
    and the literal carries no input element), as encode/compute_tags.update_contributions has it."""
    return union(with_data(old_tags), with_data(new.tags))


def with_data(t):
    """`t` without its records that have no field (a tile left with none holds no data)."""
    if isinstance(t, Tags):
        if not t.ncontrib:
            return t
        valid = t.valid & t.has.any(axis=-1)
        kept = Tags(t.schema, t.vals, t.has, valid).compact()
        return dataclasses.replace(kept, const=t.const or not valid.any())
    if not t.names:     # summarised, no field at all: every record is without data
        return dataclasses.replace(t, count=np.zeroslike(t.count))
    return t


def mma(a, b, c, out_dtype: ir.DType, accumulates: bool = False) -> Val:
    """c + a @ b with f32 (or f64) accumulation, or for an integer accumulator in int64 (its
    store wraps to the accumulator's type, as every step's wrap would); tags: c's
    contributions, then one per kk. `accumulates` (`acc = mma(a, b, acc)`): an in-place
    update, whose records with no field are dropped as `accumulate` drops them (held-out
    round 131: `acc = z + 1.0` then mma updates kept the literal's empty record, which the
    verifier's accumulator leaves out, and the differential check disagreed)."""
    av, bv, cv = a.values, b.values, c.values
    if av.ndim != 2 or bv.ndim != 2 or cv.ndim != 2 or av.shape[1] != bv.shape[0] \
            or cv.shape != (av.shape[0], bv.shape[1]):
        raise InterpretError(f"mma shapes do not fit: a{list(av.shape)} b{list(bv.shape)} c{list(cv.shape)}")
    acc = np.float64 if out_dtype is ir.DType.F64 else np.float32 if out_dtype.is_float else np.int64
    with np.errstate(all="ignore"):
        values = cv.astype(acc) + av.astype(acc) @ bv.astype(acc)
    tags = union(with_data(c.tags) if accumulates else c.tags, contract(a.tags, b.tags))
    a_t, b_t = np.broadcast_to(a.taint, av.shape), np.broadcast_to(b.taint, bv.shape)
    a_u, b_u = ~np.broadcast_to(a.written, av.shape), ~np.broadcast_to(b.written, bv.shape)
    taint = np.broadcast_to(c.taint, cv.shape) | a_t.any(1)[:, None] | b_t.any(0)[None, :]
    uninit = ~np.broadcast_to(c.written, cv.shape) | a_u.any(1)[:, None] | b_u.any(0)[None, :]
    return Val(values, tags, taint, uninit)
