"""Checks of `assert` and `invariant`: index variables, tag reads, and what a condition may say.

An assertion is a condition over integers: tag fields of tile elements, sizes, constants,
loop variables, block and thread ids, elements of integer inputs, and the index variables
it binds. A bare name used as a subscript inside tag(...) that names nothing else is an
index variable; it ranges over that dimension of the tile.
"""
from __future__ import annotations

import lark

from . import exprs, ir

INT_FUNCS = ("min", "max")


def index_names(tree, defined) -> set[str]:
    """Names an assertion binds: bare, otherwise undefined subscripts inside tag(...)."""
    bound: set[str] = set()
    for node in tree.iter_subtrees():
        if node.data != "tag_of":
            continue
        inner = node.children[0]
        if not (isinstance(inner, lark.Tree) and inner.data == "subscript"):
            continue
        for sub in inner.children[1:]:
            target = sub.children[0] if sub.data == "sub_index" else None
            if isinstance(target, lark.Tree) and target.data == "name":
                name = str(target.children[0])
                if defined(name) is None:
                    bound.add(name)
    return bound


def check_assertion(ck, cond: ir.Expr, what: str) -> None:
    """Report what makes `cond` something the verifier cannot read as a condition."""
    if not _is_condition(cond):
        ck.error("E024", f"{what} needs a condition: a comparison, joined by and, or, not", cond.span,
                 "for example assert tag(a[i, k]).k == tag(b[k, j]).k")
        return
    for part, alone in _comparisons(cond):
        if not alone and _set_claim(part) and not any(part is c for _, c in _guarded_parts(cond)):
            # new-user round 33: `range` under `or` passed here and was unknown at verification
            ck.error("E024", "range(lo, hi) and covers(...) must stand alone in a conjunct, not under `or` or "
                     "`not`, except beside one condition that reads no tag (`G or covers(...)`: the claim where "
                     "G fails)", part.span, "a claim about the padded elements belongs in the tag function of the "
                     "output they are stored to `masked`, which binds only the elements the store writes; or "
                     "guard it, `assert block.x * BR + i >= R or covers(...)`")
            continue
        _check_comparison(ck, part)


def _set_claim(e: ir.Expr) -> bool:
    return isinstance(e, ir.Call) or isinstance(e, ir.Bin) and any(
        isinstance(side, ir.RangeSet) for side in (e.lhs, e.rhs))


def guarded_claim(e: ir.Expr) -> tuple[ir.Expr, ir.Expr] | None:
    """(guard, claim) of a conjunct `G or covers(...)` (or `G or tag(x).f == range(..)`, either
    order) whose guard G reads no tag: the claim is made where G fails (new-user round 42:
    rows past R of a row tail hold padding, and a `covers` over every row could not be
    written: `assert block.x * BR + i >= R or covers(tag(o[i]).col, 0, C)`)."""
    if not (isinstance(e, ir.Bin) and e.op is ir.BinOp.OR):
        return None
    for guard, claim in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
        if _set_claim(claim) and not reads_tags(guard):
            return guard, claim
    return None


def reads_tags(e: ir.Expr) -> bool:
    """Does a condition read a tag (a tag field, a range, a `covers`)? A disjunct that does not
    is a guard: the claim holds wherever it does."""
    return any(isinstance(n, (ir.TagField, ir.RangeSet)) or isinstance(n, ir.Call) and n.func == "covers"
               for n in exprs.iter_nodes(e))


def _guarded_parts(cond: ir.Expr):
    """The guarded claims among cond's conjuncts."""
    return [g for c in exprs.conjuncts(cond) if (g := guarded_claim(c)) is not None]


def _is_condition(e: ir.Expr) -> bool:
    if isinstance(e, ir.Not):
        return _is_condition(e.operand)
    if isinstance(e, ir.Bin) and e.op in ir.LOGICAL:
        return _is_condition(e.lhs) and _is_condition(e.rhs)
    if isinstance(e, ir.Call) and e.func == "covers":
        return True
    return isinstance(e, ir.Bin) and e.op in ir.COMPARISONS


