"""Reductions whose inputs are spread over several warps, done in parallel.

`r = sum(x, axis=a)` (or max, min) where neither a butterfly inside one warp nor each
thread's own values suffice (warp.py): every thread combines its own values into one
partial per output element it feeds (a "slot"), a shfl.xor butterfly combines the lanes
of a warp that feed the same output elements, one lane of each such group writes its
partials to a shared scratch of `parts x outputs` elements, and after a barrier the
owners of each output element combine its `parts` partials in a fixed order. Decided by
checking every thread and value of the input's distribution, as warp.py does; anything
else keeps the serial lowering (docs/LOWERING.md, "Reductions").
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from dsl import exprs, ir

from . import warp
from .distribute import Distribution
from .warp import WARP
from .distribute import same as same_dist
from .node_types import node_types
from .scalar import LoweringError

MAX_SLOTS = 8       # partials a thread keeps in registers: flash_attention's 32 (5 shuffles each) spilled
MAX_VALUES = 256    # values of the input a thread holds: the first stage is unrolled


@dataclass(frozen=True, slots=True)
class CrossWarp:
    slots: tuple[tuple[int, ...], ...]   # per partial of a thread: the input values it combines
    width: int                           # lanes of the shfl.xor butterfly (1: no shuffles)
    chunk: int                           # a writer's partial index is (thread // chunk) % parts
    parts: int                           # partials per output element
    outputs: int                         # output elements; the scratch holds parts * outputs
    threads: int                         # threads that hold values of the input


@dataclass(frozen=True, slots=True)
class Reduction:
    """A reduction statement lowered in the parallel form."""
    form: CrossWarp
    target: str            # the register tile it defines
    buffer: str            # the shared scratch of form.parts x form.outputs partials
    acc: ir.DType          # the partials' type: the accumulator's (f32 for f16, i64 for an integer sum)
    fence: bool            # a barrier before the partials are written: the statement runs in a
    #                        loop, so owners may still be reading the previous execution's
    node: ir.Call          # the reduction inside the statement's value
    axis: int
    source: str            # a tile of the reduction's argument: its distribution is the layout split
    operands: tuple[str, ...]   # the argument's tiles read at the thread's own elements


REDUCTIONS = ("sum", "max", "min")
# the tile types whose reductions may go parallel, and the partials' type for each type a
# reduction's value has
FLOAT_ACC = (ir.DType.F16, ir.DType.F32, ir.DType.F64)
INTS = (ir.DType.I8, ir.DType.I32, ir.DType.I64)
ACC = {"float32": ir.DType.F32, "float64": ir.DType.F64, "int8": ir.DType.I8, "int32": ir.DType.I32,
       "int64": ir.DType.I64}
# the simulator's shfl.xor exchanges values through float64: exact for these alone
SHUFFLED = (ir.DType.F32, ir.DType.F64, ir.DType.I32)


def plan_reductions(body, tiles, consts: dict[str, int], taken: set[str]) -> dict[int, Reduction]:
    """id(statement) -> its parallel form, for every statement holding one reduction
    `f(E, axis=a)` at thread-uniform control flow (the barriers must be reached by every
    thread), where E reads its tiles at its own elements (a bcast inside it reads across
    threads as any statement does), all in one distribution, E is a plain tile or float math
    on float tiles, neither a warp butterfly nor each thread's own values suffice (warp.py)
    and the layout splits (cross_warp). Everything else stays serial.
    `tiles`: the plan's register tiles; `taken`: names the scratch buffers must avoid."""
    out: dict[int, Reduction] = {}

    def walk(block, guards: list, in_loop: bool) -> None:
        for s in block:
            if isinstance(s, ir.For):
                walk(s.body, guards + [s.start, s.stop], True)
            elif isinstance(s, ir.If):
                walk(s.then, guards + [s.cond], in_loop)
                walk(s.orelse, guards + [s.cond], in_loop)
            elif not any(exprs.mentions_thread(g) for g in guards):
                r = _parallel(s, tiles, consts, in_loop, taken | {r.buffer for r in out.values()})
                if r is not None:
                    out[id(s)] = r
    walk(body, [], False)
    return out


def _parallel(s: ir.Stmt, tiles, consts, in_loop: bool, taken: set[str]) -> Reduction | None:
    if not isinstance(s, ir.Compute):
        return None
    found = [n for n in exprs.iter_nodes(s.value) if _is_reduction(n)]
    if len(found) != 1 or len(found[0].args) != 1:
        return None   # two reductions in one statement: serial
    node = found[0]
    arg, f = node.args[0], node.func
    axis = exprs.try_fold(dict(node.kwargs)["axis"], consts)
    direct = list(_direct_operands(arg))
    if axis is None or not direct or any(isinstance(n, ir.Call) and n.func == "reshape" for n in exprs.iter_nodes(arg)) \
            or any(isinstance(n, ir.Cast) for n in _ancestors(s.value, node) or ()):
        return None   # the argument reads no tile, a reshape moves elements, a cast changes the accumulator
    src, dst = tiles[direct[0]], tiles[s.target.name]
    if any(not same_dist(tiles[n].dist, src.dist) for n in direct) or not 0 <= axis < len(src.shape):
        return None   # the argument's tiles must be the thread's own values, all in one distribution
    if not (isinstance(arg, ir.Sym) and src.dtype is dst.dtype and src.dtype in FLOAT_ACC + INTS
            or dst.dtype in FLOAT_ACC and all(tiles[n].dtype in FLOAT_ACC for n in direct)):
        return None   # integer expressions, bool and bf16 reductions stay serial
    try:
        # the partials accumulate in the reduction's own type (node_types.py: NumPy's, the
        # interpreter's): an integer sum in int64, f16 in f32, float math in its promoted type
        acc = ACC.get(node_types(tiles, consts, s.value, dst.shape).type_of(node))
    except LoweringError:
        return None
    if acc is None:
        return None
    if warp.thread_local(src.dist, axis, dst.dist):
        return None   # each thread holds its output's whole axis: no exchange to make faster
    if s.value is node and isinstance(arg, ir.Sym) and warp.butterfly_width(src.dist, axis, dst.dist):
        return None   # the warp-shuffle lowering (reduce_lower.ReduceEmitter.shuffle_reduce)
    form = cross_warp(src.dist, axis, dst.dist, shuffle=acc in SHUFFLED)
    if form is None:
        return None
    buffer = f"{s.target.name}__r"
    while buffer in taken:
        buffer += "_"
    return Reduction(form, s.target.name, buffer, acc, in_loop, node, axis, direct[0], tuple(dict.fromkeys(direct)))


