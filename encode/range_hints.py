"""Why a `range` or `covers` claim fails, in words: the hints of encode/range_rule.py's
findings (a reset inside the accumulating loop, elementwise math that pairs records, an
update under a condition, padding that carries no record)."""
from __future__ import annotations

import z3

from dsl import exprs, ir
from dsl.compute import selects_own_sides
from dsl.pad_values import UNKNOWN

from . import program as prog
from .rootcause import sources
from .solver import Verdict as SV, prove
from .symbols import Unsupported
from .terms import constants


def reset_hint(tc, storage: str, point) -> str:
    from .resets import conditional_reset
    why = conditional_reset(tc.df, storage, point)
    return f"{why}: check that condition" if why else ""


def where_hint(tc, storage: str) -> str:
    """When `storage` is computed by a `where` whose condition reads data and that does not
    pick a side of its own comparison, its records are the condition's paired with the
    pick's, so a reduction read in both counts twice: say so, and which form is a max."""
    for w in tc.df.writers.get(storage, []):
        s = w.stmt
        if not isinstance(s, ir.Compute):
            continue
        for n in exprs.iter_nodes(s.value):
            if isinstance(n, ir.Call) and n.func == "where" and len(n.args) == 3:
                if selects_own_sides(*n.args):
                    continue
                return (f"the where at line {n.span.line} pairs each record of its condition with each record "
                        f"of the value it picks (docs/SEMANTICS.md), so a value read in both counts twice; "
                        f"a running max is `maximum({storage}, x)` or `where(x > {storage}, x, {storage})`, "
                        f"which picks a side of its own comparison")
    return ""


def _added_tiles(s) -> list[str]:
    """The tiles statement `s` adds into a new tile (`t = a + b`: [a, b], in source order),
    or [] when it is no such sum (an update in place included)."""
    if not (isinstance(s, ir.Compute) and isinstance(s.value, ir.Bin) and s.value.op is ir.BinOp.ADD):
        return []
    tiles = list(dict.fromkeys(n.name for n in exprs.iter_nodes(s.value)
                               if isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR))
    return tiles if len(tiles) >= 2 and s.target.name not in tiles else []


def partial_sum_hint(tc, storage: str) -> str:
    """When `storage` is defined as a new tile summing other tiles (`t = a + b`), elementwise
    math paired their records: say so, and how partial sums add up (in place)."""
    for w in tc.df.writers.get(storage, []):
        s = w.stmt
        tiles = _added_tiles(s)
        if tiles:
            first, rest = tiles[0], " + ".join(tiles[1:])
            return (f"'{storage}' = {' + '.join(tiles)} at line {s.span.line} is elementwise math, which pairs "
                    f"each record of one operand with each of the other's (docs/SEMANTICS.md); partial sums "
                    f"add up as an accumulation in place: `{first} = {first} + {rest}`")
    return ""


def count_hint(tc, storage: str, point, more: bool = False) -> str:
    from .accumulate import reinitialised_before
    again = reinitialised_before(tc.df, storage, point)
    if again is not None:
        return (f"'{storage}' is initialised again at line {again.span.line}, inside the loop that accumulates "
                "it, so only that loop's last iteration reaches here: initialise it once, before the loop")
    if more:
        # held-out round 30: the hint said "covers part of the range" of a count that was too large
        return (reset_hint(tc, storage, point) or partial_sum_hint(tc, storage)
                or "more contributions than the range has values: a loop that "
                "runs past the range, a tile counted twice, or an accumulator that starts from a tensor's "
                "earlier contents (an output read before it is stored holds the records its tag function "
                "names) adds records: check the loop bounds and where the accumulator starts")
    return (reset_hint(tc, storage, point) or _guarded_update_hint(tc, storage) or overwritten(tc, storage, point)
            or _no_accumulation(tc, storage) or "the accumulation covers part of the range only: check the loop bounds and the k-tile extent")


def overwritten(tc, storage: str, point) -> str:
    """The hint where the value is written, not updated, in a loop the reader comes after
    (`acc = mma(a, b, z)` for `acc = mma(a, b, acc)`): each iteration replaces the last one's
    records, so only the last iteration's reach the reader (new-user round 53)."""
    for w in tc.df.writers.get(storage, []):
        s = w.stmt
        if not w.loops or tc.df.accumulates(w, storage) or prog.common_loops(w, point) == len(w.loops):
            continue
        if isinstance(s, ir.Mma):
            return (f"'{storage}' is overwritten in each iteration of the loop over {w.loops[-1].var} (line "
                    f"{w.span.line}: `{storage} = mma({s.a}, {s.b}, {s.c})` adds to {s.c}, not to {storage}), so "
                    f"only the last iteration's products reach here: accumulate with `{storage} = mma({s.a}, {s.b}, "
                    f"{storage})`")
    return ""


