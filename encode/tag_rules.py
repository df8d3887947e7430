"""The TAG rule: every tag assertion, for all blocks, threads, elements and iterations.

Each assertion conjunct becomes one validity query by negation: "exists an instance where
it fails?". Unsat is proved, a model is a counterexample, anything else is unknown.
`tag(x).f == range(lo, hi)` is proved as: every contribution's f lies in [lo, hi), no
two contributions share an f, and there are exactly hi - lo of them.
"""
from __future__ import annotations


from dataclasses import dataclass

import z3

from dsl import exprs, ir
from dsl.asserts import guarded_claim, reads_tags

from . import program as prog
from .dead_claims import holds_no_record, never_needed, nobody_asserts, partly_asserted
from .elem_reads import depends_on_opaque, holds_for_any_opaque, witness_needs_opaque
from .minimize import minimize_model
from .solver import Verdict as SV, find_model, prove
from .symbols import Unsupported
from .tagval import flatten
from .witness import Witness
from .terms import And, Eq, Implies, Or, bool_const


@dataclass
class Leaf:
    node: ir.TagField
    var: z3.ArithRef
    known: list            # (selector, contribution, term, term position)
    missing: list          # (selector, contribution) lacking the field
    opaque: list           # (selector, contribution) whose tag is unknown
    value_case_counts: list
    tv: object = None


def output_spec(kernel: ir.Kernel, store: ir.Store) -> list[tuple[ir.Expr, tuple[str, ...], str]]:
    """A store into an output with a tag function: each field of the stored value must match it."""
    from .holds_data import stored_element
    decl = kernel.tag_of(store.dst.tensor)
    names, mapping, elem = stored_element(kernel, store)
    parts = []
    for fname, fexpr in decl.fields:
        want = exprs.substitute(fexpr, mapping)
        cond = ir.Bin(ir.BinOp.EQ, ir.TagField(elem, fname, store.span), want, store.span)
        parts.append((cond, names, f"value stored into {store.dst.tensor} breaks its tag function"))
    return parts


