"""Memory accesses of a kernel: which statement touches which element, by which thread.

An `Access` is one side of a tile statement (the source or the destination of a copy,
the source of a load, the destination of a store); an `Instance` is that access at
symbolic loop iterations, by a symbolic thread doing a symbolic value of its
distribution. Shared-memory addresses come from the allocation's layout.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import z3

from dsl import exprs, ir
from dsl.fmt import format_expr

from . import program as prog
from .distribution import Distribution, of_spec, thread_bindings
from .elem_reads import program_reads
from .layout import Layout, Swizzle, eval_symbolic
from .layout_core import flat_modes
from .symbols import Unsupported
from .terms import And, Or


@dataclass(frozen=True)
class Access:
    index: int
    point: prog.Point
    tensor: str
    ref: ir.TileRef | None      # None: a whole register tile
    write: bool
    is_async: bool
    space: ir.Space
    dist: Distribution
    masked: bool = False        # a masked access touches only the elements inside its tensor
    transpose: bool = False     # a transposed load: the distribution's tile is the source's swapped
    tma: bool = False           # a bulk copy: its issuing thread moves the whole tile
    elem: ir.ElemRef | None = None  # an element read of an integer input (encode/elem_reads.py)
    conds: tuple = ()           # the conditions under which the expression evaluates it
    # The source of an async copy (copy_async, tma_load): read while the copy is in flight,
    # until its thread's wait_group retires its group or its mbarrier phase is waited for, not
    # at issue (PTX; docs/MEMORY_MODEL.md). A write of the source before then races with it.
    in_flight: bool = False

    def src_tile(self, coords) -> tuple:
        """The accessed tile's coordinates of the distribution's element `coords`."""
        return tuple(coords)[::-1] if self.transpose else tuple(coords)

    @property
    def span(self):
        return self.point.span

    @property
    def verb(self) -> str:
        s = self.point.stmt
        if self.elem is not None:
            # an element read in a subscript, a bound or a condition, whatever the statement
            # (new-user round 55: BT[...] in a store's subscript read "store into BT")
            return f"the read {format_expr(self.elem)}"
        if isinstance(s, ir.Copy):
            kind = "copy_async" if s.is_async else "copy"
            return f"{kind} into {self.tensor}" if self.write else f"{kind} from {self.tensor}"
        if isinstance(s, ir.Store):
            return f"store into {self.tensor}"
        if isinstance(s, ir.TmaLoad):
            return f"tma_load into {self.tensor}" if self.write else f"tma_load from {self.tensor}"
        if isinstance(s, ir.Load):
            return f"load from {self.tensor}"
        return f"read of {self.tensor}"


def _shape(df, ref: ir.TileRef) -> tuple[int, ...]:
    return tuple(df.extent(e) for e in exprs.tile_shape(ref))


def collect(df) -> tuple[Access, ...]:
    """Every global and shared access of the kernel, in program order."""
    k, consts, out = df.kernel, df.env.consts, []

    def add(point, ref, write, is_async, dist, masked=False, transpose=False, tma=False, in_flight=False):
        space = df.types[ref.tensor].space
        out.append(Access(len(out), point, ref.tensor, ref, write, is_async, space, dist, masked, transpose, tma,
                          in_flight=in_flight))

    reads: dict = {}
    for p, r in program_reads(k, df.points):
        reads.setdefault(p.path, []).append(r)
    one = bulk_distribution((1,), k.threads)      # every thread that evaluates it reads it
    for p in df.points:
        s = p.stmt
        for r in reads.get(p.path, ()):
            out.append(Access(len(out), p, r.ref.tensor, None, False, False, ir.Space.GLOBAL, one,
                              elem=r.ref, conds=r.conds))
        if isinstance(s, ir.Copy):
            dist = of_spec(s.layout, _shape(df, s.dst), k.threads, consts)
            add(p, s.src, False, False, dist, s.mask is not None, in_flight=s.is_async)
            add(p, s.dst, True, s.is_async, dist)
        elif isinstance(s, ir.TmaLoad):
            dist = bulk_distribution(_shape(df, s.dst), k.threads)
            add(p, s.src, False, False, dist, s.mask is not None, tma=True, in_flight=True)
            add(p, s.dst, True, True, dist, tma=True)
        elif isinstance(s, ir.Load):
            dist = of_spec(s.target.layout, df.shape(s.target.name), k.threads, consts)
            add(p, s.src, False, False, dist, s.mask is not None, s.transpose)
        elif isinstance(s, ir.Store):
            src = df.types[s.src]
            spec = s.layout if s.layout is not None else src.layout
            add(p, s.dst, True, False, of_spec(spec, df.shape(s.src), k.threads, consts), s.mask is not None)
    return tuple(out)


def bulk_distribution(shape: tuple[int, ...], threads: int) -> Distribution:
    """A bulk copy's: every thread that runs the statement moves every element (stride-0
    thread mode); role conditions narrow it to the issuing thread."""
    n = math.prod(shape)
    return Distribution("bulk copy", Layout((threads, n), (0, 1)), shape, threads)


# ---------------------------------------------------------------- shared-memory addresses
@dataclass(frozen=True)
class SharedLayout:
    """Where each element of a shared tile lives, in elements from the buffer's start."""
    name: str
    shape: tuple[int, ...]
    dtype: ir.DType
    swizzle: Swizzle | None = None
    modes: tuple[Layout, ...] | None = None      # one layout per dimension (natural coordinates)
    flat: Layout | None = None                   # or one layout over the row-major index
    offsets: np.ndarray = field(default=None, compare=False, repr=False)

    @cached_property
    def cosize(self) -> int:
        """Elements the allocation spans."""
        return int(self.offsets.max()) + 1 if self.offsets.size else 0

    @cached_property
    def injective(self) -> bool:
        return len(np.unique(self.offsets)) == self.offsets.size

    @property
    def nbytes(self) -> int:
        return self.cosize * self.dtype.nbytes

    def row_major(self, coords):
        off = 0
        for c, n in zip(coords, self.shape):
            off = off * n + c
        return off

    def offset(self, coords, tag: str = "a") -> tuple[object, list]:
        """(element offset of `coords` (solver terms) in the buffer, facts on fresh variables).

        Swizzles stay in linear integer arithmetic: the offset's low bits become 0/1
        variables and the XOR acts on them, so no bit-vector conversion is needed."""
        if self.modes is not None:
            return sum((eval_symbolic(m, c) for m, c in zip(self.modes, coords)), z3.IntVal(0)), []
        ro = self.row_major(coords)
        if self.flat is not None:
            return eval_symbolic(self.flat, ro), []
        if self.swizzle is not None:
            return swizzle_int(self.swizzle, ro, f"{self.name}@{tag}")
        return ro, []

    def concrete(self, coords: tuple[int, ...]) -> int:
        return int(self.offsets[tuple(coords)])


