"""A Z3 term over one integer variable, compiled once into a Python function of that
variable: asking it at each of a block's threads costs a few Python calls per node where
`simplify(substitute(term, (var, k)))` cost two Z3 calls and their wrappers per thread
(an mbarrier role's threads: ~10% of a warp-specialised kernel's verification).

The operators are Z3's own, with Z3's meaning (Euclidean `div` and `mod`); a term with any
other operator, or a division by zero (unspecified in Z3), has no function here and the
caller keeps Z3's answer.
"""
from __future__ import annotations

from collections.abc import Callable

import z3


class NoValue(Exception):
    """The term has no Python value at this point (a division by zero)."""


def _div(a: int, b: int) -> int:
    if b == 0:
        raise NoValue()
    return a // b if b > 0 else -(a // -b)


def _mod(a: int, b: int) -> int:
    return a - b * _div(a, b)


def _nary(fold):
    def make(fs):
        def run(v):
            out = fs[0](v)
            for f in fs[1:]:
                out = fold(out, f(v))
            return out
        return run
    return make


def _chain(test):
    """Z3's comparisons are binary; `=` and `distinct` may take more arguments."""
    def make(fs):
        return lambda v: test([f(v) for f in fs])
    return make


_OPS: dict[int, Callable] = {
    z3.Z3_OP_ADD: _nary(lambda a, b: a + b),
    z3.Z3_OP_SUB: _nary(lambda a, b: a - b),
    z3.Z3_OP_MUL: _nary(lambda a, b: a * b),
    z3.Z3_OP_IDIV: _nary(_div),
    z3.Z3_OP_MOD: _nary(_mod),
    z3.Z3_OP_UMINUS: lambda fs: (lambda v: -fs[0](v)),
    z3.Z3_OP_LE: lambda fs: (lambda v: fs[0](v) <= fs[1](v)),
    z3.Z3_OP_LT: lambda fs: (lambda v: fs[0](v) < fs[1](v)),
    z3.Z3_OP_GE: lambda fs: (lambda v: fs[0](v) >= fs[1](v)),
    z3.Z3_OP_GT: lambda fs: (lambda v: fs[0](v) > fs[1](v)),
    z3.Z3_OP_EQ: _chain(lambda xs: all(x == xs[0] for x in xs)),
    z3.Z3_OP_DISTINCT: _chain(lambda xs: len(set(xs)) == len(xs)),
    z3.Z3_OP_AND: lambda fs: (lambda v: all(f(v) for f in fs)),
    z3.Z3_OP_OR: lambda fs: (lambda v: any(f(v) for f in fs)),
    z3.Z3_OP_NOT: lambda fs: (lambda v: not fs[0](v)),
    z3.Z3_OP_IMPLIES: lambda fs: (lambda v: (not fs[0](v)) or fs[1](v)),
    z3.Z3_OP_XOR: lambda fs: (lambda v: fs[0](v) != fs[1](v)),
    z3.Z3_OP_ITE: lambda fs: (lambda v: fs[1](v) if fs[0](v) else fs[2](v)),
}


def compile_int_function(term, var) -> Callable[[int], object] | None:
    """A function f with f(k) the value of `term` where `var` (an Int constant) is k: an int
    or a bool; f raises NoValue where Z3 leaves the value unspecified. None when the term
    holds an operator this module does not evaluate, or another free constant."""
    memo: dict[int, Callable] = {}
    todo = [(term, False)]
    while todo:
        t, expanded = todo.pop()
        i = t.get_id()
        if i in memo:
            continue
        if z3.is_int_value(t):
            n = t.as_long()
            memo[i] = lambda v, n=n: n
        elif z3.is_true(t) or z3.is_false(t):
            b = z3.is_true(t)
            memo[i] = lambda v, b=b: b
        elif z3.is_const(t):
            if not t.eq(var):
                return None
            memo[i] = lambda v: v
        elif not z3.is_app(t) or t.decl().kind() not in _OPS:
            return None
        elif expanded:
            memo[i] = _OPS[t.decl().kind()]([memo[c.get_id()] for c in t.children()])
        else:
            todo.append((t, True))
            todo.extend((c, False) for c in t.children())
    return memo[term.get_id()]


def holds_at(cond, var, values) -> list[bool]:
    """Whether the Boolean term `cond` is true where the Int constant `var` is each of
    `values`: its compiled function where that has a value, else Z3's simplification of
    the ground term (an undecided one counts as false)."""
    f = compile_int_function(cond, var)
    out = []
    for k in values:
        if f is not None:
            try:
                out.append(f(k) is True)
                continue
            except NoValue:
                pass
        out.append(z3.is_true(z3.simplify(z3.substitute(cond, (var, z3.IntVal(k))))))
    return out
