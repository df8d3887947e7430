"""The typed IR: the contract between the front end and every later stage. The values
(dtypes, expressions, tile references, tensor types) are in dsl/ir_values.py; here are the
statements and the kernel, and every node is reachable as `ir.X`.

Frozen dataclasses with tuple fields; `span` never takes part in equality.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from .diagnostics import NO_SPAN, Span  # noqa: F401  (NO_SPAN: ir.NO_SPAN)
from .ir_values import (  # noqa: F401  (one namespace: ir.X for every node)
    DType, SymKind, BinOp, COMPARISONS, LOGICAL, Builtin, IntLit, FloatLit, Sym, BuiltinRef, Bin,
    Neg, Not, Call, Cast, Hole, ElemRef, TagField, RangeSet, TupleExpr, Forall, Expr, Index, Slice,
    Sub, TileRef, Space, LayoutSpec, TensorType, _span)


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
    # "" a plain load; a wgmma's shared operand (dsl/wgmma.py): "operand" is its read at the
    # issue, "retire" the end of that read at the wgmma_wait that retires it (no code)
    wgmma: str = ""


@dataclass(frozen=True, slots=True)
class Mma:
    """target = a @ b + c over tiles [m,k] x [k,n] + [m,n]."""
    target: TensorType
    a: str
    b: str
    c: str
    span: Span = _span()
    # a wgmma (dsl/wgmma.py): a and b are the loads of these shared tiles just before it, and
    # target is asynchronous until the wgmma_wait that retires its group
    shared: tuple[TileRef, ...] = ()


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


@dataclass(frozen=True, slots=True)
class WgmmaCommit:
    """`wgmma_commit`: the wgmmas this thread issued since its last commit form one group."""
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class WgmmaWait:
    """`wgmma_wait n`: returns once at most n of this thread's wgmma groups are pending."""
    pending: Expr
    span: Span = _span()


# ---------------------------------------------------------------- mbarriers and bulk copies
@dataclass(frozen=True, slots=True)
class MbarAlloc:
    """`name = mbarrier[size] count n`: `size` mbarriers in shared memory, initialised by the
    block before any use to phase 0 with `n` expected arrivals per phase."""
    name: str
    size: Expr
    count: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BarRef:
    """One mbarrier of an array: full[k % S]."""
    bar: str
    index: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Arrive:
    """`arrive bar[i]` (tx_bytes None) or `expect_tx bar[i], n`: each executing thread adds n
    bytes to the current phase's transaction count, then arrives once."""
    bar: BarRef
    tx_bytes: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class MbarWait:
    """`wait bar[i], p`: returns once the latest phase of parity p of bar[i] has completed."""
    bar: BarRef
    parity: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class TmaLoad:
    """`tma_load dst, src [masked(fill=0.0)], bar[i]`: each executing thread issues one bulk
    copy of the whole tile, which lands some time later and completes its bytes on bar[i]'s
    phase; through a mask, elements of the tile outside the tensor land as zeros (they are
    still bytes of the copy)."""
    dst: TileRef
    src: TileRef
    bar: BarRef
    span: Span = _span()
    mask: Mask | None = None


@dataclass(frozen=True, slots=True)
class SetMaxNReg:
    """`setmaxnreg inc n` / `setmaxnreg dec n`: every thread of the executing warpgroups
    holds n registers from here on (Hopper's setmaxnreg; the block's pool must fit them)."""
    inc: bool
    count: Expr
    span: Span = _span()


Stmt = Union[Alloc, Zeros, Load, Mma, Compute, Copy, Store, Commit, WaitGroup, Barrier,
             Assert, Invariant, For, If, MbarAlloc, Arrive, MbarWait, TmaLoad, WgmmaCommit, WgmmaWait,
             SetMaxNReg]


# ---------------------------------------------------------------- kernel
@dataclass(frozen=True, slots=True)
class TagDecl:
    tensor: str
    indices: tuple[str, ...]
    fields: tuple[tuple[str, Expr], ...]
    span: Span = _span()
    cond: Expr | None = None        # `... if cond`: where a store must hold the fields (elsewhere no record)
    otherwise: FloatLit | None = None   # `... if cond else v`: the value where cond fails (else 0.0)

    @property
    def else_value(self) -> float:
        """The value of the stored elements where the condition fails (no record there)."""
        return 0.0 if self.otherwise is None else self.otherwise.value


@dataclass(frozen=True, slots=True)
class WritesDecl:
    """`writes T[i, j] if cond`: the kernel writes the elements of output T where cond holds,
    each once, and no other; the others keep their contents (docs/DSL.md, "Partial outputs")."""
    tensor: str
    indices: tuple[str, ...]
    cond: Expr
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
    writes: tuple[WritesDecl, ...] = ()    # partial outputs

    def const_value(self, name: str) -> int:
        for c in self.consts:
            if c.name == name:
                return c.value
        raise KeyError(name)

    def param(self, name: str) -> TensorType | None:
        return next((p for p in self.params if p.name == name), None)

    def tag_of(self, tensor: str) -> TagDecl | None:
        return next((t for t in self.tags if t.tensor == tensor), None)

    def written_part(self, tensor: str) -> WritesDecl | None:
        return next((w for w in self.writes if w.tensor == tensor), None)


def walk(stmts):
    """Every statement in program order, descending into loops and branches."""
    for s in stmts:
        yield s
        if isinstance(s, For):
            yield from walk(s.body)
        elif isinstance(s, If):
            yield from walk(s.then)
            yield from walk(s.orelse)