def _no_accumulation(tc, storage: str) -> str:
    """The hint where nothing upstream of the value accumulates: no writer of it or of what it
    is computed from lies in a loop, reduces over an axis, is an mma or updates in place."""
    seen, todo, pair = set(), [storage], None
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for w in tc.df.writers.get(name, []):
            s = w.stmt
            if w.loops or isinstance(s, ir.Mma) or tc.df.accumulates(w, name) or (isinstance(s, ir.Compute) and any(
                    isinstance(n, ir.Call) and n.func in ("sum", "max", "min") for n in exprs.iter_nodes(s.value))):
                return ""
            if pair is None and len(_added_tiles(s)) == 2:
                pair = (s, _added_tiles(s))
            todo += sources(s)
    where = ""
    if pair is not None:
        (s, (a, b)) = pair
        # held-out round 30's scan32: `c = a + b` at each level of a Hillis-Steele scan
        where = (f" (line {s.span.line}: `{s.target.name} = {a} + {b}`; in place, `{a} = {a} + {b}` adds "
                 f"{b}'s records to {a}'s)")
    return (f"'{storage}' is computed without a loop or a reduction: elementwise math (`a + b`) pairs each "
            f"record of one operand with each of the other into one merged record, so it does not count the "
            f"values it adds{where}; reduce over an axis (`sum(x, axis=1)`), accumulate in a loop or update "
            f"in place to take every value of the range")


def _guarded_update_hint(tc, storage: str) -> str:
    """When an update of the accumulator runs only under a condition on loop variables, the
    count is that of the iterations where it holds: say which."""
    from dsl.fmt import format_expr
    for w in tc.df.writers.get(storage, []):
        conds = [g for g in w.guards if exprs.free_syms(g.cond, ir.SymKind.LOOP)]
        if conds and tc.df.accumulates(w, storage):
            text = " and ".join(format_expr(g.cond) if g.positive else f"not ({format_expr(g.cond)})" for g in conds)
            return (f"the update at line {w.span.line} runs only in the iterations where `{text}` holds: check "
                    "that condition and the loop bounds")
    return ""


def padding_hint(tc, lf, model, field: str, point=None) -> str:
    """When the witness element is padding of a masked access (a coordinate of a masked
    contribution's input element that no bound variable moves lies outside its tensor), the
    claim fails there because padding carries no records: say so, and where to claim. Not
    when the element holds some record there (padding that met data has the other
    operand's records, and the claim fails for another reason)."""
    for _, c, _, _ in lf.known:
        if not c.masked:
            continue
        bound = {b.get_id() for b in c.bound}
        for o in c.origins:
            param = tc.df.kernel.param(o.storage)
            if param is None:
                continue
            for dim, (coord, extent) in enumerate(zip(o.coords, param.shape)):
                if any(k.get_id() in bound for k in constants(coord, {})):
                    continue
                at = model.eval(coord, model_completion=True)
                n = model.eval(tc.env.term(extent, {}), model_completion=True)
                if z3.is_int_value(at) and z3.is_int_value(n) and not 0 <= at.as_long() < n.as_long():
                    if any(_holds_at(tc, k, model) for _, k, _, _ in lf.known):
                        return ""
                    if _met_as_no_identity(tc, lf.node.elem.tensor, point):
                        # new-user round 33: a stencil's halo filled with 1.0 was told to move its claim
                        return (f"the padding of the masked access to {o.storage} (index {at} of dimension {dim}) "
                                "meets data in elementwise math as no identity (a fill other than 0.0 for + and -, "
                                "1.0 for * and /, -inf for maximum, inf for minimum), which leaves a value that is "
                                "neither the data's nor padding, with no record: fill with the math's identity")
                    edge = (f"this element lies past the edge of {o.storage} (index {at} of dimension {dim}, "
                            f"extent {n}): it holds the padding of a masked access, which carries no tags. ")
                    s = getattr(point, "stmt", None)
                    if isinstance(s, ir.Store):   # the claim is already the output's tag function
                        return edge + (f"Store it `masked` if the element lies outside {s.dst.tensor}, or give "
                                       f"{s.dst.tensor}'s tag function a condition (`tag {s.dst.tensor}[...] = "
                                       "(...) if ...`) where it holds zeros on purpose")
                    return edge + (f"Claim it in the tag function of the output this tile is stored to (a field "
                                   f"`{field}`), which binds only the elements a masked store writes")
    return ""


def _met_as_no_identity(tc, tile: str, point) -> bool:
    """Whether padding met data in `tile` as no identity (its value there is not known)."""
    from .pad_walk import padding_of
    if point is None:
        return False
    try:
        parts = padding_of(tc.df, ir.Sym(tile, ir.SymKind.TENSOR), point, "")
    except Unsupported:
        return False
    return any(q.value == UNKNOWN and not q.pure for q in parts)


def _holds_at(tc, c, model) -> bool:
    """Whether record `c` is there at the witness: its domain with the witness's values, for
    some values of its bound variables (a solver query where it has them)."""
    if not c.bound:
        return z3.is_true(model.eval(c.domain, model_completion=True))
    bound = {b.get_id() for b in c.bound}
    free = constants(c.domain, {}, lambda k: k.get_id() not in bound)
    # the witness may come from another Z3 context (encode/solver.py's portfolio)
    values = [(k, model.eval(k, model_completion=True).translate(k.ctx)) for k in free]
    return prove(z3.Not(z3.substitute(c.domain, *values)), [], tc.opts).verdict is not SV.PROVED
