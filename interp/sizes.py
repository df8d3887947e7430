"""Small concrete sizes that satisfy a kernel's `assume`s, for running it on the interpreter.

Candidates are small multiples of the integers the assumptions mention (after folding
constants), plus a few tiny values; every choice is checked by evaluating the assumptions.
"""
from __future__ import annotations

import itertools
import math
import random

from dsl import exprs, ir

from .intexpr import IntEval
from .inputs import assumes_hold, is_data_assume
from .layout import InterpretError

MAX_COMBOS = 20000


def assumption_constants(kernel: ir.Kernel) -> list[int]:
    consts = {c.name: c.value for c in kernel.consts}
    found = set()
    for a in kernel.assumes:
        if is_data_assume(a):
            continue
        for n in exprs.iter_nodes(a):
            if isinstance(n, ir.IntLit):
                found.add(n.value)
            elif isinstance(n, ir.Sym) and n.name in consts:
                found.add(consts[n.name])
            elif isinstance(n, ir.Bin) and n.op not in ir.COMPARISONS and n.op not in ir.LOGICAL:
                v = exprs.try_fold(n, consts)
                if v is not None:
                    found.add(v)
    return sorted(v for v in found if v > 0)


def candidates(kernel: ir.Kernel) -> list[int]:
    base = assumption_constants(kernel)
    values = {1, 2, 3, 4, 8}
    for c in base:
        values |= {c * m for m in (1, 2, 3)}
    lcm = 1
    for c in base:
        lcm = lcm * c // math.gcd(lcm, c)
        if lcm > 4096:
            break
    if lcm <= 4096:
        values |= {lcm, 2 * lcm}
    return sorted(values)


def _filtered(kernel: ir.Kernel, cands: list[int]) -> dict[str, list[int]]:
    """Per size, the candidates that pass the assumptions mentioning that size alone."""
    consts = {c.name: c.value for c in kernel.consts}
    parts = [c for a in kernel.assumes if not is_data_assume(a) for c in exprs.conjuncts(a)]
    out = {}
    for name in kernel.sizes:
        mine = [c for c in parts if exprs.free_syms(c, ir.SymKind.SIZE) == {name}]
        keep = []
        for v in cands:
            try:
                if all(bool(IntEval({**consts, name: v}).cond(c)) for c in mine):
                    keep.append(v)
            except InterpretError:
                pass
        out[name] = keep
    return out


def satisfying_sizes(kernel: ir.Kernel, limit: int = 12) -> list[dict[str, int]]:
    """The cheapest size assignments (by the product of the sizes) that satisfy the assumes."""
    if not kernel.sizes:
        return [{}] if assumes_hold(kernel, {}) else []
    per = _filtered(kernel, candidates(kernel))
    while math.prod(len(v) for v in per.values()) > MAX_COMBOS:
        longest = max(per, key=lambda n: len(per[n]))
        per[longest] = per[longest][:-1]
    found = []
    for combo in itertools.product(*(per[n] for n in kernel.sizes)):
        sizes = dict(zip(kernel.sizes, combo))
        if assumes_hold(kernel, sizes):
            found.append((math.prod(combo), combo, sizes))
    found.sort(key=lambda x: (x[0], x[1]))
    return [s for _, _, s in found[:limit]]


def loop_sizes(kernel: ir.Kernel) -> set[str]:
    """Sizes that loop bounds mention: the ones that set trip counts (pipeline depth, k-steps)."""
    out: set[str] = set()
    for st in ir.walk(kernel.body):
        if isinstance(st, ir.For):
            out |= exprs.free_syms(st.start, ir.SymKind.SIZE) | exprs.free_syms(st.stop, ir.SymKind.SIZE)
    return out


def pick_sizes(kernel: ir.Kernel, n: int = 3, seed: int = 0) -> list[dict[str, int]]:
    """The smallest satisfying sizes; the cheapest where every size is larger (several tiles,
    experts, k-steps at once); the cheapest where every loop-bound size is at least three
    times the smallest (three or more iterations: pipelines reach their steady state); then
    ones drawn (seeded) from the five next cheapest."""
    pool = satisfying_sizes(kernel, limit=400)
    if not pool:
        return []
    first = pool[0]
    out = [first]
    bumped = next((s for s in pool if all(s[k] > first[k] for k in first)), None)
    loops = loop_sizes(kernel)
    deep = next((s for s in pool if loops and all(s[k] >= 3 * first[k] for k in loops)), None)
    for extra in (bumped, deep):
        if extra is not None and extra not in out:
            out.append(extra)
    rest = [s for s in pool[1:6] if s not in out]
    rnd = random.Random(f"{kernel.name}:{seed}")
    out += rnd.sample(rest, min(max(n - len(out), 0), len(rest)))
    return out[:n]


def past_one_tile(kernel: ir.Kernel, first: dict[str, int]) -> list[dict[str, int]]:
    """`first` with its loop-bound sizes just past one tile of 64, 128 or 256 elements, where
    the assumes allow (a loop from the second tile on runs there, with a ragged tail: a
    fill finding's replay needs both)."""
    from .inputs import assumes_hold
    loops = loop_sizes(kernel)
    out = []
    for m in (65, 129, 257):
        for d in range(16):
            cand = {k: (m + d if k in loops else v) for k, v in first.items()}
            if assumes_hold(kernel, cand):
                out.append(cand)
                break
    return out

