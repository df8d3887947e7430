"""Concrete inputs for the interpreter: random data that satisfies the kernel's assumptions.

Assumptions on sizes are checked by evaluation. Assumptions about integer inputs
(`assume route[r] == tile_expert[r / 64]`, `assume tile_expert[b] >= 0 and tile_expert[b] < E`,
each for every index) are met constructively: bounds on an element first (it is drawn inside
them), then equalities that define an element (it is assigned); then every assumption is
checked on the result.
"""
from __future__ import annotations

import numpy as np

from dsl import exprs, ir

from .compute import cast
from .intexpr import IntEval
from .layout import InterpretError

MAX_ELEMENTS = 1 << 26                         # elements of all tensors together: bigger sizes are refused

_FLIP = {ir.BinOp.LT: ir.BinOp.GT, ir.BinOp.LE: ir.BinOp.GE, ir.BinOp.GT: ir.BinOp.LT,
         ir.BinOp.GE: ir.BinOp.LE, ir.BinOp.EQ: ir.BinOp.EQ}


def is_data_assume(e: ir.Expr) -> bool:
    return isinstance(e, ir.Forall) or exprs.reads_elements(e)


def _env(kernel: ir.Kernel, sizes) -> dict:
    return {**dict(sizes), **{c.name: c.value for c in kernel.consts}}


def shapes(kernel: ir.Kernel, sizes) -> dict[str, tuple[int, ...]]:
    ev = IntEval(_env(kernel, sizes))
    return {p.name: tuple(int(ev(d)) for d in p.shape) for p in kernel.params}


def assumes_hold(kernel: ir.Kernel, sizes) -> bool:
    """Do these sizes satisfy every size assumption (and make every extent and grid dimension positive)?"""
    if any(int(v) < 1 for v in dict(sizes).values()):
        return False
    ev = IntEval(_env(kernel, sizes))
    try:
        if not all(bool(ev.cond(a)) for a in kernel.assumes if not is_data_assume(a)):
            return False
        dims = [d for p in kernel.params for d in p.shape] + list(kernel.grid)
        return all(int(ev(d)) >= 1 for d in dims)
    except InterpretError:
        return False


# ---------------------------------------------------------------- data assumptions
class _Reader:
    """Reads integer inputs; an index outside a tensor makes the assumption fail there."""

    def __init__(self, data: dict, dims: dict):
        self.data, self.dims, self.outside = data, dims, False

    def __call__(self, name, idx, node, threads=None):
        idx = np.broadcast_arrays(*[np.asarray(i, np.int64) for i in idx])
        ok = np.ones(idx[0].shape, bool)
        for i, n in zip(idx, self.dims[name]):
            ok &= (i >= 0) & (i < n)
        self.outside |= bool((~ok).any())
        return self.data[name][tuple(np.clip(i, 0, n - 1) for i, n in zip(idx, self.dims[name]))].astype(np.int64)


def _extents(body: ir.Expr, names, dims) -> dict[str, int]:
    ext = {}
    for n in exprs.iter_nodes(body):
        if isinstance(n, ir.ElemRef):
            for idx, d in zip(n.indices, dims.get(n.tensor, ())):
                if isinstance(idx, ir.Sym) and idx.name in names:
                    ext[idx.name] = min(ext.get(idx.name, d), d)
    missing = [n for n in names if n not in ext]
    if missing:
        raise InterpretError(f"assumption index {missing[0]} has no extent")
    return ext


def _grid(names, ext) -> dict[str, np.ndarray]:
    out = {}
    for k, n in enumerate(names):
        shape = [1] * len(names)
        shape[k] = ext[n]
        out[n] = np.arange(ext[n], dtype=np.int64).reshape(shape)
    return out


def _parts(a: ir.Expr) -> tuple[tuple[str, ...], list[ir.Expr]]:
    names, body = (a.names, a.body) if isinstance(a, ir.Forall) else ((), a)
    out, stack = [], [body]
    while stack:
        e = stack.pop()
        if isinstance(e, ir.Bin) and e.op is ir.BinOp.AND:
            stack += [e.rhs, e.lhs]
        else:
            out.append(e)
    return names, out


def data_assumes_hold(kernel: ir.Kernel, sizes, data: dict) -> bool:
    dims = shapes(kernel, sizes)
    for a in kernel.assumes:
        if not is_data_assume(a):
            continue
        names, _ = _parts(a)
        body = a.body if isinstance(a, ir.Forall) else a
        reader = _Reader(data, dims)
        grid = _grid(names, _extents(body, names, dims)) if names else {}
        holds = IntEval({**_env(kernel, sizes), **grid}, reader).cond(body)
        if reader.outside or not np.all(holds):
            return False
    return True


