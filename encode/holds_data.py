"""A stored value needs data: an output's tag function binds each stored element, and a
value that holds no input's record (zeros, constants, padding, an accumulator no update
reached) would satisfy every field of it vacuously, whatever the kernel forgot.

For each reaching case the condition "holds no record" is exact where its records are
plain (each is there exactly where its domain holds: a masked read's padding, one branch of
a `where`), the count's `== 0` where an accumulator's count is known, the accumulator's own
`empty` otherwise, and for a masked reduction "no bound value lies in any record's domain"
(quantified; `_first_present` settles the common case without the quantifier); an
accumulator about which nothing is known is taken to hold one (the reduction's own rules
check its records). A model of "some case holds none" is the finding. Where a tag function
has a condition (`tag C[i, j] = (...) if c`), the elements where it fails must hold no record
with a field (a literal's empty record is no data); one that may hold one is the finding."""
from __future__ import annotations

import dataclasses

import z3

from dsl import exprs, ir
from dsl.fmt import format_expr

from .elem_reads import witness_needs_opaque
from .solver import Verdict as SV, find_model
from .symbols import Unsupported
from .tagval import CaseKind, free_choice, no_record
from .terms import And, Or
from .witness import Witness
from .zero_values import Constants, holds_constant


def absent(case, free: bool = False):
    """A z3 condition under which the value case holds no record, or None where it is
    taken to hold one. `free`: a summed record also holds none where a part of its domain
    that names none of its summed variables fails (asked where a tag function's condition
    fails only: the domains of flash attention's records made it slow)."""
    if case.kind is not CaseKind.VALUE:
        return None
    plain = [c for c in case.contribs if not c.bound]
    summed = [c for c in case.contribs if c.bound]
    parts = [z3.Not(c.domain) for c in plain]
    if summed:
        none = no_record(dataclasses.replace(case, contribs=tuple(summed)))
        if any(c.masked for c in summed):
            # A sum over padding (a masked reduction, a row of length 0) holds no record
            # where no bound value lies in any contribution's domain: quantified, exact.
            none = And(*[z3.ForAll(list(c.bound), z3.Not(c.domain)) for c in summed])
        elif free:
            # a part of a summed record's domain that names none of its bound variables (the
            # side of a `where` that picks an mma's result: held-out round 90 refuted the
            # causal `where(c, s, -inf)` of DSL.md) fails for every bound value alike
            fails = [z3.Not(f) for c in summed if not z3.is_true(f := _free_part(c))]
            cleared = And(*fails) if len(fails) == len(summed) else None
            if none is None and cleared is None:
                return None
            none = cleared if none is None else none if cleared is None else Or(none, cleared)
        elif none is None:
            return None
        parts.append(none)
    return And(*parts) if parts else z3.BoolVal(True)


def _free_part(c):
    """The conjuncts of contribution c's domain that name none of its bound variables."""
    conj, todo, seen = [], [z3.BoolVal(c.domain) if isinstance(c.domain, bool) else c.domain], set()
    while todo:
        d = todo.pop()
        if d.get_id() in seen:
            continue
        seen.add(d.get_id())
        if z3.is_and(d):
            todo += d.children()
        elif not z3.is_true(d):
            conj.append(d)
    # z3's substitute walks the term as a DAG; a walk of its tree (symbols.mentions) took
    # 15 s on flash attention's domains
    fresh = [(v, z3.FreshConst(v.sort())) for v in c.bound]
    return And(*[d for d in conj if not fresh or z3.substitute(d, *fresh).eq(d)])


def _has_fields(case):
    """A z3 condition under which the case holds a record with some field (None-free: a
    summed record whose presence is not known is taken to be there)."""
    withf = tuple(c for c in case.contribs if c.fields)
    if not withf:
        return z3.BoolVal(False)
    none = absent(dataclasses.replace(case, contribs=withf, count=None, empty=None), free=True)
    some = z3.BoolVal(True) if none is None else z3.Not(none)
    # An accumulator that holds no record at all holds none with a field: its count or its
    # `empty` (a loop `range(block.x)` that does not run at block 0).
    whole = no_record(case)
    if whole is None or z3.is_false(whole):
        return some
    return And(some, z3.Not(whole))