def _comparisons(e: ir.Expr, alone: bool = True):
    """The comparisons of a condition, each with whether it stands alone in a conjunct (under
    `and` only)."""
    if isinstance(e, ir.Not):
        yield from _comparisons(e.operand, False)
    elif isinstance(e, ir.Bin) and e.op in ir.LOGICAL:
        yield from _comparisons(e.lhs, alone and e.op is ir.BinOp.AND)
        yield from _comparisons(e.rhs, alone and e.op is ir.BinOp.AND)
    else:
        yield e, alone


def _check_comparison(ck, cmp) -> None:
    if isinstance(cmp, ir.Call):  # covers(tag(x[...]).field, lo, hi)
        if len(cmp.args) != 3 or cmp.kwargs or not isinstance(cmp.args[0], ir.TagField):
            ck.error("E024", "write covers(tag(x[...]).field, lo, hi)", cmp.span)
            return
        _check_operand(ck, cmp.args[1])
        _check_operand(ck, cmp.args[2])
        return
    for side, other in ((cmp.lhs, cmp.rhs), (cmp.rhs, cmp.lhs)):
        if isinstance(side, ir.RangeSet):
            if cmp.op is not ir.BinOp.EQ or not isinstance(other, ir.TagField):
                ck.error("E024", "range(lo, hi) may only appear as tag(x[...]).field == range(lo, hi)",
                         side.span)
            _check_operand(ck, side.lo)
            _check_operand(ck, side.hi)
        else:
            _check_operand(ck, side)


def _check_operand(ck, e: ir.Expr) -> None:
    """One side of a comparison: an integer term. Stops at the first problem."""
    stack = [e]
    while stack:
        n = stack.pop()
        problem = _problem(ck, n)
        if problem is not None:
            code, message, hint = problem
            ck.error(code, message, n.span, hint)
            return
        if isinstance(n, ir.TagField):
            _check_tag_read(ck, n)
            stack.extend(reversed(n.elem.indices))  # the element itself is read through its tag
        else:
            stack.extend(reversed(exprs.children(n)))


def _problem(ck, n: ir.Expr) -> tuple[str, str, str] | None:
    match n:
        case ir.Bin(op=op) if op in ir.COMPARISONS or op in ir.LOGICAL:
            return "E024", "a comparison cannot be compared; split it with and/or", ""
        case ir.Not():
            return "E024", "`not` applies to a whole comparison", ""
        case ir.FloatLit():
            return "E024", "assertions compare integers; tags and indices have no fractions", ""
        case ir.RangeSet():
            return "E024", "range(lo, hi) may only appear as tag(x[...]).field == range(lo, hi)", ""
        case ir.Sym(kind=ir.SymKind.TENSOR, name=name):
            return ("E024", f"'{name}' is a tile, not an integer",
                    f"compare a tag field: tag({name}[i, j]).field")
        case ir.Call(func=f) if f not in INT_FUNCS:
            return "E026", f"'{f}' is not an integer function", "assertions may use min and max"
        case ir.Cast():
            return "E026", "'cast' is not an integer function", "assertions may use min and max"
        case ir.ElemRef(tensor=t) if not integer_input(ck, t):
            return ("E024", f"an assertion reads '{t}' only through its tag",
                    f"write tag({t}[...]).field; plain elements are allowed of integer inputs")
    return None


def integer_input(ck, name: str) -> bool:
    p = ck.tiles.param_named(name)
    return p is not None and not p.dtype.is_float


def _check_tag_read(ck, node: ir.TagField) -> None:
    """The field must come from some tag function (a typo would otherwise be a verifier finding)."""
    fields = sorted({f for t in ck.tag_decls for f, _ in t.fields})
    if node.field not in fields:
        hint = f"declared fields: {', '.join(fields)}" if fields else "the kernel declares no `tag` function"
        ck.error("E024", f"no tag function declares a field '{node.field}'", node.span, hint)
