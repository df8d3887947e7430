"""The typed IR: the contract between the front end and every later stage.

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


# ---------------------------------------------------------------- statements
@dataclass(frozen=True, slots=True)
class Mask:
    """A predicated access: elements of the global tile outside the tensor are not touched;
    a load or copy gives them `value` (the folded `fill`), a store skips them."""
    fill: Expr | None = None
    value: float | int | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Alloc:
    tensor: TensorType
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Zeros:
    target: TensorType
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Load:
    """Read a tile from global or shared memory into a register tile."""
    target: TensorType
    src: TileRef
    span: Span = _span()
    mask: Mask | None = None
    transpose: bool = False         # target[i, j] is the source tile's element [j, i]


@dataclass(frozen=True, slots=True)
class Mma:
    """target = a @ b + c over tiles [m,k] x [k,n] + [m,n]."""
    target: TensorType
    a: str
    b: str
    c: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Compute:
    """Elementwise math or a reduction on register tiles: target = expr."""
    target: TensorType
    value: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Copy:
    dst: TileRef
    src: TileRef
    is_async: bool
    layout: LayoutSpec | None = None
    span: Span = _span()
    mask: Mask | None = None


@dataclass(frozen=True, slots=True)
class Store:
    dst: TileRef
    src: str
    layout: LayoutSpec | None = None
    span: Span = _span()
    mask: Mask | None = None


@dataclass(frozen=True, slots=True)
class Commit:
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class WaitGroup:
    pending: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Barrier:
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Assert:
    """A tag assertion (or a plain integer fact) over the bound index variables."""
    cond: Expr
    indices: tuple[str, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Invariant:
    cond: Expr
    indices: tuple[str, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class For:
    var: str
    start: Expr
    stop: Expr
    body: tuple["Stmt", ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class If:
    cond: Expr
    then: tuple["Stmt", ...]
    orelse: tuple["Stmt", ...] = ()
    span: Span = _span()


Stmt = Union[Alloc, Zeros, Load, Mma, Compute, Copy, Store, Commit, WaitGroup, Barrier,
             Assert, Invariant, For, If]


# ---------------------------------------------------------------- kernel
@dataclass(frozen=True, slots=True)
class TagDecl:
    tensor: str
    indices: tuple[str, ...]
    fields: tuple[tuple[str, Expr], ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ConstDecl:
    name: str
    value: int
    expr: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Kernel:
    name: str
    params: tuple[TensorType, ...]
    sizes: tuple[str, ...]                 # symbolic extents, in order of appearance
    consts: tuple[ConstDecl, ...]
    assumes: tuple[Expr, ...]
    grid: tuple[Expr, ...]
    threads: int
    tags: tuple[TagDecl, ...]
    body: tuple[Stmt, ...]
    file: str = field(default="<input>", compare=False)
    span: Span = _span()
    grid_span: Span = _span()       # the `grid` and `threads` statements (the values carry none)
    threads_span: Span = _span()

    def const_value(self, name: str) -> int:
        for c in self.consts:
            if c.name == name:
                return c.value
        raise KeyError(name)

    def param(self, name: str) -> TensorType | None:
        return next((p for p in self.params if p.name == name), None)

    def tag_of(self, tensor: str) -> TagDecl | None:
        return next((t for t in self.tags if t.tensor == tensor), None)


def walk(stmts):
    """Every statement in program order, descending into loops and branches."""
    for s in stmts:
        yield s
        if isinstance(s, For):
            yield from walk(s.body)
        elif isinstance(s, If):
            yield from walk(s.then)
            yield from walk(s.orelse)