def written_part(kernel: ir.Kernel, sizes, data: dict, name: str) -> np.ndarray | None:
    """Where tensor `name`'s `writes` declaration holds, element by element (the part of a
    partial output the kernel writes); None without one."""
    decl = kernel.written_part(name)
    if decl is None:
        return None
    dims = shapes(kernel, sizes)
    grid = _grid(decl.indices, dict(zip(decl.indices, dims[name])))
    holds = IntEval({**_env(kernel, sizes), **grid}, _Reader(data, dims)).cond(decl.cond)
    return np.broadcast_to(np.asarray(holds, bool), dims[name])


def _target(cmp: ir.Expr, names, data):
    """(tensor, op, other side) when one side of a comparison is T[bound names] of an integer
    input, maybe plus or minus a term, which moves to the other side (`POS[b] + T <= L`)."""
    if not (isinstance(cmp, ir.Bin) and cmp.op in _FLIP):
        return None
    for side, other, op in ((cmp.lhs, cmp.rhs, cmp.op), (cmp.rhs, cmp.lhs, _FLIP[cmp.op])):
        side, other = _isolated(side, other)
        if (isinstance(side, ir.ElemRef) and side.tensor in data
                and all(isinstance(i, ir.Sym) and i.name in names for i in side.indices)
                and side.tensor not in {n.tensor for n in exprs.iter_nodes(other) if isinstance(n, ir.ElemRef)}):
            return side, op, other
    return None


def _ordered(kernel: ir.Kernel, ints: dict) -> list:
    """(tensor, axis, descending) of each data assumption that orders an integer input along
    an axis: a comparison of T[.., i, ..] with T[.., i + k, ..], k > 0, in any disjunct."""
    out = []
    for a in kernel.assumes:
        body = a.body if isinstance(a, ir.Forall) else a
        for n in exprs.iter_nodes(body):
            if not (isinstance(n, ir.Bin) and n.op in (ir.BinOp.LE, ir.BinOp.LT, ir.BinOp.GE, ir.BinOp.GT)):
                continue
            x, y = n.lhs, n.rhs
            if not (isinstance(x, ir.ElemRef) and isinstance(y, ir.ElemRef) and x.tensor == y.tensor
                    and x.tensor in ints and len(x.indices) == len(y.indices)):
                continue
            moved = [k for k, (i, j) in enumerate(zip(x.indices, y.indices)) if i != j]
            if len(moved) != 1:
                continue
            k = moved[0]
            i, j = x.indices[k], y.indices[k]
            later = (isinstance(j, ir.Bin) and j.op is ir.BinOp.ADD and j.lhs == i and isinstance(j.rhs, ir.IntLit)
                     and j.rhs.value > 0)
            earlier = (isinstance(i, ir.Bin) and i.op is ir.BinOp.ADD and i.lhs == j and isinstance(i.rhs, ir.IntLit)
                       and i.rhs.value > 0)
            if later or earlier:
                rising = n.op in (ir.BinOp.LE, ir.BinOp.LT)
                out.append((x.tensor, k, rising != later))
    return out


def _inverses(kernel: ir.Kernel, ints: dict) -> dict[str, list]:
    """B -> [(A, k)] for each data assumption `A[B[i, j, ..]] == i` (the k-th of B's bare
    index names) of integer inputs, A one-dimensional: B maps its elements to distinct
    elements of A, and A maps them back (a permutation and its inverse, a paged cache's
    block table and its owner table: new-user rounds 55 and 56)."""
    out: dict[str, list] = {}
    for a in kernel.assumes:
        names, parts = _parts(a)
        for c in parts:
            if not (isinstance(c, ir.Bin) and c.op is ir.BinOp.EQ):
                continue
            for x, y in ((c.lhs, c.rhs), (c.rhs, c.lhs)):
                if not (isinstance(x, ir.ElemRef) and x.tensor in ints and len(x.indices) == 1
                        and isinstance(y, ir.Sym) and y.name in names):
                    continue
                b = x.indices[0]
                if (isinstance(b, ir.ElemRef) and b.tensor in ints and b.tensor != x.tensor
                        and all(isinstance(i, ir.Sym) and i.name in names for i in b.indices)
                        and len({i.name for i in b.indices}) == len(b.indices)
                        and y.name in [i.name for i in b.indices]):
                    out.setdefault(b.tensor, []).append((x.tensor, [i.name for i in b.indices].index(y.name)))
    return out