def stored_element(kernel: ir.Kernel, store: ir.Store) -> tuple[tuple[str, ...], dict, ir.ElemRef]:
    """The tile element a store writes at output index (i, j, ...) of the tag function:
    index variables for the sliced dimensions, the tag function's indices as expressions
    of them, and the stored tile's element."""
    decl = kernel.tag_of(store.dst.tensor)
    names, mapping = [], {}
    for sub, idx_name in zip(store.dst.subs, decl.indices):
        if isinstance(sub, ir.Slice):
            var = f"{idx_name}'"
            names.append(var)
            mapping[idx_name] = ir.Bin(ir.BinOp.ADD, sub.start, ir.Sym(var, ir.SymKind.INDEX), store.span)
        else:
            mapping[idx_name] = sub.at
    elem = ir.ElemRef(store.src, tuple(ir.Sym(n, ir.SymKind.INDEX) for n in names), store.span)
    return tuple(names), mapping, elem


def check_store(checker, point) -> None:
    """Findings (or unknowns) for a store into a tagged output: a stored element that holds no
    record where the tag function binds it, or one that holds a record where its condition
    (`tag C[i, j] = (...) if c`) says it holds none."""
    df, s = checker.df, point.stmt
    names, mapping, elem = stored_element(df.kernel, s)
    inst, facts = checker.instance(point)
    bound, ifacts = checker.index_vars(names, elem, inst)
    # the stored element as a leaf: its thread in the facts, its operand in the reports
    node = ir.TagField(elem, df.kernel.tag_of(s.dst.tensor).fields[0][0], s.span)
    ifacts += checker.asserting_thread(point, node, inst, bound)
    scope = {**inst, **bound}
    terms = tuple(df.env.term(i, scope) for i in elem.indices)
    tv = checker.read(point, elem, terms, inst)
    cases = [(c, absent(c)) for c in tv.value_cases()]
    tensor = s.dst.tensor
    base = list(df.env.facts) + facts + ifacts
    inside = base + checker.stored_part(point, "stored", names, scope)
    # A `range` field counts the records exactly (tag_rules.check_range), an empty one included.
    counted = any(isinstance(e, ir.RangeSet) for _, e in df.kernel.tag_of(tensor).fields)
    empty = [] if counted else [(c, a) for c, a in cases if a is not None and not z3.is_false(a)
                                and not _first_present(checker, inside, c, a)]
    got = _refute(checker, point, inside, empty, "no input's record")
    if got is not None:
        model, case = got
        msg = (f"value stored into {tensor} holds no input's record (zeros, constants, padding or an "
               f"accumulator no update reached), so it cannot be what {tensor}'s tag function names")
        _report(checker, point, node, inst, bound, inside, empty, model, msg,
                _why_empty(case, s.src, df.kernel.tag_of(tensor)))
    if counted:
        _zeros_needed(checker, point, inside + [empty_range(df, tensor, mapping, scope)], "a `range` field is empty",
                      scope=scope)
    if df.kernel.tag_of(tensor).cond is None:
        return
    outside = base + checker.stored_part(point, "stored", names, scope, held=False)
    _zeros_needed(checker, point, outside, "its condition fails", df.kernel.tag_of(tensor).else_value, scope)
    # Data is a record with fields: a literal's empty record (`where(c, a, 0.0)`) is none.
    data = [(c, _has_fields(c)) for c in tv.value_cases()]
    data = [(c, a) for c, a in data if not z3.is_false(a)]
    got = _refute(checker, point, outside, data, "an input's record")
    if got is not None:
        due = df.kernel.tag_of(tensor).else_value
        held = "zeros" if due == 0.0 else format_expr(ir.FloatLit(due)).strip("()")
        msg = (f"value stored into {tensor} holds an input's record where the condition of {tensor}'s tag "
               f"function fails, which says the element holds none ({held})")
        _report(checker, point, node, inst, bound, outside, data, got[0], msg, _clearing_hint(df, s.src), True)


def _mask_kept(df, name: str, value: float, scope: dict | None):
    """Where the stored tile `name` is `mask(x, c, fill=value)` (its one definition), the
    condition c at the stored element (where it fails the element is `value`); None for any
    other tile, a condition reading the tile's own indices, or one the encoding cannot read."""
    from dsl.masks import fill_of
    e, where = _sole_value(df, name)
    if scope is None or not (isinstance(e, ir.Call) and e.func == "mask" and len(e.args) == 2) \
            or fill_of(e, df.env.consts) != value or where.loops != () or where.guards != ():
        return None
    cond = e.args[1]
    stored = {s.dst.tensor for s in ir.walk(df.kernel.body) if isinstance(s, ir.Store)}
    if any(isinstance(n, ir.Call) and n.func == "index" or isinstance(n, ir.Sym) and n.kind is ir.SymKind.LOOP
           or isinstance(n, ir.ElemRef) and (n.tensor in stored or df.kernel.param(n.tensor) is None)
           for n in exprs.iter_nodes(cond)) or exprs.mentions_thread(cond):
        return None     # read again at the store, it must be the value the mask read
    try:
        return df.env.cond(cond, scope)
    except Unsupported:
        return None


