"""Constants where a tag function says so: an output element whose tag function's condition
fails holds no record, and its value must be 0.0 (or the `else` value of `tag C[i, j] = (...)
if c else -inf`); one whose `range` field is empty likewise holds 0.0.

encode/holds_data.py checks that such an element holds no record with a field; that leaves
its value free: `where(i > j, a, 1.0)` holds the literal's empty record above the diagonal,
and so do a count `cnt + 1.0` and `zeros + 0.5`; each was proved (held-out round 14).
Padding is the fill rule's (encode/fill_rule.py follows its value exactly: exp of -inf
padding is 0.0); this module classifies the other elements that hold no record, the
*constants*, of each tile, as a least fixpoint over its writers:

  EMPTY     the tile has no constant element (inputs, data, padding);
  Const(v)  each of its constant elements is v (+-0.0 one value, ZERO): `zeros`, a literal,
            math of such folded in f32 (`zeros - inf` is -inf, exp of it 0.0), a `where` or
            `maximum` whose sides agree; a product of ZERO with a finite number;
  ANY       any other (`index(...)`, a `where` of 1.0 and 0.0, a division by a tile).

Data is finite, as everywhere in the fill rule. Numbers are rounded to f32 at each step,
the type tile math computes in (f16 and bf16 too; an f64 tile's math is only followed more
coarsely so): 1e39 and exp(100.0) are inf, 1e-46 is 0.0, so `zeros * 1e39` is not 0.0 but
NaN (held-out round 29); a cast rounds to its type (70000.0 is inf in f16). A store where
a constant is due is unknown unless its tile is EMPTY or Const of that value (NaN is no
value: it equals nothing)."""
from __future__ import annotations

import functools
import math

from dsl import exprs, ir
from dsl.masks import INT_RANGES
from dsl.pad_values import FUNCS, cast_value, evaluate

from .const_values import (ANY, ARITH, EMPTY, OPS, ZERO, Const, Number, as_class, converted, exact_fold,
                           extremum, join, math_kind, of_number)
from .softmax_sum import at_least_one, scalar_at_least_one

SCALARS = (ir.SymKind.SIZE, ir.SymKind.CONST, ir.SymKind.LOOP)
MAX_ROUNDS = 4           # the lattice is EMPTY < Const(v) < ANY: a tile's class changes at most twice


def holds_constant(df, name: str, value: float, dtype: ir.DType | None = None) -> bool:
    """Whether every element of tile (or tensor) `name` that holds no record and is not
    padding is `value` (once converted to `dtype`, the type it is stored in)."""
    got = Constants(df).tile(name)
    if isinstance(got, Const) and dtype is not None:
        got = converted(got, dtype)
    return got == EMPTY or isinstance(got, Const) and got.v == value