def _invert(kernel: ir.Kernel, dims: dict, ints: dict, data: dict, bounds: dict, rng) -> None:
    """Each B of `_inverses` as distinct random elements of its A's range, each A holding the
    index back there and its least allowed value elsewhere (a free block: `OWN[n] >= -1`)."""
    done: set[str] = set()
    for b, pairs in _inverses(kernel, ints).items():
        if b in done or any(a in done for a, _ in pairs):
            continue        # (P and INV each the other's inverse: one draw gives both)
        extent = min(dims[a][0] for a, _ in pairs)
        count = int(np.prod(dims[b], dtype=np.int64))
        if count > extent:
            continue
        picked = rng.choice(extent, count, replace=False).reshape(dims[b])
        data[b] = cast(picked, ints[b].dtype)
        where = np.indices(dims[b])
        for a, k in pairs:
            lo = bounds.get(a, [np.full(dims[a], -2 ** 40)])[0]
            arr = np.where(lo > -2 ** 40, lo, data[a]).astype(np.int64)
            arr[picked.ravel()] = where[k].ravel()
            data[a] = cast(arr, ints[a].dtype)
        done |= {b, *(a for a, _ in pairs)}


def _isolated(side: ir.Expr, other: ir.Expr) -> tuple:
    """`E + k` against `other` as `E` against `other - k` (and `k + E`, `E - k`), while one
    operand of the sum is an element read (or one times a positive literal: `PPOS[b] * 16 +
    T <= NP * 16`, a paged cache's page start, as `PPOS[b]` against `(NP * 16 - T) / 16`,
    truncated; the assumptions are checked afterwards)."""
    def read(e) -> bool:
        return isinstance(e, ir.ElemRef) or (isinstance(e, ir.Bin) and e.op is ir.BinOp.MUL
                                             and isinstance(e.lhs, ir.ElemRef) and isinstance(e.rhs, ir.IntLit)
                                             and e.rhs.value > 0)
    while True:
        if isinstance(side, ir.Bin) and side.op in (ir.BinOp.ADD, ir.BinOp.SUB) and read(side.lhs):
            back = ir.BinOp.SUB if side.op is ir.BinOp.ADD else ir.BinOp.ADD
            side, other = side.lhs, ir.Bin(back, other, side.rhs)
        elif isinstance(side, ir.Bin) and side.op is ir.BinOp.ADD and read(side.rhs):
            side, other = side.rhs, ir.Bin(ir.BinOp.SUB, other, side.lhs)
        elif isinstance(side, ir.Bin) and side.op is ir.BinOp.MUL and read(side):
            side, other = side.lhs, ir.Bin(ir.BinOp.DIV, other, side.rhs)
        else:
            return side, other


def _alternative(c: ir.Expr, names, ints) -> list:
    """The targets of one side of `A or B` (`Lab[r] == -100 or Lab[r] >= 0 and Lab[r] < C`,
    new-user round 46): the alternative whose every conjunct bounds or defines an element,
    bounds first (they give varied data); the whole disjunction is checked afterwards."""
    best = []
    for d in exprs.disjuncts(c):
        _, conj = _parts(d)
        found = [t for t in (_target(x, names, ints) for x in conj) if t is not None]
        if len(found) == len(conj) and (not best or _ranges(found) > _ranges(best)):
            best = found
    return best


def _ranges(targets) -> int:
    return sum(op is not ir.BinOp.EQ for _, op, _ in targets)