def swizzle_int(sw: Swizzle, offset, stem: str) -> tuple[object, list]:
    """Swizzle(B, M, S) of a non-negative Int term, with 0/1 variables for its low bits."""
    top = sw.base + abs(sw.shift) + sw.bits
    bits = [z3.Int(f"{stem}.bit{i}") for i in range(top)]
    high = z3.Int(f"{stem}.high")
    facts = [high >= 0, offset == high * (1 << top) + sum((b * (1 << i) for i, b in enumerate(bits)), z3.IntVal(0))]
    facts += [Or(b == 0, b == 1) for b in bits]
    out = high * (1 << top)
    targets = range(sw.base - min(0, sw.shift), sw.base - min(0, sw.shift) + sw.bits)
    for i, b in enumerate(bits):
        if sw.bits and i in targets:
            b = z3.If(b == bits[i + sw.shift], 0, 1)
        out = out + b * (1 << i)
    return out, facts


def _ints(e, consts):
    if isinstance(e, ir.TupleExpr):
        return tuple(_ints(i, consts) for i in e.items)
    v = exprs.try_fold(e, consts)
    if v is None:
        raise Unsupported("a layout needs compile-time integers", getattr(e, "span", None))
    return v


def _eval_modes(layout: Layout, idx: np.ndarray) -> np.ndarray:
    out = np.zeros_like(idx)
    rest = idx.copy()
    for n, d in flat_modes(layout):
        out += (rest % n) * d
        rest //= n
    return out


