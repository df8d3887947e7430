"""Running values written back through temporaries, read as the in-place updates they are.

`m_new = maximum(m, x); m = m_new` (a copy back into a register tile), `d = x - m;
m = m + d * w` (an in-place update that also reads its earlier value through a temporary:
Welford's mean) and `s = load M[R]; s2 = s + x; store M[R], s2` (a round trip through
shared memory) are how people write a loop-carried running value. docs/SEMANTICS.md gives
the meaning of the in-place update (`m = maximum(m, x)`; `s = s + x; store M[R], s`); the
verifier (encode/copyback.py, encode/roundtrip.py) and the interpreter take them from here,
so they agree on what is one.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from . import exprs, ir
from .compute import BINARY, UNARY, redefines


@dataclass(frozen=True, slots=True)
class RoundTrip:
    """`store M[R], v` of the tile `S = load M[R]` loaded earlier in the store's block,
    updated: `value` is v with its temporaries inlined, an expression over S (the running
    value) and tiles that keep their values up to the store; None when v is S itself
    (updated in place between the load and the store)."""
    load: ir.Load
    value: ir.Expr | None


@dataclass(frozen=True, slots=True)
class WriteBacks:
    """The kernel's copy-backs (statement, the in-place expression it stands for) and round
    trips (store, RoundTrip); looked up by statement identity."""
    copies: tuple[tuple[ir.Compute, ir.Expr], ...] = ()
    stores: tuple[tuple[ir.Store, RoundTrip], ...] = ()
    # register tiles with an in-place update (`s = s + x`, a copy back, `acc = mma(a, b, acc)`)
    running: frozenset[str] = frozenset()
    # top-level statements (by id) that compute a tile from itself and may drop it (`x =
    # mask(x, ..)`): they run once, a new definition, not an update (dsl/compute.redefines)
    redefined: frozenset[int] = frozenset()

    def copy_of(self, s) -> ir.Expr | None:
        return next((e for c, e in self.copies if c is s), None)

    def trip_of(self, s) -> RoundTrip | None:
        return next((t for c, t in self.stores if c is s), None)


def write_backs(kernel: ir.Kernel) -> WriteBacks:
    writes = Counter(name for s in ir.walk(kernel.body) if (name := assigned(s)) is not None)
    shared = {s.tensor.name for s in ir.walk(kernel.body) if isinstance(s, ir.Alloc)}
    copies: list = []
    stores: list = []
    _scan(kernel.body, None, writes, shared, False, copies, stores)
    top = {id(s) for s in kernel.body if redefines(s)}
    running = {s.target.name for s in ir.walk(kernel.body)
               if isinstance(s, ir.Mma) and s.c == s.target.name
               or isinstance(s, ir.Compute) and id(s) not in top
               and s.target.name in exprs.free_syms(s.value, ir.SymKind.TENSOR)}
    running |= {c.target.name for c, _ in copies}
    return WriteBacks(tuple(copies), tuple(stores), frozenset(running), frozenset(top))


def assigned(s) -> str | None:
    """The tile a statement writes (a register tile, or a shared or global tensor)."""
    if isinstance(s, (ir.Zeros, ir.Load, ir.Mma, ir.Compute)):
        return s.target.name
    if isinstance(s, (ir.Copy, ir.Store, ir.TmaLoad)):
        return s.dst.tensor
    return None


def _scan(block: tuple, loop: ir.For | None, writes: Counter, shared: set, threaded: bool, copies: list,
          stores: list) -> None:
    """`loop`: the loop whose body `block` is (None for the kernel's body and a branch's)."""
    for s in block:
        if isinstance(s, ir.For):
            _scan(s.body, s, writes, shared, threaded, copies, stores)
        elif isinstance(s, ir.If):
            inner = threaded or exprs.mentions_thread(s.cond)
            _scan(s.then, None, writes, shared, inner, copies, stores)
            _scan(s.orelse, None, writes, shared, inner, copies, stores)
    found = []
    for i, s in enumerate(block):
        if isinstance(s, ir.Compute):
            got = _inline(s.value, block, i, i, s.target.name, writes, s.target if threaded else None)
            in_place = s.target.name in exprs.free_syms(s.value, ir.SymKind.TENSOR)
            if got is not None and got[1] and _own_element(got[0], s.target.name) \
                    and not (in_place and got[0] is s.value):
                found.append(s)
                copies.append((s, got[0]))
    if threaded or loop is None:
        return      # under a thread's `if`, which elements a thread loads, updates and stores depends on layouts
    for i, s in enumerate(block):
        if isinstance(s, ir.Store) and s.dst.tensor in shared and s.mask is None and _carried(s, loop):
            trip = _round_trip(block, i, writes, found)
            if trip is not None:
                stores.append((s, trip))


def _carried(w: ir.Store, loop: ir.For) -> bool:
    """The store is the loop's only write of its tensor, into a slice that does not move with
    the loop's variable (nor the thread, nor data read from memory): what it stores is what
    the next iteration finds."""
    terms = exprs.ref_terms(w.dst)
    moves = any(loop.var in exprs.free_syms(e, ir.SymKind.LOOP) or exprs.mentions_thread(e)
                or exprs.reads_elements(e) for e in terms)
    return not moves and all(x is w for x in ir.walk(loop.body) if assigned(x) == w.dst.tensor)


def _round_trip(block: tuple, i: int, writes: Counter, copies: list) -> RoundTrip | None:
    """The round trip the store block[i] closes, or None. The load is the latest of the same
    slice before it; nothing between them writes the tensor, and the loaded tile is changed
    only by in-place updates in the block itself."""
    w = block[i]
    at = next((j for j in range(i - 1, -1, -1) if isinstance(block[j], ir.Load) and block[j].src == w.dst), None)
    if at is None:
        return None
    ld = block[at]
    if ld.mask is not None or ld.transpose or ld.wgmma:
        return None
    run = ld.target.name
    for j in range(at + 1, i):
        s = block[j]
        if any(assigned(x) == w.dst.tensor for x in ir.walk((s,))):
            return None
        if any(assigned(x) == run for x in ir.walk((s,))) and not _in_place(s, run, copies):
            return None
    if w.src == run:
        return RoundTrip(ld, None)
    got = _inline(ir.Sym(w.src, ir.SymKind.TENSOR, w.span), block, i, i, run, writes, None)
    if got is None or not got[1] or not _own_element(got[0], run):
        return None
    return RoundTrip(ld, got[0])


ELEMENTWISE = UNARY + BINARY + ("where", "mask", "index")
_ROUNDED = (ir.DType.F16, ir.DType.BF16)


def _own_element(e: ir.Expr, run: str) -> bool:
    """Does `e` read the running value only at the element it updates (through elementwise
    math)? Read elsewhere (`bcast(sum(s, axis=0), ...)`), the element would take another one's
    earlier records, which the in-place reading (s as one empty record) does not carry."""
    return not any(isinstance(n, ir.Call) and n.func not in ELEMENTWISE
                   and run in exprs.free_syms(n, ir.SymKind.TENSOR) for n in exprs.iter_nodes(e))


def _in_place(s, run: str, copies: list) -> bool:
    """Is `s` an in-place update of register tile `run` (`s = f(s, ...)`, a copy-back, an mma into it)?"""
    if isinstance(s, ir.Compute):
        return run in exprs.free_syms(s.value, ir.SymKind.TENSOR) or any(c is s for c in copies)
    return isinstance(s, ir.Mma) and not s.shared and s.c == run == s.target.name


def _inline(expr: ir.Expr, block: tuple, pos: int, end: int, run: str, writes: Counter, like):
    """(expr read at block[pos], with every temporary that carries the running value `run`
    replaced by its definition, whether the result reads `run`), or None where such a
    temporary cannot be inlined. A temporary is inlined when it has one definition in the
    kernel, a Compute earlier in this block, that reads `run` (through others, inlined
    likewise), neither itself nor the thread's id (two tiles may place an element on
    different threads), and when nothing between it and block[end] writes a tile it reads:
    then it has the same value at block[end]. `like`: under a thread-dependent `if`, the
    target tile whose shape and placement every inlined temporary must have (its elements
    are then updated by the same threads)."""
    names = exprs.free_syms(expr, ir.SymKind.TENSOR)
    carries = run in names
    mapping = {}
    for u in sorted(names - {run}):
        j = next((j for j in range(pos - 1, -1, -1) if assigned(block[j]) == u), None)
        if j is None or writes[u] != 1 or not isinstance(block[j], ir.Compute):
            continue        # not defined here as math: read as it is
        d = block[j]
        got = _inline(d.value, block, j, end, run, writes, like)
        if got is None:
            return None
        if not got[1]:
            continue        # does not carry the running value: read as it is
        reads = exprs.free_syms(d.value, ir.SymKind.TENSOR)
        if u in reads or exprs.mentions_thread(d.value):
            return None
        if like is not None and (d.target.shape, d.target.layout) != (like.shape, like.layout):
            return None
        if any(assigned(x) in reads for b in block[j + 1:end] for x in ir.walk((b,))):
            return None
        # a 16-bit float temporary holds its math's f32 value rounded (SEMANTICS.md): the
        # inlined value keeps that rounding (held-out round 75)
        mapping[u] = ir.Cast(got[0], d.target.dtype, d.span) if d.target.dtype in _ROUNDED else got[0]
        carries = True
    return (exprs.substitute(expr, mapping) if mapping else expr), carries