def _sole_value(df, name: str) -> tuple:
    """(the expression, the point) of the one statement that computes tile `name`, or
    (None, None) where another kind of statement or several write it."""
    writers = df.writers.get(name, [])
    if len(writers) == 1 and isinstance(writers[0].stmt, ir.Compute):
        return writers[0].stmt.value, writers[0]
    return None, None


def _clearing_hint(df, name: str) -> str:
    """Where the stored tile is `where(c, 0.0, x)` with c reading a tile, its literal carries
    c's records (docs/SEMANTICS.md): say so, and how a zeros tile avoids it (new-user round
    62's cross-entropy with an ignore index)."""
    e, _ = _sole_value(df, name)
    if isinstance(e, ir.Call) and e.func == "where" and len(e.args) == 3 \
            and any(isinstance(a, (ir.FloatLit, ir.IntLit)) for a in e.args[1:]) \
            and Constants(df).recorded(e.args[0]):
        return (f"the literal that `{format_expr(e)}` picks carries the records of its condition, which reads "
                f"a tile: pick from a tile of zeros instead (`z = zeros f32[...]`, then `where(c, z, x)`), "
                "whose elements hold no record, or clear the element with a `mask`")
    return f"check the mask or `where` that clears {name} outside the tag function's condition"


def empty_range(df, tensor: str, mapping: dict, scope: dict):
    """Some `range(lo, hi)` field of the tag function is empty at the stored element."""
    env = df.env
    at = {**scope, **{i: env.term(e, scope) for i, e in mapping.items()}}
    return Or(*[env.term(e.hi, at) <= env.term(e.lo, at)
                for _, e in df.kernel.tag_of(tensor).fields if isinstance(e, ir.RangeSet)])


def _zeros_needed(checker, point, facts, where: str, value: float = 0.0, scope: dict | None = None) -> None:
    """Where `facts` may hold, the stored element holds no record, and its value must be
    `value` (0.0, or the tag function's `else` value): unknown unless the stored tile is that
    wherever it holds none (encode/zero_values.py), or is `mask(x, c, fill=value)` with c
    false wherever `facts` hold (held-out round 131's mean pooling over LEN[b] tokens,
    `mask(acc / LEN[b], LEN[b] > 0, fill=0.0)`, was unknown: acc / 0 is no 0.0, but the mask
    never lets it through where the range is empty)."""
    s = point.stmt
    if holds_constant(checker.df, s.src, value, checker.df.kernel.param(s.dst.tensor).dtype):
        return
    checker.sink.obligation()
    kept = _mask_kept(checker.df, s.src, value, scope)
    if find_model(facts + ([kept] if kept is not None else []), checker.opts, probe=True).verdict is SV.PROVED:
        return
    v = format_expr(ir.FloatLit(value)).strip("()")
    held, ways = ("zeros", "zeros, ") if value == 0.0 else (v, "")
    checker.sink.unknown("TAG", s.span, f"{s.src} may hold a value other than {v} where {where}, where the tag "
                         f"function of {s.dst.tensor} says the element holds {held} (a constant other than {v}, a "
                         f"count, a fill, a max or min over nothing): store a tile that is {v} there ({ways}"
                         f"mask(..., fill={v}), where(c, x, {v}))")


def _refute(checker, point, base, cases, what: str):
    """Whether some instance has one of `cases` (case, condition) hold: the model and the case
    it picks, or None (proved or unknown, which is reported here)."""
    if not cases:
        return None
    checker.sink.obligation()
    query = base + [Or(*[And(c.cond, a) for c, a in cases])]
    out = find_model(query, checker.opts)
    if out.verdict is SV.PROVED:
        return None
    s = point.stmt
    if out.verdict is SV.UNKNOWN:
        checker.sink.unknown("TAG", s.span, f"solver: {out.reason}")
        return None
    if checker.env.has_opaque() and witness_needs_opaque(checker.sink, "TAG", s.span, query, out.model, checker.opts):
        return None     # (held-out round 51: a mask on a length the kernel wrote first)
    case, cond = _chosen(out.model, cases)
    if free_choice(cond):
        checker.sink.unknown("TAG", s.span, f"whether the value stored into {s.dst.tensor} holds {what} is "
                             f"not known: {s.src} is an accumulator updated under a condition, whose updates "
                             "the analysis does not count")
        return None
    return out.model, case


