"""Counterexamples of the memory rules: a Z3 model read back as plain numbers and text."""
from __future__ import annotations

import z3

from dsl import ir

from .findings import Hop, Operand
from .symbols import HELD


class ModelView:
    """Concrete values of a model, with model completion (unconstrained terms read as 0)."""

    def __init__(self, ctx, model):
        self.ctx, self.model = ctx, model

    def int(self, term) -> int:
        if isinstance(term, int):
            return term
        v = self.model.eval(term, model_completion=True)
        return v.as_long() if z3.is_int_value(v) else 0

    def true(self, cond) -> bool:
        return z3.is_true(self.model.eval(cond, model_completion=True))

    def sizes(self) -> tuple:
        return tuple((n, self.int(v)) for n, v in sorted(self.ctx.env.sizes.items()))

    def block(self) -> tuple:
        return tuple(self.int(b) for b in self.ctx.env.blocks)

    def loops(self, point, loops: dict) -> tuple:
        return tuple((l.var, self.int(loops[l.var])) for l in point.loops)

    def coords(self, terms) -> tuple:
        return tuple(self.int(c) for c in terms)

    def data(self) -> tuple:
        return input_values(self.ctx.env, self.model)


MAX_DATA = 8        # input elements a witness lists at most


def input_values(env, model) -> tuple:
    """The integer input elements a model fixes (`Len[0] = 1`): each input read in an index or
    an assumption is an uninterpreted function; its interpretation's entries, then its default
    as index (). A witness that needs them (a length mask off by one at Len[b] = 1) replays
    only with them (new-user round 48: the interpreter's random lengths held the claim)."""
    from .elem_reads import OPAQUE_MARK
    out = []
    names = {f.name(): tensor for tensor, f in env.functions.items() if OPAQUE_MARK not in tensor}
    for d in model.decls() if hasattr(model, "decls") else ():
        tensor = names.get(d.name())
        if tensor is None or d.arity() == 0:
            continue
        entries = model[d].as_list()
        dims = _shape(env, model, tensor)
        inside = [e for e in entries[:-1] if all(z3.is_int_value(a) for a in e)
                  and (dims is None or len(dims) != len(e) - 1 or all(0 <= a.as_long() < n for a, n in zip(e, dims)))]
        for e in inside[:MAX_DATA]:
            # (elements outside the input's shape at the model's sizes are no input's values:
            # an unrolled quantifier's model, encode/small_domain.py, gives many)
            out.append((tensor, tuple(a.as_long() for a in e[:-1]), e[-1].as_long()))
        whole = dims is not None and len(inside) <= MAX_DATA and \
            len({tuple(a.as_long() for a in e[:-1]) for e in inside}) == _count(dims)
        if whole:
            continue        # every element is listed: the default is no element's value
        if z3.is_int_value(entries[-1]):
            out.append((tensor, (), entries[-1].as_long()))
        else:       # a default that is a term of the index (an assumption over all elements)
            out += _each_element(env, model, tensor, env.functions[tensor], MAX_DATA - len(entries) + 1)
    types = {p.name: p.dtype for p in env.kernel.params}
    return tuple(sorted((t, i, _held(v, types.get(t))) for t, i, v in out))


def _held(v: int, dtype) -> int:
    """The value as the input's type holds it (the encoding bounds it so: SymEnv.held)."""
    if dtype is ir.DType.BOOL:
        return int(v != 0)
    lo, hi = HELD.get(dtype, (v, v))
    return v if lo <= v <= hi else lo


def _count(dims) -> int:
    total = 1
    for n in dims:
        total *= max(n, 0)
    return total


def _each_element(env, model, tensor: str, f, room: int) -> list:
    """The elements' values, the first `room` of them, at the model's sizes (new-user round
    53: a CSR row pointer `PTR[r] <= PTR[r + 1]` has such a default, and its witness listed
    none of PTR's values)."""
    import itertools
    dims = _shape(env, model, tensor)
    if dims is None or room <= 0:
        return []
    if _count(dims) == 0:
        return []
    out = []
    # the first `room` elements where there are more (new-user round 59: an embedding's 16
    # indices, the witness turning on IDX[0] != IDX[1], listed none)
    for index in itertools.islice(itertools.product(*[range(n) for n in dims]), room):
        v = model.eval(f(*[z3.IntVal(i) for i in index]), model_completion=True)
        if not z3.is_int_value(v):
            return []
        out.append((tensor, index, v.as_long()))
    return out


def _shape(env, model, tensor: str) -> list[int] | None:
    """The input's shape at the model's sizes, or None."""
    param = env.kernel.param(tensor)
    if param is None:
        return None
    dims = [model.eval(env.term(n, {}), model_completion=True) for n in param.shape]
    return [n.as_long() for n in dims] if all(z3.is_int_value(n) for n in dims) else None


def block_text(block) -> str:
    """`(0)`, `(1, 2)`: a block's ids as the reports print them (a 1-D grid's is no `(0,)`)."""
    return f"({', '.join(map(str, block))})"


def thread_text(t: int, warp_size: int) -> str:
    return f"thread {t} (warp {t // warp_size}, lane {t % warp_size})"


def iteration_text(loops) -> str:
    return "" if not loops else " in iteration " + ", ".join(f"{n} = {v}" for n, v in loops)


def element_text(name: str, coords) -> str:
    return f"{name}[{', '.join(map(str, coords))}]"


def access_operand(mv: ModelView, inst, extra=()) -> Operand:
    """One access of a counterexample: the element, the thread doing it, where and when."""
    a = inst.access
    coords = mv.coords(inst.coords)
    loops = mv.loops(a.point, inst.loops)
    if a.elem is not None:      # one element, read by every thread that evaluates it: no value
        facts = (("thread", mv.int(inst.t)), ("write", 0), ("elem", 1)) + tuple(extra)
    else:
        facts = (("thread", mv.int(inst.t)), ("value", mv.int(inst.v)), ("write", int(a.write))) + tuple(extra)
    text = f"{element_text(a.tensor, coords)} by {a.verb} at line {a.span.line}{iteration_text(loops)}"
    return Operand(text, facts, (Hop(a.tensor, coords, a.span, loops),))