class Constants:
    """The class of each tile's constants (EMPTY, ZERO, ANY), memoised."""

    def __init__(self, df):
        self.df, self.memo, self.assumed = df, {}, {}
        self.fold = None                    # the math folding numbers now: F32, F64, an int type, or None
        self.read_back: set = set()         # tiles whose walk read their own assumption
        self.positive: dict[str, bool] = {}  # size -> the assumptions keep it >= 1

    def tile(self, name: str) -> int:
        if name in self.memo:
            return self.memo[name]
        if name in self.assumed:
            self.read_back.add(name)
            return self.assumed[name]
        writers = self.df.writers.get(name, [])
        # a tensor's contents before the kernel writes it: a tagged input holds data; an
        # untagged one holds no record with a field, so any value
        decl = self.df.kernel.tag_of(name) if self.df.kernel.param(name) is not None else None
        initial = None if self.df.kernel.param(name) is None else EMPTY if decl is not None and decl.fields else ANY
        if not writers:
            return ANY if initial is None else initial
        self.assumed[name] = EMPTY
        saved = dict(self.memo)
        try:
            for _ in range(MAX_ROUNDS):
                self.read_back.discard(name)
                out = functools.reduce(join, [self.written(w.stmt) for w in writers]
                                       + ([] if initial is None else [initial]))
                if name not in self.read_back or out == self.assumed[name]:
                    break
                self.assumed[name] = out
                self.memo = dict(saved)      # answers that read the assumption
            else:
                out = ANY
        finally:
            del self.assumed[name]
        self.memo[name] = out
        return out

    def written(self, s) -> int:
        if isinstance(s, ir.Zeros):
            return ZERO
        if isinstance(s, (ir.Load, ir.Copy, ir.TmaLoad)):
            return self.tile(s.src.tensor)    # a masked access's fill is padding
        if isinstance(s, ir.Store):
            return self.tile(s.src)
        if isinstance(s, ir.Compute):
            return converted(got, s.target.dtype) if isinstance(got := self._folded(s), Const) else got
        if isinstance(s, ir.Mma):
            # every element sums a line of products: data, or (a line all padding) padding
            saved, self.fold = self.fold, math_kind(s.target.dtype) if s.target.dtype.is_float else None
            try:
                products = self._arith(ir.BinOp.MUL, self.tile(s.a), self.tile(s.b))
            finally:
                self.fold = saved
            # (a line of products v * w sums to k * v * w: only 0.0 stays what it was)
            return products if products == EMPTY else join(self.tile(s.c), products) if products == ZERO else ANY
        return ANY

    def _folded(self, s: ir.Compute):
        """The class of a computed tile's value, its numbers folded in the math's own type:
        f32 for f32, f16 and bf16 tiles (rounded at each step), f64 exactly, an integer type
        exactly (its wrap is one at the store: `+ - *` commute with it; `/` is not folded),
        and not at all where the expression mixes them or casts (held-out round 64: f64,
        i32 and i8 constants folded in f32 were taken for values they are not)."""
        saved, self.fold = self.fold, self._fold_of(s)
        try:
            return self.expr(s.value)
        finally:
            self.fold = saved

    def _fold_of(self, s: ir.Compute):
        kinds = {math_kind(self.df.types[n].dtype) for n in exprs.free_syms(s.value, ir.SymKind.TENSOR)} \
            | {math_kind(s.target.dtype)}
        casts = any(isinstance(n, ir.Cast) for n in exprs.iter_nodes(s.value))
        return kinds.pop() if len(kinds) == 1 and not casts else None

    def num(self, v: float) -> Number:
        """A number as the math folding it holds it: exact in f64 math; an integer of the type
        in integer math (an intermediate outside it wraps, which `maximum` would not commute
        with: held-out round 66); in f32 math or where nothing folds, a number f32 holds
        exactly (16777217, 1e-46 and 2.9999999 are not: NumPy rounds them to f32, the
        lowering may compute them in f64 first)."""
        if self.fold is ir.DType.F64:
            return Number(float(v))
        if self.fold in INT_RANGES:
            lo, hi = INT_RANGES[self.fold]
            return Number(float(v)) if math.isfinite(v) and v == int(v) and lo <= v <= hi and abs(v) < 2 ** 53 \
                else Number(None)
        held = cast_value(v, ir.DType.F32)
        if held == v or math.isinf(v):
            return Number(float(v))
        # in f32 math: its f32 value, kept beside the literal (a fold must come out the same
        # from either: `z * 1e30` is 0.0 both ways, `(z + 16777217) - 16777216` is not)
        return Number(held, raw=float(v)) if self.fold is ir.DType.F32 else Number(None)

    def expr(self, e: ir.Expr):
        """The class of a statement's value (a number everywhere is a tile of constants)."""
        got = self.value(e)
        return of_number(got) if isinstance(got, Number) else got

    def value(self, e: ir.Expr):
        """A class, or a Number: the same number at every element, which holds no record."""
        if isinstance(e, (ir.Bin, ir.Neg, ir.Call)) and exprs.int_scalar(e):
            # integer scalar arithmetic is int64 in tile math, converted once: `3 / 2 * 2 - 3`
            # is -1, not 0.0 (held-out round 32)
            got = exprs.int_scalar_value(e, self.df.env.consts)
            return Number(None, True) if got is None else self.num(float(got))
        match e:
            case ir.FloatLit(value=c) | ir.IntLit(value=c):
                return self.num(float(c))
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                return self.tile(n)
            case ir.Sym(kind=k, name=n) if k in SCALARS:
                if n not in self.positive:
                    self.positive[n] = k is not ir.SymKind.LOOP and scalar_at_least_one(self.df, e)
                return Number(None, True, self.positive[n])
            case ir.BuiltinRef():
                return Number(None, True)
            case ir.Neg(operand=x):
                # (through num: -(-128) is no i8 number, it wraps: held-out round 67)
                v = self.value(x)
                if isinstance(v, Const):
                    return of_number(self.num(-v.v)) if self.fold is not None else ANY
                if isinstance(v, Number):
                    if v.raw is not None:       # negation is exact: the literal stays beside its value
                        return Number(-v.v, raw=-v.raw)
                    return Number(None, v.finite) if v.v is None else self.num(-v.v)
                return v
            case ir.Cast(operand=x, dtype=dt):
                v = self.value(x)
                if isinstance(v, Number) and v.raw is not None:
                    return Number(None)         # f32's value or the literal's: not one number
                if isinstance(v, Number) and v.v is not None:
                    got = cast_value(v.v, dt)
                    return Number(got) if isinstance(got, float) else Number(None)
                return converted(v, dt) if isinstance(v, Const) else v
            case ir.Bin(op=ir.BinOp.DIV, lhs=a, rhs=b) if not isinstance(self.value(b), Number) \
                    and at_least_one(self.df, b, self.tile):
                # a tile of finite numbers >= 1 (a softmax's row sum, a clamped length): 0.0
                # stays 0.0 (new-user round 53's masked mean, `s / cast(maximum(len, 1), f32)`)
                got = self.expr(a)
                return got if got in (EMPTY, ZERO) else ANY
            case ir.Bin(op=op, lhs=a, rhs=b) if op in ARITH:
                return self._arith(op, self.value(a), self.value(b))
            case ir.Call(func="where", args=(c, a, b)):
                if self.recorded(c):
                    # each element carries the condition's records (SEMANTICS.md, where): a
                    # one-hot `where(x == index(..), 1.0, 0.0)` of data has no constant element
                    # (held-out round 39)
                    return EMPTY
                return join(self.expr(a), self.expr(b))
            case ir.Call(func="maximum" | "minimum" as f, args=(a, b)):
                return extremum(f, self.value(a), self.value(b))
            case ir.Call(func="sum", args=(x, *_)):
                # a sum of n constants v is n * v: only 0.0 stays what it was
                v = self.value(x)
                return v if v in (EMPTY, ZERO, ANY) else ANY
            case ir.Call(func="mask" | "max" | "min" | "bcast" | "reshape", args=(x, *_)):
                return self.value(x)         # the elements a mask replaces are padding
            case ir.Call(func=f, args=(x,)) if f in FUNCS and (sel := self._selection(x)) is not None:
                # each side through the function: `exp(where(c, x, -inf))` is 0.0 where it takes
                # the -inf (held-out round 58)
                return functools.reduce(join, [as_class(self._func(f, side)) for side in sel])
            case ir.Call(func=f, args=(x,)) if f in FUNCS:
                return self._func(f, self.value(x))
        return ANY


    def _func(self, f: str, v):
        """Math function f of a class or a Number."""
        if isinstance(v, Number):
            return Number(None) if v.v is None or v.raw is not None or not self._exact_at(f, v.v) else \
                self.num(evaluate(FUNCS[f], v.v))
        if isinstance(v, Const):
            return of_number(self.num(evaluate(FUNCS[f], v.v))) if self._exact_at(f, v.v) else ANY
        return v

    def _exact_at(self, f: str, v: float) -> bool:
        """Whether every implementation of math function f gives one value at v: abs and sqrt
        (correctly rounded) anywhere, the others at 0.0 and the infinities (exp(-inf) is 0.0),
        and log, log2, rsqrt, exp2 at 1.0; elsewhere the simulator's f64 result rounded once,
        the lowering's `1 / (1 + exp(-x))` and the GPU's approximations differ by an ulp
        (held-out rounds 66, 67)."""
        return self.fold in (ir.DType.F32, ir.DType.F64) and (
            f in ("abs", "sqrt") or v in (0.0, math.inf, -math.inf) or v == 1.0 and f in ("log", "log2", "rsqrt", "exp2"))

    def _arith(self, op: ir.BinOp, a, b):
        """`a op b`: an element is a constant where one operand is and the other is a constant or
        padding (which meets it as data); where one operand holds data, so does the result.
        Numbers fold only in the math's own type (`self.fold`; integer `/` truncates: not folded)."""
        folds = self.fold is not None and not (op is ir.BinOp.DIV and self.fold not in (ir.DType.F32, ir.DType.F64))
        def at(x: float, y: float, raw=(None, None)) -> Number:
            if not folds:
                return Number(None)
            if self.fold in INT_RANGES:      # exact integers (num keeps those below 2^53 in the type)
                return self.num(float(OPS[op](int(x), int(y)))) if abs(x) < 2 ** 53 and abs(y) < 2 ** 53 \
                    else Number(None)
            r = exact_fold(op, x, y, self.fold)
            if r is not None and raw != (None, None):
                alt = cast_value(evaluate(OPS[op], x if raw[0] is None else raw[0], y if raw[1] is None else raw[1]),
                                 ir.DType.F32)
                if not (alt == r and math.copysign(1.0, alt) == math.copysign(1.0, r)):
                    return Number(None)
            return Number(None) if r is None else self.num(r)
        if isinstance(a, Number) and isinstance(b, Number):
            return Number(None) if a.v is None or b.v is None else at(a.v, b.v, (a.raw, b.raw))
        if isinstance(a, Number) or isinstance(b, Number):
            (n, x), left = ((a, b), True) if isinstance(a, Number) else ((b, a), False)
            if x == EMPTY:
                return EMPTY                      # data or padding against a number: no constant
            if x != ANY and n.v is not None:
                return of_number(at(n.v, x.v, (n.raw, None)) if left else at(x.v, n.v, (None, n.raw)))
            # 0.0 times (or over) a number whose sign is not known may be -0.0, which `1.0 / c`
            # tells apart (held-out round 66): only a size the assumptions keep >= 1 keeps +0.0
            if self.fold is not None and x == ZERO and n.v is None and n.positive and \
                    op in (ir.BinOp.MUL, ir.BinOp.DIV) and not (op is ir.BinOp.DIV and left):
                return ZERO
            return ANY
        if isinstance(a, Const) and isinstance(b, Const):
            # both constant at an element: the folded value (data or padding on one side makes data)
            return of_number(at(a.v, b.v))
        if op is ir.BinOp.DIV:
            return EMPTY if a == b == EMPTY else ANY
        # padding that meets a constant as the math's identity (`c + 0.0`, `c - 0.0`, `c * 1.0`)
        # leaves the constant, save -0.0's sign: -0.0 + 0.0 is 0.0, and so is -0.0 - -0.0
        # (held-out round 67; `pad - c` is no identity: padding still, the fill rule's)
        c, left = (a, True) if isinstance(a, Const) else (b, False)
        if isinstance(c, Const) and c.v == 0.0 and c != ZERO and (op is ir.BinOp.ADD or op is ir.BinOp.SUB and left):
            return ANY
        return join(a, b)

    def _selection(self, e: ir.Expr) -> list | None:
        """The values (classes or Numbers) of the two sides of `where(c, a, b)`, or of a tile
        whose one writer computes it (each side as that writer computes it, in its own math,
        and converted to its tile's type: held-out round 67), whose condition holds no record
        (else the where's elements carry it: no constant)."""
        s = None
        if isinstance(e, ir.Sym) and e.kind is ir.SymKind.TENSOR:
            writers = self.df.writers.get(e.name, [])
            if len(writers) != 1 or not isinstance(writers[0].stmt, ir.Compute):
                return None
            s = writers[0].stmt
            e = s.value
        if not (isinstance(e, ir.Call) and e.func == "where" and len(e.args) == 3 and not self.recorded(e.args[0])):
            return None
        if s is None:
            return [self.value(e.args[1]), self.value(e.args[2])]
        saved, self.fold = self.fold, self._fold_of(s)
        try:
            sides = [as_class(self.value(a)) for a in e.args[1:]]
        finally:
            self.fold = saved
        return [converted(c, s.target.dtype) if isinstance(c, Const) else c for c in sides]

    def recorded(self, e: ir.Expr) -> bool:
        """Whether every element of `e` that is not padding holds some record: it reads, at
        the element, a tile with no constant element (records merge through math)."""
        match e:
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                return self.tile(n) == EMPTY
            case ir.Bin(lhs=a, rhs=b) | ir.Call(func="maximum" | "minimum", args=(a, b)):
                return self.recorded(a) or self.recorded(b)
            case ir.Neg(operand=x) | ir.Not(operand=x) | ir.Cast(operand=x):
                return self.recorded(x)
            case ir.Call(func="where", args=(c, a, b)):
                return self.recorded(c) or (self.recorded(a) and self.recorded(b))
            case ir.Call(func="mask" | "sum" | "max" | "min" | "bcast" | "reshape", args=(x, *_)):
                return self.recorded(x)
            case ir.Call(func=f, args=(x,)) if f in FUNCS:
                return self.recorded(x)
        return False