def _is_reduction(e: ir.Expr) -> bool:
    return isinstance(e, ir.Call) and e.func in REDUCTIONS and "axis" in dict(e.kwargs)


def _direct_operands(e: ir.Expr):
    """The register tiles an expression reads at its own coordinates (not under a bcast)."""
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            yield n
        case ir.Call(func="bcast"):
            return
        case _:
            for c in exprs.children(e):
                yield from _direct_operands(c)


def _ancestors(e: ir.Expr, node: ir.Expr) -> list[ir.Expr] | None:
    """The nodes of `e` strictly above `node`, or None where `node` is not in `e`."""
    if e is node:
        return []
    for c in exprs.children(e):
        path = _ancestors(c, node)
        if path is not None:
            return [e] + path
    return None


def _outputs(x: Distribution, axis: int, reduced: tuple[int, ...]) -> list[list[int]]:
    """out[t][v]: the row-major index, in the reduced shape, of the output element that
    value v of thread t feeds."""
    table = []
    for t in range(x.active_threads):
        row = []
        for v in range(x.values):
            coords = [c for i, c in enumerate(x.coords(x.concrete(t, v))) if i != axis]
            flat = 0
            for c, n in zip(coords, reduced):
                flat = flat * n + c
            row.append(flat)
        table.append(row)
    return table


def cross_warp(x: Distribution, axis: int, target: Distribution, shuffle: bool) -> CrossWarp | None:
    """The parallel form of reducing `x` along `axis` into `target`, or None where it does
    not apply. `shuffle`: the partials' type can cross lanes exactly with shfl.xor."""
    reduced = tuple(n for i, n in enumerate(x.shape) if i != axis)
    if not reduced or target.shape != reduced or x.padded or not x.bijective or x.values > MAX_VALUES:
        return None   # every element once, no idle slots: each value is one real element
    threads = x.active_threads
    out = _outputs(x, axis, reduced)
    # values whose output element is the same in every thread share a slot; a slot is then
    # a function of the value index alone, so the generated code names it statically
    groups: dict[tuple[int, ...], list[int]] = {}
    for v in range(x.values):
        groups.setdefault(tuple(out[t][v] for t in range(threads)), []).append(v)
    slots = tuple(tuple(vs) for vs in groups.values())
    if len(slots) > MAX_SLOTS or any(len({out[t][s[0]] for s in slots}) != len(slots) for t in range(threads)):
        return None
    width = 1
    while shuffle and width < WARP and threads % WARP == 0 and all(
            out[t][s[0]] == out[t ^ width][s[0]] for t in range(threads) for s in slots):
        width *= 2
    # writers: the first lane of each butterfly group, one partial per slot
    feeds: dict[int, list[int]] = {}
    for t in range(0, threads, width):
        for s in slots:
            feeds.setdefault(out[t][s[0]], []).append(t)
    outputs = math.prod(reduced)
    counts = {len(ts) for ts in feeds.values()}
    if len(feeds) != outputs or len(counts) != 1:
        return None
    parts = counts.pop()
    chunk = threads
    if parts > 1:
        chunk = next((q for q in _chunks(width, threads)
                      if all(sorted((t // q) % parts for t in ts) == list(range(parts)) for ts in feeds.values())),
                     None)
        if chunk is None:
            return None
    return CrossWarp(slots, width, chunk, parts, outputs, threads)


def _chunks(width: int, threads: int):
    q = width
    while q <= threads:
        yield q
        q *= 2


def partial_writes(x: Distribution, axis: int, form: CrossWarp) -> list[tuple[int, int]]:
    """(writer thread, scratch position) of every partial the generated code writes: the
    first lane of each butterfly group, one per slot, at q * outputs + o."""
    reduced = tuple(n for i, n in enumerate(x.shape) if i != axis)
    out = []
    for t in range(0, form.threads, form.width):
        q = (t // form.chunk) % form.parts
        for slot in form.slots:
            coords = [c for i, c in enumerate(x.coords(x.concrete(t, slot[0]))) if i != axis]
            flat = 0
            for c, n in zip(coords, reduced):
                flat = flat * n + c
            out.append((t, q * form.outputs + flat))
    return out