def satisfy(kernel: ir.Kernel, sizes, data: dict, rng: np.random.Generator, spread: int = 4) -> dict:
    """Adjust integer inputs so that the data assumptions hold (or raise InterpretError)."""
    dims = shapes(kernel, sizes)
    ints = {p.name: p for p in kernel.params if not p.dtype.is_float}
    targets = []
    for a in kernel.assumes:
        if is_data_assume(a):
            names, parts = _parts(a)
            for c in parts:
                targets += _alternative(c, names, ints) if isinstance(c, ir.Bin) and c.op is ir.BinOp.OR \
                    else [t for t in [_target(c, names, ints)] if t is not None]

    def value(ref, other):
        grid = _grid(tuple(i.name for i in ref.indices), dict(zip((i.name for i in ref.indices), dims[ref.tensor])))
        v = IntEval({**_env(kernel, sizes), **grid}, _Reader(data, dims)).term(other)
        return np.broadcast_to(np.asarray(v, np.int64), dims[ref.tensor])

    bounds: dict[str, list] = {}
    for ref, op, other in targets:
        if op is ir.BinOp.EQ:
            continue
        lo, hi = bounds.setdefault(ref.tensor, [np.full(dims[ref.tensor], -2 ** 40), np.full(dims[ref.tensor], 2 ** 40)])
        v = value(ref, other)
        if op in (ir.BinOp.GE, ir.BinOp.GT):
            bounds[ref.tensor][0] = np.maximum(lo, v + (op is ir.BinOp.GT))
        else:
            bounds[ref.tensor][1] = np.minimum(hi, v - (op is ir.BinOp.LT))
    for name, (lo, hi) in bounds.items():
        arr = data[name].astype(np.int64)
        base = np.where(lo > -2 ** 40, lo, np.where(hi < 2 ** 40, hi - spread + 1, 0))
        width = np.clip(np.minimum(hi, base + spread - 1) - base + 1, 1, None)
        fresh = base + rng.integers(0, 2 ** 30, arr.shape) % width
        data[name] = cast(np.where((arr < lo) | (arr > hi), fresh, arr), ints[name].dtype)
    for ref, op, other in targets:
        if op is ir.BinOp.EQ:
            data[ref.tensor] = cast(value(ref, other).copy(), ints[ref.tensor].dtype)
    _invert(kernel, dims, ints, data, bounds, rng)
    for name, axis, descending in _ordered(kernel, ints):
        # `s + 1 >= S1 or OFF[s] <= OFF[s + 1]`: offsets in order (new-user round 55's segment
        # mean; random ones within their bounds almost never are), sorting keeps the bounds
        ordered = np.sort(data[name], axis=axis)
        data[name] = np.flip(ordered, axis=axis) if descending else ordered
    if not data_assumes_hold(kernel, sizes, data):
        raise InterpretError("cannot make random inputs that satisfy the assumptions about integer inputs")
    return data


def read_params(kernel: ir.Kernel) -> set[str]:
    """Parameters the kernel reads: loaded, copied from, or read in an index, condition or tag."""
    out = set()
    for s in ir.walk(kernel.body):
        if isinstance(s, (ir.Load, ir.Copy, ir.TmaLoad)):
            out.add(s.src.tensor)
        for e in _stmt_exprs(s):
            out |= {n.tensor for n in exprs.iter_nodes(e) if isinstance(n, ir.ElemRef)}
    for t in kernel.tags:
        for _, e in t.fields:
            out |= {n.tensor for n in exprs.iter_nodes(e) if isinstance(n, ir.ElemRef)}
    return out & {p.name for p in kernel.params}


def _stmt_exprs(s):
    for name in ("cond", "start", "stop", "value", "pending"):
        v = getattr(s, name, None)
        if v is not None and not isinstance(v, tuple):
            yield v
    for ref in (getattr(s, "src", None), getattr(s, "dst", None)):
        if isinstance(ref, ir.TileRef):
            for sub in ref.subs:
                yield sub.at if isinstance(sub, ir.Index) else sub.start


def random_inputs(kernel: ir.Kernel, sizes, seed: int = 0, int_high: int = 4,
                  adjust: bool = True) -> dict[str, np.ndarray]:
    """Random inputs (floats in [-1, 1), integers in [0, int_high) unless the assumptions say
    otherwise, where `adjust`); outputs that are never read start as NaN."""
    rng = np.random.default_rng(seed)
    dims = shapes(kernel, sizes)
    total = sum(int(np.prod(d, dtype=np.float64)) for d in dims.values())
    if total > MAX_ELEMENTS:
        raise InterpretError(f"the tensors would hold {total} elements at these sizes")
    read = read_params(kernel)
    out = {}
    for p in kernel.params:
        shape = dims[p.name]
        if p.dtype.is_float:
            # a partial output keeps what it held outside its written part: data, not NaN
            kept = p.name in read or kernel.written_part(p.name) is not None
            arr = rng.uniform(-1, 1, shape) if kept else np.full(shape, np.nan)
        else:
            arr = rng.integers(0, int_high, shape)
        out[p.name] = cast(arr, p.dtype)
    return satisfy(kernel, sizes, out, rng) if adjust else out