class TagChecker:
    def __init__(self, df, opts, sink):
        self.df, self.env, self.opts, self.sink = df, df.env, opts, sink
        self._cache: dict = {}
        self.no_input: set = set()        # (point, tile): "computed from no input" reported there

    def check_all(self) -> None:
        for point in self.df.points:
            if isinstance(point.stmt, (ir.Assert, ir.Invariant)):
                # an invariant that reads no tag is a claim on sizes and loop values: say so
                # (new-user round 44: a false `invariant K % 32 == 0` read "tag assertion failed")
                what = "invariant does not follow from the assumes" if isinstance(point.stmt, ir.Invariant) \
                    and not reads_tags(point.stmt.cond) else ""
                parts = [(p, point.stmt.indices, what) for p in exprs.conjuncts(point.stmt.cond)]
            elif isinstance(point.stmt, ir.Store) and self.df.kernel.tag_of(point.stmt.dst.tensor):
                parts = output_spec(self.df.kernel, point.stmt)
            else:
                continue
            for part, indices, what in parts:
                self.sink.obligation()
                try:
                    self.check(point, part, indices, what)
                except Unsupported as u:
                    self.sink.unknown("TAG", u.span or part.span, u.reason)
            if isinstance(point.stmt, ir.Store) and parts:
                from .holds_data import check_store
                try:
                    check_store(self, point)
                except Unsupported as u:
                    self.sink.unknown("TAG", u.span or point.stmt.span, u.reason)

    # ---------------------------------------------------------------- setup
    def instance(self, point: prog.Point) -> tuple[dict, list]:
        inst, facts = {}, []
        for loop in point.loops:
            inst[loop.var] = z3.Int(loop.var)
        facts.append(self.df.loop_domain(point, inst))
        facts.append(self.df.guards(point, inst, uniform_only=True))
        return inst, facts

    def asserting_thread(self, point: prog.Point, cond: ir.Expr, inst: dict, bound: dict) -> list:
        """An assertion under a thread-dependent `if` is made by the thread that holds the
        element it names: one register tile element (the same subscripts in every leaf), whose
        owner the tile's distribution gives; a stored value's owner is the store's."""
        if not self.df.thread_guarded(point):
            return []
        s = point.stmt
        elems = {(n.elem.tensor, n.elem.indices) for n in exprs.iter_nodes(cond) if isinstance(n, ir.TagField)}
        if len(elems) != 1:
            raise Unsupported("an assertion under a thread-dependent condition names one tile element "
                              "(the same tile and subscripts in every tag)", cond.span)
        (tensor, indices), = elems
        t = self.df.types.get(tensor)
        if isinstance(s, ir.Store):
            dist = None
        elif t is None or t.space is not ir.Space.REGISTER:
            raise Unsupported("an assertion under a thread-dependent condition reads a register tile", cond.span)
        elif len({w.stmt.target.layout for w in self.df.writers.get(tensor, [])}) > 1:
            raise Unsupported(f"an assertion under a thread-dependent condition reads '{tensor}', whose "
                              "definitions distribute it differently", cond.span)
        else:
            from .distribution import of_spec
            dist = of_spec(t.layout, self.df.shape(tensor), self.df.kernel.threads, self.env.consts)
        tile = tuple(self.env.term(i, {**inst, **bound}) for i in indices)
        return self.df.thread_guards(point, inst, tile, dist)

    def index_vars(self, indices, cond, inst) -> tuple[dict, list]:
        bound, facts = {}, []
        for name in indices:
            bound[name] = z3.Int(name)
        for n in exprs.iter_nodes(cond):
            if isinstance(n, ir.ElemRef) and n.tensor in self.df.types:
                shape = self.df.shape(n.tensor) if self.df.types[n.tensor].space is not ir.Space.GLOBAL else None
                for idx, ext in zip(n.indices, shape or ()):
                    if isinstance(idx, ir.Sym) and idx.name in bound:
                        facts += [bound[idx.name] >= 0, bound[idx.name] < ext]
        return bound, facts

    def leaf(self, node: ir.TagField, point, inst, bound, used: set, every_occurrence: bool = True) -> Leaf:
        """The leaf's value at the instance: a fresh variable and one selector per known
        (contribution, occurrence of the field). `every_occurrence` False: a claim on every
        value or on some value (not `range`, which counts them), where an occurrence whose
        term is the one of an earlier occurrence of the same contribution is the same claim
        and gets no selector (the output row of every k tile of an attention output)."""
        el = node.elem
        t = self.df.types.get(el.tensor)
        if t is None or t.space is ir.Space.GLOBAL:
            raise Unsupported("tag assertions read register or shared tiles", node.span)
        if len(el.indices) != len(t.shape):
            raise Unsupported(f"'{el.tensor}' has rank {len(t.shape)}", node.span)
        terms = tuple(self.env.term(i, {**inst, **bound}) for i in el.indices)
        key = (point.path, el.tensor, el.indices)
        tv = self.read(point, el, terms, inst, fresh=key in used)
        used.add(key)
        v = self.df.fresh(f"{el.tensor}.{node.field}")
        lf = Leaf(node, v, [], [], [], [len(c.contribs) for c in tv.value_cases()], tv)
        for c in flatten(tv):
            sel = bool_const(f"sel!{next(self.df._fresh)}")
            if c.opaque:
                lf.opaque.append((sel, c))
            elif node.field not in c.field_names():
                lf.missing.append((sel, c))
            else:   # one selector per occurrence: a repeated field must hold for each of them
                seen = set()
                for pos, term in enumerate(c.terms(node.field)):
                    name = f"sel!{next(self.df._fresh)}"
                    if every_occurrence or _term_id(term) not in seen:
                        seen.add(_term_id(term))
                        lf.known.append((bool_const(name), c, term, pos))
        return lf

    def read(self, point, el: ir.ElemRef, terms, inst, fresh: bool = False):
        """The tag value of tile element `el` at `point`, kept per (point, tile, subscripts):
        the index and loop variables are named constants, so a later query (another field of
        the same store, encode/holds_data.py) reads the same terms. `fresh`: read it again
        (one query naming the element twice needs two copies of its bound variables)."""
        key = (point.path, el.tensor, el.indices)
        if key in self._cache and not fresh:
            return self._cache[key]
        tv = self._cache[key] = self.df.read(el.tensor, terms, point, inst)
        return tv

    # ---------------------------------------------------------------- encoding
    def encode(self, e: ir.Expr, leaves: dict, scope: dict):
        if isinstance(e, ir.TagField):
            return leaves[id(e)].var
        if isinstance(e, ir.Bin) and (e.op in ir.COMPARISONS or e.op in ir.LOGICAL):
            a, b = self.encode(e.lhs, leaves, scope), self.encode(e.rhs, leaves, scope)
            return {ir.BinOp.EQ: lambda: a == b, ir.BinOp.NE: lambda: a != b, ir.BinOp.LT: lambda: a < b,
                    ir.BinOp.LE: lambda: a <= b, ir.BinOp.GT: lambda: a > b, ir.BinOp.GE: lambda: a >= b,
                    ir.BinOp.AND: lambda: And(a, b), ir.BinOp.OR: lambda: Or(a, b)}[e.op]()
        if isinstance(e, ir.Not):
            return z3.Not(self.encode(e.operand, leaves, scope))
        if isinstance(e, ir.Bin):
            a, b = self.encode(e.lhs, leaves, scope), self.encode(e.rhs, leaves, scope)
            from .symbols import mk_div, mk_mod, mk_xor
            return {ir.BinOp.ADD: lambda: a + b, ir.BinOp.SUB: lambda: a - b, ir.BinOp.MUL: lambda: a * b,
                    ir.BinOp.DIV: lambda: mk_div(a, b), ir.BinOp.MOD: lambda: mk_mod(a, b),
                    ir.BinOp.XOR: lambda: mk_xor(a, b, e.span)}[e.op]()
        if isinstance(e, ir.Neg):
            return -self.encode(e.operand, leaves, scope)
        if isinstance(e, ir.RangeSet):
            raise Unsupported("range(lo, hi) may only appear as `tag(x).f == range(lo, hi)`", e.span)
        return self.env.term(e, scope)

    @staticmethod
    def choose(pairs, extra=lambda s, c: z3.BoolVal(True)) -> list:
        """Facts saying the leaf takes one of `pairs` (selector, contribution, ...)."""
        if not pairs:
            return [z3.BoolVal(False)]
        facts = [Or(*[p[0] for p in pairs])]
        for p in pairs:
            facts.append(Implies(p[0], And(p[1].domain, extra(*p))))
        return facts

    def known_facts(self, lf: Leaf) -> list:
        return self.choose(lf.known, lambda s, c, t, p: Eq(lf.var, t))

    # ---------------------------------------------------------------- checking
    def check(self, point: prog.Point, cond: ir.Expr, indices: tuple[str, ...], what: str = "") -> None:
        inst, facts = self.instance(point)
        bound, ifacts = self.index_vars(indices, cond, inst)
        owner = self.asserting_thread(point, cond, inst, bound)
        scope = {**inst, **bound}
        stored = self.stored_part(point, what, indices, scope)
        base = list(self.env.facts) + facts + ifacts + owner + stored
        if owner and not what:
            if nobody_asserts(base, self.opts, self.sink, point.stmt.span):
                return
            partly_asserted(self, point, cond, list(self.env.facts) + facts + ifacts + stored, owner, scope)
        if not what and never_needed(self, cond, base, scope):
            return
        guarded = guarded_claim(cond)
        if guarded is not None:       # `G or covers(...)`: the claim where the guard fails
            base.append(z3.Not(self.env.cond(guarded[0], scope)))
            cond = guarded[1]
        rng = self.range_form(cond)
        if rng is None and what and isinstance(point.stmt, ir.Store):
            base += self.ranges_held(point, scope)
        nodes = [n for n in exprs.iter_nodes(cond) if isinstance(n, ir.TagField)]
        self.in_tile(cond, bound, scope, base)
        used: set = set()
        leaves = {id(n): self.leaf(n, point, inst, bound, used, every_occurrence=rng is not None) for n in nodes}
        counts = rng is not None or isinstance(cond, ir.Call) and cond.func == "covers"   # checked on no record too
        if not what and not counts and holds_no_record(leaves.values(), cond, base, self.opts, self.sink, point.stmt.span):
            return
        if rng is not None:
            return self.check_range(point, cond, leaves[id(rng[0])], rng[1], base, scope)
        from .occurrences import distinct_occurrences
        for lf in leaves.values():      # claims on every value or on some value: one copy suffices
            lf.known = distinct_occurrences(lf.known)
        if isinstance(cond, ir.Call) and cond.func == "covers":
            from .range_rule import check_covers
            if len(cond.args) != 3 or not isinstance(cond.args[0], ir.TagField) or cond.kwargs:
                raise Unsupported("write covers(tag(x[i]).field, lo, hi)", cond.span)
            return check_covers(self, point, cond, leaves[id(cond.args[0])], cond.args[1], cond.args[2],
                                base, scope)
        goal = self.encode(cond, leaves, scope)
        known = [f for lf in leaves.values() for f in self.known_facts(lf)]
        hint = self.store_hint(cond, leaves, scope, point) if what and isinstance(point.stmt, ir.Store) else ""
        if not self.solve(point, cond, base + known + [z3.Not(goal)], leaves, scope, "TAG",
                          self.fail_message(cond, what), hint):
            return
        # a disjunct that reads no tag (`block.x * BR + i >= R or tag(y[i, j]).col <= ...`)
        # makes the claim true wherever it holds: the values need be known only where it fails
        # (new-user round 44: a padded row's missing field was reported under the guard)
        parts = exprs.disjuncts(cond)
        guards = [d for d in parts if not reads_tags(d)] if len(parts) > 1 else []
        self.check_unknown_values(point, cond, leaves, base + [z3.Not(self.env.cond(g, scope)) for g in guards],
                                  scope)

    def stored_part(self, point: prog.Point, what: str, indices, scope: dict, held: bool = True) -> list:
        """A masked store's tag function binds only the elements inside the output, and one
        with a condition (`tag C[i, j] = (...) if c`) only those where it holds (`held`; the
        others where it fails)."""
        s = point.stmt
        if not what or not isinstance(s, ir.Store):
            return []
        out = []
        cond = self.df.kernel.tag_of(s.dst.tensor).cond
        if cond is not None:
            from .holds_data import stored_element
            _, mapping, _ = stored_element(self.df.kernel, s)
            c = self.env.cond(exprs.substitute(cond, mapping), scope)
            out.append(c if held else z3.Not(c))
        if s.mask is None:
            return out
        from .access import in_tensor
        coords = self.df.full_coords(s.dst, scope, tuple(scope[n] for n in indices))
        return out + in_tensor(self.env, self.df.types[s.dst.tensor], coords)

    def ranges_held(self, point: prog.Point, scope: dict) -> list:
        """Where a `range` field of the output's tag function is empty the stored element holds
        no record (its range claim counts none, holds_data its zeros): the other fields bind
        only where every range holds a value (new-user round 55: a segment mean's empty
        segment was told its zeros lack 'feat')."""
        s = point.stmt
        decl = self.df.kernel.tag_of(s.dst.tensor)
        if not any(isinstance(e, ir.RangeSet) for _, e in decl.fields):
            return []
        from .holds_data import empty_range, stored_element
        _, mapping, _ = stored_element(self.df.kernel, s)
        return [z3.Not(empty_range(self.df, s.dst.tensor, mapping, scope))]

    def in_tile(self, cond, bound: dict, scope: dict, base: list) -> None:
        """Every tile element the assertion names lies inside its tile. Bare index variables
        do by construction; other subscripts are proved (the data-flow model relies on it,
        encode/settle.py). One that may not is undecided, never proved."""
        for n in exprs.iter_nodes(cond):
            if not isinstance(n, ir.ElemRef) or n.tensor not in self.df.types:
                continue
            if self.df.types[n.tensor].space is ir.Space.GLOBAL:
                continue
            for idx, ext in zip(n.indices, self.df.shape(n.tensor)):
                if isinstance(idx, ir.Sym) and idx.name in bound:
                    continue
                v = self.env.const_value(idx)
                if v is not None and 0 <= v < ext:
                    continue
                term = self.env.term(idx, scope)
                out = prove(And(term >= 0, term < ext), base, self.opts)
                if out.verdict is not SV.PROVED:
                    raise Unsupported(f"tag({n.tensor}[...]) may index outside the tile (extent {ext})", idx.span)

    def range_form(self, cond):
        if isinstance(cond, ir.Bin) and cond.op is ir.BinOp.EQ:
            if isinstance(cond.lhs, ir.TagField) and isinstance(cond.rhs, ir.RangeSet):
                return cond.lhs, cond.rhs
            if isinstance(cond.rhs, ir.TagField) and isinstance(cond.lhs, ir.RangeSet):
                return cond.rhs, cond.lhs
        return None

    def store_hint(self, cond: ir.Bin, leaves: dict, scope: dict, point: prog.Point):
        """For an output's tag function: which value the element has and which it needs (and an
        initialisation under a condition the stored accumulator may or may not have seen)."""
        from .resets import conditional_reset
        lf = leaves[id(cond.lhs)]
        want = self.env.term(cond.rhs, scope)
        tile = cond.lhs.elem.tensor
        why = conditional_reset(self.df, tile, point) if self.df.types[tile].space is ir.Space.REGISTER else ""

        def hint(model) -> str:
            got, need = (model.eval(x, model_completion=True) for x in (lf.var, want))
            check = f"check the offsets of the store and of the loads that fill {tile}"
            return (f"the stored element has {cond.lhs.field} = {got} where the output's tag function needs "
                    f"{need}: " + (f"{why}; check that condition, and the offsets of the store and of the loads "
                                   f"that fill {tile}" if why else check))
        return hint

    def fail_message(self, cond, what: str = "") -> str:
        from dsl.fmt import format_expr as expr_text
        return f"{what or 'tag assertion failed'}: {expr_text(cond)}"

    def solve(self, point, cond, facts, leaves, scope, rule, message, hint_extra="", then=()) -> bool:
        """Run one query; report a finding on sat. True when it was proved. `then`: terms the
        witness minimises after the sizes, blocks and index variables."""
        out = find_model(facts, self.opts)      # tries the kernel's sessions first (SolverOptions.quick)
        if out.verdict is SV.PROVED:
            return True
        if out.verdict is SV.UNKNOWN:
            self.sink.unknown(rule, cond.span, f"solver: {out.reason}")
            return False
        opaque = self.env.has_opaque() and depends_on_opaque(facts) is not None
        if opaque and witness_needs_opaque(self.sink, rule, cond.span, facts, out.model, self.opts):
            return False
        model = self.minimal(facts, scope, out.model, then)
        if opaque and model is not out.model and not holds_for_any_opaque(facts, model, self.opts):
            model = out.model         # the smaller witness needs an opaque value; the first does not
        w = Witness(self.df, point, model, scope, leaves)
        if callable(hint_extra):
            hint_extra = hint_extra(model)
        if callable(message):
            message = message(model)
        self.sink.finding(w.finding(rule, cond.span, message, hint_extra))
        return False

    def minimal(self, facts, scope: dict, model, then=()):
        """Smallest sizes, then blocks, iterations and indices, then the terms `then`: stable,
        readable witnesses."""
        objectives = [v for _, v in sorted(self.env.sizes.items())] + list(self.env.blocks)
        objectives += [scope[k] for k in sorted(scope)] + list(then)
        out = minimize_model(facts, objectives, self.opts, model)
        return out.model if out.verdict is SV.REFUTED else model

    def check_unknown_values(self, point, cond, leaves, base, scope, missing_ok: bool = False,
                             empty_ok=None) -> None:
        from .unknown_values import check_unknown_values
        check_unknown_values(self, point, cond, leaves, base, scope, missing_ok, empty_ok)

    def check_range(self, point, cond, lf: Leaf, rs: ir.RangeSet, base, scope) -> None:
        from .range_rule import check_range
        check_range(self, point, cond, lf, rs, base, scope)


def _term_id(term) -> object:
    """A term's identity while it lives, as encode/probes._ident (no C call)."""
    return term.ast.value if isinstance(term, z3.ExprRef) else ("py", term)
