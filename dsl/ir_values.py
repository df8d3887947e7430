"""The typed IR's values: dtypes, expressions, tile references and tensor types (dsl/ir.py
re-exports them beside the statements and the kernel; import them from there).

Frozen dataclasses with tuple fields; `span` never takes part in equality.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Union

from .diagnostics import NO_SPAN, Span


def _span() -> Span:
    return field(default=NO_SPAN, compare=False, repr=False)


class DType(enum.Enum):
    F16 = "f16"
    BF16 = "bf16"
    F32 = "f32"
    F64 = "f64"
    I8 = "i8"
    I32 = "i32"
    I64 = "i64"
    BOOL = "bool"

    @property
    def nbytes(self) -> int:
        return {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i8": 1, "i32": 4, "i64": 8, "bool": 1}[self.value]

    @property
    def is_float(self) -> bool:
        return self.value.startswith(("f", "bf"))


class SymKind(enum.Enum):
    SIZE = "size"        # a symbolic tensor extent such as M
    CONST = "const"      # a compile-time constant declared with `const`
    LOOP = "loop"        # a loop variable
    INDEX = "index"      # an element index bound by a tag declaration or an assertion
    TENSOR = "tensor"    # a name of a tensor or a tile (only as a subscript base)


class BinOp(enum.Enum):
    ADD = "+"
    SUB = "-"
    MUL = "*"
    DIV = "/"
    MOD = "%"
    EQ = "=="
    NE = "!="
    LT = "<"
    LE = "<="
    GT = ">"
    GE = ">="
    AND = "and"
    OR = "or"
    XOR = "^"          # integers only: index arithmetic such as a swizzle


COMPARISONS = frozenset({BinOp.EQ, BinOp.NE, BinOp.LT, BinOp.LE, BinOp.GT, BinOp.GE})
LOGICAL = frozenset({BinOp.AND, BinOp.OR})


class Builtin(enum.Enum):
    """Scalars every thread knows: its block, its thread id, warp and lane."""
    BLOCK_X = "block.x"
    BLOCK_Y = "block.y"
    BLOCK_Z = "block.z"
    THREAD_X = "thread.x"
    WARP = "thread.warp"
    LANE = "thread.lane"


# ---------------------------------------------------------------- expressions
@dataclass(frozen=True, slots=True)
class IntLit:
    value: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class FloatLit:
    value: float
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Sym:
    name: str
    kind: SymKind
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BuiltinRef:
    which: Builtin
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Bin:
    op: BinOp
    lhs: "Expr"
    rhs: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Neg:
    operand: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Not:
    operand: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Call:
    """A pure function on scalars or tiles: min, max, exp, sum(x, axis=..) ..."""
    func: str
    args: tuple["Expr", ...]
    kwargs: tuple[tuple[str, "Expr"], ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Cast:
    """cast(x, f16): the value of `x` converted to `dtype` (rounded, or truncated to an integer)."""
    operand: "Expr"
    dtype: DType
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Hole:
    """`??` with an optional finite domain; only legal in synthesis mode."""
    domain: tuple["Expr", ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ElemRef:
    """One element of a tensor or tile: route[t], a[i, k]."""
    tensor: str
    indices: tuple["Expr", ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class TagField:
    """tag(x[i, j]).field inside an assertion or invariant."""
    elem: ElemRef
    field: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class RangeSet:
    """range(lo, hi) on the right of a tag equality: the field covers exactly [lo, hi)."""
    lo: "Expr"
    hi: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class TupleExpr:
    items: tuple["Expr", ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Forall:
    """An assumption over every index of an integer input: `assume route[t] == e[t / 64]`
    binds t, which ranges over route's dimension. The binding is implicit in the source."""
    names: tuple[str, ...]
    body: "Expr"
    span: Span = _span()


Expr = Union[IntLit, FloatLit, Sym, BuiltinRef, Bin, Neg, Not, Call, Cast, Hole, ElemRef,
             TagField, RangeSet, TupleExpr, Forall]


# ---------------------------------------------------------------- tiles
@dataclass(frozen=True, slots=True)
class Index:
    """A subscript that fixes one dimension (the dimension is dropped)."""
    at: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Slice:
    """A subscript `start : +extent` that keeps a dimension of `extent` elements."""
    start: Expr
    extent: Expr
    span: Span = _span()


Sub = Union[Index, Slice]


@dataclass(frozen=True, slots=True)
class TileRef:
    tensor: str
    subs: tuple[Sub, ...]
    span: Span = _span()


class Space(enum.Enum):
    GLOBAL = "global"
    SHARED = "shared"
    REGISTER = "register"


@dataclass(frozen=True, slots=True)
class LayoutSpec:
    """How a tile is laid out or distributed: a CuTe layout, a named constructor, a swizzle."""
    kind: str                       # "layout", "named", "swizzle"
    shape: Expr | None = None       # layout: shape (and stride) tuples of constant exprs
    stride: Expr | None = None
    name: str = ""                  # named: e.g. mma_m16n8k16, copy
    args: tuple[tuple[str, Expr], ...] = ()
    swizzle: tuple[Expr, Expr, Expr] | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class TensorType:
    name: str
    dtype: DType
    shape: tuple[Expr, ...]
    space: Space
    layout: LayoutSpec | None = None
    span: Span = _span()
