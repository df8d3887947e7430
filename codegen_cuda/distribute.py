"""Thread-value distributions of tile statements, printed as code.

The distributions themselves are the verifier's (encode/distribution.py): one source of
truth for who does which element. This module prints them: `layout_code` turns a layout
mode into arithmetic, `unravel` an element index into tile coordinates.
"""
from __future__ import annotations

import math
from functools import lru_cache

from dsl import exprs, ir
from encode import distribution as _verifier
from encode.distribution import Distribution, default
from encode.layout import Layout, Swizzle
from encode.symbols import Unsupported

from .scalar import LoweringError


def _ints(e: ir.Expr, consts: dict[str, int]):
    if isinstance(e, ir.TupleExpr):
        return tuple(_ints(i, consts) for i in e.items)
    v = exprs.try_fold(e, consts)
    if v is None:
        raise LoweringError("a layout needs compile-time integers", e.span)
    return v


def of_spec(spec: ir.LayoutSpec | None, shape: tuple[int, ...], threads: int,
            consts: dict[str, int]) -> Distribution:
    """The verifier's distribution of a tile statement; what it cannot express is a lowering error."""
    try:
        return _verifier.of_spec(spec, shape, threads, consts)
    except Unsupported as err:
        raise LoweringError(err.reason, err.span) from None


@lru_cache(maxsize=4096)
def same(a: Distribution, b: Distribution) -> bool:
    """Do two distributions give every thread the same elements at the same value slots? A
    layout written differently from the default may be the same map (new-user round 42:
    `layout (128, 1):(1, 0)` on a 128-element tile of a 256-thread block is the default's
    map, and a tile read under a thread condition was refused as read across threads)."""
    if a == b:
        return True
    if a.shape != b.shape or a.threads != b.threads:
        return False
    x, y = _slots(a), _slots(b)
    return x is not None and x == y


def _slots(d: Distribution) -> bytes | None:
    """Each (thread, value) slot's element, -1 where the slot does nothing (a constant layout
    only), with the number of value slots."""
    import numpy as np
    try:
        table = _verifier.slot_table(d.tv)
    except (TypeError, ValueError):
        return None
    out = np.full((d.threads, table.shape[1]), -1, np.int64)
    live = table[:min(d.threads, table.shape[0])]
    out[:live.shape[0]] = np.where(live < d.elements, live, -1)
    return out.tobytes() + table.shape[1].to_bytes(4, "little")


def _flat(t) -> list[int]:
    return [x for i in t for x in _flat(i)] if isinstance(t, tuple) else [t]


def layout_code(mode: Layout, var: str) -> str:
    """A layout mode of one integer argument as arithmetic on `var` (CuTe: the index is
    split colexicographically over the mode's flattened shape, then dotted with strides)."""
    shape, stride = _flat(mode.shape), _flat(mode.stride)
    total = math.prod(shape)
    terms, prefix = [], 1
    for s, d in zip(shape, stride):
        if s > 1 and d != 0:
            part = var if prefix == 1 else f"{var} // {prefix}"
            if prefix * s < total:
                part = f"({part}) % {s}" if prefix > 1 else f"{var} % {s}"
            terms.append(part if d == 1 else f"{part} * {d}" if part == var else f"({part}) * {d}")
        prefix *= s
    return " + ".join(terms) if terms else "0"


def unravel(e: str, shape: tuple[int, ...]) -> list[str]:
    """Row-major coordinates of the element index `e` (a name) in a tile of `shape`."""
    out, inner = [], math.prod(shape)
    for n in shape:
        inner //= n
        if inner == 1:
            out.append(f"{e} % {n}" if n < math.prod(shape) else e)
        elif inner * n == math.prod(shape):
            out.append(f"{e} // {inner}")
        else:
            out.append(f"({e} // {inner}) % {n}")
    return out


def swizzle_of(spec: ir.LayoutSpec, consts: dict[str, int]) -> Swizzle:
    b, m, s = (_ints(x, consts) for x in spec.swizzle)
    return Swizzle(b, m, s)


def swizzle_code(sw: Swizzle, var: str) -> str:
    """Swizzle(B, M, S) on the offset `var`: XOR the yyy bits shifted by S into the zzz bits."""
    shifted = f"({var} & {sw.yyy_mask}) >> {sw.shift}" if sw.shift >= 0 else f"({var} & {sw.yyy_mask}) << {-sw.shift}"
    return f"{var} ^ ({shifted})"


def first_replica(d: Distribution, var: str) -> str | None:
    """Where a distribution gives an element to several threads through thread modes of
    stride 0 (a row's max on every thread of a row), the condition that thread `var` is the
    first of them: its coordinate along each such mode is 0. Its value is the element's
    (the interpreter gives a replicated element its first owner's thread id); the others
    holding the same value, a copy written by every owner raced on the simulator (held-out
    round 101). None where no element has two threads."""
    modes = replica_modes(d)
    if not modes:
        return None
    return " and ".join(f"({var} // {p}) % {n} == 0" if p > 1 else f"{var} % {n} == 0" for p, n in modes)


def replica_modes(d: Distribution) -> tuple[tuple[int, int], ...] | None:
    """(prefix, size) of each thread mode of stride 0: thread t is an element's first owner
    where (t // prefix) % size == 0 for each; None for an injective distribution, () where
    only one thread's value slots repeat an element (it writes the same value twice); a
    LoweringError where the replication takes another form."""
    import numpy as np
    if d.injective:
        return None
    shape, stride = _flat(d.tv[0].shape), _flat(d.tv[0].stride)
    modes, prefix = [], 1
    for n, st in zip(shape, stride):
        if n > 1 and st == 0:
            modes.append((prefix, n))
        prefix *= n
    table = _verifier.slot_table(d.tv)[:d.active_threads]
    tids = np.arange(table.shape[0])
    keep = np.ones(len(tids), bool)
    for p, n in modes:
        keep &= (tids // p) % n == 0
    hit = [np.unique(r[(r >= 0) & (r < d.elements)]) for r in table[keep]]
    flat = np.concatenate(hit) if hit else np.zeros(0, np.int64)
    if len(np.unique(flat)) != len(flat):
        raise LoweringError(f"a copy of a tile whose layout gives an element to several threads other than "
                            f"through thread modes of stride 0 ({d.label})")
    return tuple(modes)