def shared_layout(t: ir.TensorType, consts: dict[str, int]) -> SharedLayout:
    shape = tuple(_ints(d, consts) for d in t.shape)
    n = math.prod(shape)
    spec = t.layout
    rm = np.arange(n, dtype=np.int64)
    if spec is None or spec.kind == "named":
        return SharedLayout(t.name, shape, t.dtype, offsets=rm.reshape(shape))
    if spec.kind == "swizzle":
        sw = Swizzle(*(_ints(x, consts) for x in spec.swizzle))
        moved = rm & sw.yyy_mask
        moved = moved >> sw.shift if sw.shift >= 0 else moved << -sw.shift
        return SharedLayout(t.name, shape, t.dtype, swizzle=sw, offsets=(rm ^ moved).reshape(shape))
    lshape = _ints(spec.shape, consts)
    lay = Layout(lshape, _ints(spec.stride, consts) if spec.stride is not None else None)
    modes = lay.shape if isinstance(lay.shape, tuple) else (lay.shape,)
    if len(modes) == len(shape) and all(math.prod(_flat(m)) == e for m, e in zip(modes, shape)):
        per = tuple(lay[i] for i in range(len(shape)))
        coords = np.unravel_index(rm, shape) if n else ()
        offs = sum((_eval_modes(m, np.asarray(c, dtype=np.int64)) for m, c in zip(per, coords)),
                   np.zeros(n, dtype=np.int64))
        return SharedLayout(t.name, shape, t.dtype, modes=per, offsets=offs.reshape(shape))
    if math.prod(_flat(lshape)) == n:
        return SharedLayout(t.name, shape, t.dtype, flat=lay, offsets=_eval_modes(lay, rm).reshape(shape))
    raise Unsupported(f"a shared layout of shape {lshape} does not fit the tile {list(shape)}", spec.span)


def _flat(t) -> list[int]:
    return [x for i in t for x in _flat(i)] if isinstance(t, tuple) else [t]


# ---------------------------------------------------------------- instances
@dataclass
class Instance:
    """An access at symbolic iterations, by symbolic thread `t` doing value `v`."""
    access: Access
    tag: str
    loops: dict
    t: object
    v: object
    bound: dict
    tile: tuple
    coords: tuple
    facts: list

    @property
    def point(self) -> prog.Point:
        return self.access.point


def loop_vars(point: prog.Point, tag: str) -> dict:
    return {loop.var: z3.Int(f"{loop.var}@{tag}") for loop in point.loops}


def enabled(env, point: prog.Point, bound: dict) -> list:
    """Facts: the instance `bound` of `point` runs (its loops' ranges, its branch conditions)."""
    facts = []
    for loop in point.loops:
        v = bound[loop.var]
        facts += [v >= env.term(loop.start, bound), v < env.term(loop.stop, bound)]
    for g in point.guards:
        c = env.cond(g.cond, bound)
        facts.append(c if g.positive else z3.Not(c))
    return facts


def instantiate(df, access: Access, tag: str, warp_size: int) -> Instance:
    env = df.env
    loops = loop_vars(access.point, tag)
    t, v = z3.Int(f"%t@{tag}"), z3.Int(f"%v@{tag}")
    bound = {**loops, **thread_bindings(t, warp_size)}
    e, facts = access.dist.element(t, v)
    tile = access.src_tile(access.dist.coords(e))
    facts = facts + enabled(env, access.point, bound)
    if access.elem is not None:
        facts += [env.cond(c, bound) if holds else z3.Not(env.cond(c, bound)) for c, holds in access.conds]
        coords = tuple(env.term(i, bound) for i in access.elem.indices)
        return Instance(access, tag, loops, t, v, bound, tile, coords, facts)
    coords = df.full_coords(access.ref, bound, tile)
    if access.masked:
        facts = facts + in_tensor(env, df.types[access.tensor], coords)
    return Instance(access, tag, loops, t, v, bound, tile, coords, facts)


def in_tensor(env, t: ir.TensorType, coords) -> list:
    """Facts: the element `coords` lies inside tensor `t` (what a mask lets through)."""
    return [And(c >= 0, c < env.term(n, {})) for c, n in zip(coords, t.shape)]


def point_thread_dependent(point: prog.Point) -> bool:
    """Whether threads of a block may disagree on running this point (branches, loop bounds)."""
    return (any(exprs.mentions_thread(g.cond) for g in point.guards)
            or any(exprs.mentions_thread(l.start) or exprs.mentions_thread(l.stop) for l in point.loops))
