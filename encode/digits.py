"""Equal quotients and equal remainders by one constant, in one conjunction: one equality.

Two accesses at the same shared-memory coordinates compare row = x div c and col = x mod c of
their flat offsets separately; x = c * (x div c) + x mod c (Z3's div and mod, for any x and
c != 0), so `x div c = y div c ∧ x mod c = y mod c` is exactly `x = y`. Z3 decides the merged
form ~10x faster (a race query of the pipelined flash attention: 0.31 -> 0.03 s, proved);
the pair it gets from the layouts makes it split on both digits.
"""
from __future__ import annotations

import z3

from .terms import And


def merge_digits(facts: list) -> list:
    """`facts` with every top-level conjunction's digit pairs merged (the same list when none)."""
    out, changed = [], False
    for f in facts:
        g = _merged(f) if z3.is_and(f) else None
        changed |= g is not None
        out.append(f if g is None else g)
    return out if changed else facts


def _merged(conj):
    """The conjunction with its digit pairs merged, or None when it has none."""
    kids = conj.children()
    seen: dict = {}
    pairs: dict[int, tuple[int, object]] = {}
    for i, k in enumerate(kids):
        digit = _digit(k)
        if digit is None:
            continue
        op, key, eq = digit
        other = seen.get((1 - op, key))
        if other is not None and other not in pairs and i not in pairs:
            pairs[other], pairs[i] = (i, eq), (other, None)
        else:
            seen.setdefault((op, key), i)
    if not pairs:
        return None
    merged = [pairs[i][1] if i in pairs else k for i, k in enumerate(kids) if i not in pairs or pairs[i][1] is not None]
    return And(*merged)


def _digit(eq):
    """(0 for div / 1 for mod, (x, y, c) ids, x == y) when `eq` is `o + x div c == o + y div c`
    (or mod) with the same offset terms o on both sides and a non-zero constant c."""
    if not z3.is_eq(eq) or not z3.is_int(eq.arg(0)):
        return None
    a, b = _split(eq.arg(0)), _split(eq.arg(1))
    if a is None or b is None or a[0] != b[0]:
        return None
    (_, (op, x, c)), (_, (op2, y, c2)) = a, b
    if op != op2 or c != c2:
        return None
    return op, (*sorted((x.get_id(), y.get_id())), c), x == y


def _split(side):
    """(ids of the other addends, (op, x, c)) for `side` = addends + x div c (or mod c)."""
    terms = side.children() if z3.is_add(side) else [side]
    core = [i for i, t in enumerate(terms) if _divmod(t) is not None]
    if len(core) != 1:
        return None
    rest = tuple(t.get_id() for i, t in enumerate(terms) if i != core[0])
    return rest, _divmod(terms[core[0]])


def _divmod(t):
    if not (z3.is_idiv(t) or z3.is_mod(t)) or not z3.is_int_value(t.arg(1)) or t.arg(1).as_long() == 0:
        return None
    return (0 if z3.is_idiv(t) else 1), t.arg(0), t.arg(1).as_long()