def _first_present(checker, base, case, none) -> bool:
    """Whether the case certainly holds the record whose bound values are all 0 (the first
    row of a masked sum, as a rule): that settles a quantified `none` without the
    quantifier (which times out on pipelined sums, tests/codegen/kernels/tma_tail.dsl)."""
    from .solver import has_quantifier
    summed = [c for c in case.contribs if c.bound]
    if not summed or not has_quantifier([none]):
        return False
    if not all(z3.is_int(v) for c in summed for v in c.bound):
        return False
    first = Or(*[z3.substitute(c.domain, *[(v, z3.IntVal(0)) for v in c.bound]) for c in summed])
    # where the case's plain records are absent too (`where(lab == -100, 0.0, loss)`: the
    # loss's sums are asked about where lab is not -100 only)
    plain = [z3.Not(c.domain) for c in case.contribs if not c.bound]
    checker.sink.obligation()
    if find_model(base + [case.cond, *plain, z3.Not(first)], checker.opts).verdict is SV.PROVED:
        return True
    # the record of some present instance's bound values, the same for every instance: a box
    # that starts before the tensor (a halo, `rt * BR - 3`) has its first row past the start
    # (issue 17: a bulk copy from row -3 timed out here)
    seen = []
    for c in summed:
        out = find_model(base + [case.cond, *plain, c.domain], checker.opts, probe=True)
        if out.model is None:
            continue
        at = [(v, out.model.eval(v, model_completion=True)) for v in c.bound]
        if all(z3.is_int_value(x) for _, x in at):
            seen.append(z3.substitute(c.domain, *[(v, z3.IntVal(x.as_long())) for v, x in at]))
    if not seen:
        return False
    checker.sink.obligation()
    return find_model(base + [case.cond, *plain, z3.Not(Or(*seen))], checker.opts).verdict is SV.PROVED


def _why_empty(case, tile: str, decl: ir.TagDecl) -> str:
    """What the empty value is, from the reaching case: the hint of the finding."""
    # an output whose tag function has a condition already: the element lies where it holds
    if decl.cond is not None:
        fix = f"clear only where the tag function's condition `{format_expr(decl.cond)}` fails"
    else:
        fix = "give the output a tag function condition (`tag C[i] = (...) if ...`) where it holds zeros on purpose"
    if any(c.masked for c in case.contribs):
        return (f"{tile} is padding here (a masked read outside its tensor, or a `mask` or a `where` with a "
                "branch of zeros that clears it; the zeros a `where` picks are padding even where its condition "
                f"reads data, so a ReLU is maximum(x, 0.0)): check the offsets and the mask, or {fix}")
    if any(c.bound for c in case.contribs):
        return (f"{tile} is an accumulator that no update reached here: check the bounds of its loop and the "
                "conditions on its updates")
    return f"{tile} holds zeros or constants here: store the computed tile, or {fix}"


def _chosen(model, cases):
    """The case the model picks (a quantified condition the model may not evaluate: then the
    first case whose own condition it meets)."""
    for test in (lambda c, a: And(c.cond, a), lambda c, a: c.cond):
        for c, a in cases:
            if z3.is_true(model.eval(test(c, a), model_completion=True)):
                return c, a
    return cases[0]


def _report(checker, point, node, inst, bound, base, cases, model, msg: str, hint: str,
            show_record: bool = False) -> None:
    """The finding, its witness minimised; the stored element (`node`) is its operand (which
    names the thread that stores it), with one of its records where it holds some (`show_record`)."""
    scope = {**inst, **bound}
    lf = checker.leaf(node, point, inst, bound, set())
    facts = base + [Or(*[And(c.cond, a) for c, a in cases])]
    if show_record and lf.known:
        facts += checker.known_facts(lf)
        # the leaf's selectors are new: a model of the facts with them, so that the witness
        # shows a record (new-user round 55 read "dl[0, 0] (no tag)" under "holds an input's record")
        out = find_model(facts, checker.opts)
        if out.verdict is SV.REFUTED:
            model = out.model
    model = checker.minimal(facts, scope, model)
    w = Witness(checker.df, point, model, scope, {id(node): lf})
    checker.sink.finding(w.finding("TAG", point.stmt.span, msg, hint))