def constant_value(df, e: ir.Expr, depth: int = 0) -> float | None:
    """The one number every element of tile expression `e` holds, where it is built from
    `zeros` tiles and literals alone (`z + 2.0`), else None (new-user round 42: a window sum
    divided by `z + 2.0` was unknown where `* (1.0 / (z + 2.0))` proved)."""
    from dsl.pad_values import value_at
    known = {}
    for name in {n.name for n in exprs.iter_nodes(e) if isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR}:
        writers = df.writers.get(name, [])
        if df.kernel.param(name) is not None or len(writers) != 1 or depth > 4:
            return None
        s = writers[0].stmt
        got = 0.0 if isinstance(s, ir.Zeros) else constant_value(df, s.value, depth + 1) \
            if isinstance(s, ir.Compute) else None
        if got is None:
            return None
        # the tile holds its value in its own type (f16 2049.0 is 2048.0, i8 100 + 100 wraps:
        # held-out round 67), which the lattice follows
        held = Constants(df).tile(name)
        if not (isinstance(held, Const) and math.isfinite(held.v)):
            return None
        known[name] = held.v
    out = value_at(with_consts(df.kernel, e), "", 0.0, df.types, known)
    return out if isinstance(out, float) and math.isfinite(out) else None


def with_consts(kernel: ir.Kernel, e: ir.Expr) -> ir.Expr:
    """`e` with the kernel's named constants written as their numbers (`zi + LO`, LO = -1:
    new-user round 65's running maximum started from a `const` was not followed)."""
    values = {c.name: ir.IntLit(c.value, c.span) for c in kernel.consts if isinstance(c.value, int)}
    return exprs.substitute(e, values) if values else e
