"""A Z3 model turned into a concrete, replayable counterexample (a Finding)."""
from __future__ import annotations

import z3

from dsl import ir

from .findings import Finding, Hop, Operand
from .memwitness import input_values
from .symbols import Unsupported
from .tagval import taken
from .threads import owner, writer


def _int(model, term) -> int:
    v = model.eval(term, model_completion=True)
    return v.as_long() if z3.is_int_value(v) else 0


def holder(df, model, elem: ir.ElemRef, scope: dict) -> int | None:
    """The thread that holds the register tile element `elem` names at the model's values
    (None for shared or global storage)."""
    t = df.types.get(elem.tensor)
    if t is None or t.space is not ir.Space.REGISTER:
        return None
    coords = tuple(_int(model, df.env.term(i, scope)) for i in elem.indices)
    return owner(t, df.shape(t.name), df.kernel.threads, coords, df.env.consts)[0]


class Witness:
    def __init__(self, df, point, model, scope: dict, leaves: dict):
        self.df, self.point, self.model, self.scope, self.leaves = df, point, model, scope, leaves

    def ints(self, pairs) -> tuple:
        return tuple((name, _int(self.model, t)) for name, t in pairs)

    def finding(self, rule: str, span, message: str, hint: str = "") -> Finding:
        env = self.df.env
        m = self.model
        sizes = tuple((n, _int(m, v)) for n, v in sorted(env.sizes.items()))
        block = tuple(_int(m, b) for b in env.blocks)
        iteration = tuple((l.var, _int(m, self.scope[l.var])) for l in self.point.loops)
        loops = {l.var for l in self.point.loops}
        indices = tuple((n, _int(m, t)) for n, t in sorted(self.scope.items()) if n not in loops)
        operands = tuple(self.operand(lf) for lf in self.leaves.values())
        thread = self.thread(operands)
        related = tuple((h.span, f"{h.storage}{list(h.coords)} written here" + _loops(h.loops))
                        for op in operands for h in op.hops if h.span is not None)
        return Finding(rule, span, message, sizes, block, thread, iteration, indices, operands,
                       hint or self.hint(operands), related, data=input_values(env, m))

    def selected(self, lf):
        for entry in lf.known:
            if z3.is_true(self.model.eval(entry[0], model_completion=True)):
                return entry[1]
        return None

    def operand(self, lf) -> Operand:
        el = lf.node.elem
        coords = tuple(_int(self.model, self.df.env.term(i, self.scope)) for i in el.indices)
        text = f"{el.tensor}[{', '.join(map(str, coords))}]"
        c = self.selected(lf)
        if c is None:
            return Operand(text, ())
        c = taken(c, lambda d: z3.is_true(self.model.eval(d, model_completion=True)))
        fields, origins, trail = self.copies(c)
        tag = tuple(dict.fromkeys((f, _int(self.model, t)) for f, t in fields))
        shared = {n for n, t in self.df.types.items() if t.space is ir.Space.SHARED}
        hops = tuple(dict.fromkeys(Hop(s, tuple(_int(self.model, x) for x in xs), p.span if p is not None else None,
                                       self.ints(lv), self.writing_thread(p, xs, lv))
                                   for s, xs, p, lv in trail if s in shared))
        srcs = tuple(dict.fromkeys((o.storage, tuple(_int(self.model, x) for x in o.coords)) for o in origins))
        return Operand(text, tag, hops, srcs)

    @staticmethod
    def copies(c) -> tuple:
        """A generalised record's fields, origins and hops, copy by copy (encode/generalize.py)."""
        if c.shape == ():
            return c.fields, c.origins, c.trail
        from .generalize import copies, resolve
        return tuple([resolve(item, a) for item, a in part] for part in copies(c))

    def writing_thread(self, point, coords, loop_values) -> int | None:
        """Which thread's part of the copy or store at `point` (in that instance) wrote `coords`."""
        s = getattr(point, "stmt", None)
        if not isinstance(s, (ir.Copy, ir.Store)):
            return None
        df = self.df
        try:
            tile = tuple(_int(self.model, x) for x in df.tile_coords(s.dst, dict(loop_values), coords))
            shape = tuple(df.extent(sub.extent) for sub in s.dst.subs if isinstance(sub, ir.Slice))
            spec = s.layout if isinstance(s, ir.Copy) else df.store_layout(s)
            return writer(spec, shape, df.kernel.threads, tile, df.env.consts)
        except Unsupported:   # a distribution the report cannot invert: say nothing
            return None

    def thread(self, operands) -> int | None:
        for lf in self.leaves.values():
            got = holder(self.df, self.model, lf.node.elem, self.scope)
            if got is not None:
                return got
        return None

    def hint(self, operands) -> str:
        from .hints import suggest
        return suggest(self, operands)


def _loops(loops) -> str:
    return "" if not loops else " in iteration " + ", ".join(f"{n} = {v}" for n, v in loops)
