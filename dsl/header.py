"""Checks of the kernel header: assumptions, constants, launch geometry, tag functions."""
from __future__ import annotations

import lark

from . import exprs, ir, limits
from .diagnostics import plural
from .scope import Entry


def check_header_stmt(ck, s: lark.Tree, header: dict) -> None:
    sp = ck.span(s)
    kind = s.data
    if kind == "assume":
        header["assumes"].append(_assume(ck, s.children[0]))
    elif kind == "const_decl":
        _consts(ck, s, sp, header)
    elif kind == "grid":
        _grid(ck, s, sp, header)
    elif kind == "threads":
        _threads(ck, s, sp, header)
    elif kind == "tag_decl":
        _tag(ck, s, sp, header)
    elif kind == "writes_decl":
        _writes(ck, s, sp, header)


def _assume(ck, tree) -> ir.Expr:
    """An assumption on sizes and constants, or a fact about integer inputs for every index.

    A bare undefined name used as a subscript of an input binds an index variable that
    ranges over that dimension (as in assertions); the assumption holds for all of them."""
    bound = {str(sub.children[0].children[0]) for node in tree.iter_subtrees() if node.data == "subscript"
             for sub in node.children[1:] if sub.data == "sub_index"
             and isinstance(sub.children[0], lark.Tree) and sub.children[0].data == "name"
             and ck.scope.get(str(sub.children[0].children[0])) is None}
    cond = ck.expr(tree, bound)     # (empty: an undefined name gets the binding hint, `POS[2 * b]`)
    ck.int_or_bool(cond, "an assumption")
    for n in exprs.iter_nodes(cond):
        if isinstance(n, ir.BuiltinRef):
            ck.error("E021", "assumptions may only mention sizes, constants and integer inputs", n.span)
            break
        if isinstance(n, ir.TagField):
            ck.error("E021", "assumptions cannot read tags", n.span)
            break
    return ir.Forall(tuple(sorted(bound)), cond, cond.span) if bound else cond


def _consts(ck, s, sp, header) -> None:
    names = [t for t in s.children[0].children]
    values = s.children[1:]
    if len(names) != len(values):
        ck.error("E029", f"`const` names {plural(len(names), 'constant')} but gives "
                 f"{plural(len(values), 'value')}", sp, "write one value per name, in the same order")
        for tok in names:  # defined without a value, so later uses are not reported as undefined
            if ck.scope.get(str(tok)) is None:
                ck.scope.define(str(tok), Entry(ir.SymKind.CONST), ck.span(tok))
        return
    for tok, vt in zip(names, values):
        e = ck.expr(vt)
        if ck.synth and any(isinstance(n, ir.Hole) for n in exprs.iter_nodes(e)):
            # A constant with a hole is one unknown of the sketch: no value until filled.
            _define(ck, tok, None)
            continue
        try:
            v = exprs.fold(e, ck.consts())
        except exprs.NotConstant as nc:
            if nc.why == "division by zero":
                ck.error("E030", f"constant '{tok}' divides by zero", nc.span or e.span,
                         "the divisor folds to 0 with the constants' values")
            else:
                ck.error("E017", f"constant '{tok}' is not a compile-time integer: {nc.why}", nc.span or e.span,
                         "constants may use integer literals, earlier constants, + - * / % min max")
            v = None
        if v is not None and not limits.constant(ck, str(tok), v, e.span):
            v = None
        if _define(ck, tok, v) and v is not None:
            header["consts"].append(ir.ConstDecl(str(tok), v, e, ck.span(tok)))


def _define(ck, tok, value: int | None) -> bool:
    if ck.scope.get(str(tok)) is not None:
        ck.error("E011", f"'{tok}' is already defined", ck.span(tok), ck.scope.first_defined(str(tok)))
        return False
    ck.scope.define(str(tok), Entry(ir.SymKind.CONST, value=value), ck.span(tok))
    return True


def _grid(ck, s, sp, header) -> None:
    if header["grid_span"] is not None:
        ck.error("E011", "a second `grid` statement", sp,
                 f"the first is at line {header['grid_span'].line}; a kernel has one launch grid")
        return
    header["grid_span"] = sp
    e = ck.expr(s.children[0])
    dims = e.items if isinstance(e, ir.TupleExpr) else (e,)
    if not 1 <= len(dims) <= 3:
        ck.error("E028", f"grid has {len(dims)} dimensions; 1 to 3 are allowed", sp,
                 "the dimensions are block.x, block.y and block.z")
        return
    for axis, d in enumerate(dims):
        ck.int_or_bool(d, "a grid dimension", want_bool=False)
        v = exprs.try_fold(d, ck.consts())
        if v is not None and not limits.grid_dim(ck, axis, v, d.span):
            return
        for n in exprs.iter_nodes(d):
            if isinstance(n, (ir.BuiltinRef, ir.ElemRef)) or (isinstance(n, ir.Sym) and n.kind is ir.SymKind.LOOP):
                ck.error("E021", "grid dimensions may only mention sizes and constants", n.span)
                break
    header["grid"] = tuple(dims)


def _threads(ck, s, sp, header) -> None:
    if header["threads_span"] is not None:
        ck.error("E011", "a second `threads` statement", sp,
                 f"the first is at line {header['threads_span'].line}; a kernel has one block size")
        return
    header["threads_span"] = sp
    e = ck.expr(s.children[0])
    v = exprs.try_fold(e, ck.consts())
    if v is None:
        ck.error("E017", "the thread count must be a compile-time integer", e.span)
        return
    if v <= 0:
        ck.error("E028", f"the thread count must be positive, not {v}", e.span,
                 "threads is the number of threads in a block, e.g. threads 128")
        return
    if not limits.threads(ck, v, e.span):
        return
    header["threads"] = v


def _indexed(ck, s, why: str, naming: str, example: str) -> tuple | None:
    """(tensor, index names) of `tag X[i, k] ...` or `writes X[i, k] ...`, or None after an
    error: X is a parameter (E023), named with one distinct index per dimension (E014, E011).
    `naming` words the count (`{t}` the tensor, `{n}` the number named, `{idx}` its noun)."""
    tname = str(s.children[0])
    idx_names = [str(t) for t in s.children[1].children]
    param = next((p for p in ck.tiles.param_list if p.name == tname), None)
    if param is None:
        ck.error("E023", f"'{tname}' is not a kernel parameter; {why}", ck.span(s.children[0]),
                 "declare it in the kernel's parameter list")
        return None
    if len(idx_names) != len(param.shape):
        count = naming.format(t=tname, n=len(idx_names), idx="index" if len(idx_names) == 1 else "indices")
        ck.error("E014", f"{count}; the tensor has rank {len(param.shape)}", ck.span(s.children[1]),
                 f"name one index per dimension, e.g. {example}")
        return None
    if len(set(idx_names)) != len(idx_names):
        ck.error("E011", "an index name is repeated", ck.span(s.children[1]), "each dimension needs its own name")
        return None
    return tname, idx_names


def _tag(ck, s, sp, header) -> None:
    got = _indexed(ck, s, "tags attach to the kernel's tensors", "tag of '{t}' names {n} indices",
                   "tag A[i, k] = (...)")
    if got is None:
        return
    tname, idx_names = got
    if _second(ck, header["tags"], tname, sp, "a tag function", "put all fields in one `tag` line"):
        return
    fields, seen = [], set()
    with ck.scope.nested():
        for n in idx_names:
            ck.scope.define(n, Entry(ir.SymKind.INDEX), sp)
        cond = otherwise = None
        for f in s.children[2:]:
            if f is None:
                continue
            if f.data == "tag_if":
                cond = ck.expr(f.children[0])
                ck.int_or_bool(cond, "a tag function's condition", code="E023", want_bool=True)
                if not (isinstance(cond, ir.Not) or isinstance(cond, ir.Bin) and
                        (cond.op in ir.COMPARISONS or cond.op in ir.LOGICAL)):
                    ck.error("E023", "a tag function's condition must be a comparison (e.g. `if i >= j`)",
                             cond.span)
                for n in exprs.iter_nodes(cond):
                    if isinstance(n, ir.BuiltinRef):
                        ck.error("E023", "a tag function's condition may use the element's indices, sizes "
                                 "and constants, not the thread or block", n.span)
                if len(f.children) > 1 and f.children[1] is not None:
                    otherwise = _else_value(ck, f.children[1])
                continue
            fname = str(f.children[0])
            if fname in seen:
                ck.error("E011", f"tag field '{fname}' is repeated", ck.span(f))
                continue
            seen.add(fname)
            fields.append((fname, _tag_field(ck, f.children[1])))
    if otherwise is not None and any(isinstance(e, ir.RangeSet) for _, e in fields):
        ck.error("E023", "a tag function with a `range` field holds 0.0 where the range is empty; "
                 "an `else` value is for one without", otherwise.span)
    header["tags"].append(ir.TagDecl(tname, tuple(idx_names), tuple(fields), sp, cond, otherwise))


def _else_value(ck, tree) -> ir.FloatLit | None:
    """`... if cond else v`: v a number (`-inf`, `-1.0`, `0`), the value where cond fails."""
    e = ck.expr(tree)
    sign, x = (-1.0, e.operand) if isinstance(e, ir.Neg) else (1.0, e)
    if not isinstance(x, (ir.FloatLit, ir.IntLit)):
        ck.error("E023", "a tag function's `else` value must be a number (e.g. `else -inf`)", e.span)
        return None
    if float(x.value) != x.value:
        ck.error("E023", f"a tag function's `else` value must be a number a double holds exactly; "
                 f"{x.value} is not", e.span, "an i64 output's `else` value lies within +-2^53")
        return None
    return ir.FloatLit(sign * float(x.value), e.span)


def _tag_field(ck, tree) -> ir.Expr:
    """One field: an integer of the element's indices, or range(lo, hi) for an output."""
    e = ck.expr(tree)
    parts = (e.lo, e.hi) if isinstance(e, ir.RangeSet) else (e,)
    for part in parts:
        ck.int_or_bool(part, "a tag field", code="E023", want_bool=False)
    for n in exprs.iter_nodes(e):  # (int_or_bool refused reads of anything but integer inputs)
        if isinstance(n, ir.BuiltinRef):
            ck.error("E023", "a tag depends on the element, not on the thread or block", n.span)
    return e


def _writes(ck, s, sp, header) -> None:
    """`writes T[i, j] if cond`: the part of output T the kernel writes; without `if`, all of
    it (an in-place update, which must store every element once)."""
    got = _indexed(ck, s, "`writes` names the part of an output the kernel writes", "`writes {t}` names {n} {idx}",
                   "writes C[b, t] if ...")
    if got is None:
        return
    tname, idx_names = got
    if _second(ck, header["writes"], tname, sp, "a `writes` declaration", "join the conditions with `or`"):
        return
    with ck.scope.nested():
        for n in idx_names:
            ck.scope.define(n, Entry(ir.SymKind.INDEX), sp)
        if len(s.children) > 2 and s.children[2] is not None:
            cond = ck.expr(s.children[2])
        else:   # every element: an index is never negative
            cond = ir.Bin(ir.BinOp.GE, ir.Sym(idx_names[0], ir.SymKind.INDEX, sp), ir.IntLit(0, sp), sp)
    ck.int_or_bool(cond, "the condition of a `writes` declaration", code="E023", want_bool=True)
    for n in exprs.iter_nodes(cond):
        if isinstance(n, ir.BuiltinRef):
            ck.error("E023", "the condition of a `writes` declaration may use the element's indices, sizes, "
                     "constants and integer inputs, not the thread or block", n.span)
            return
    header["writes"].append(ir.WritesDecl(tname, tuple(idx_names), cond, sp))


def _second(ck, decls, tname: str, sp, what: str, hint: str) -> bool:
    """An E011 error when `decls` already hold a declaration of `tname` (True then)."""
    first = next((d for d in decls if d.tensor == tname), None)
    if first is not None:
        ck.error("E011", f"'{tname}' already has {what}", sp, f"the first is at line {first.span.line}; {hint}")
    return first is not None


def _stored(body) -> set[str]:
    return {s.dst.tensor for s in ir.walk(body) if isinstance(s, ir.Store)}


def check_written_parts(ck, decls, body) -> None:
    """A `writes` declaration names an output the kernel stores into."""
    stored = _stored(body)
    for w in decls:
        if w.tensor not in stored:
            ck.error("E023", f"`writes {w.tensor}` declares the part of {w.tensor} the kernel writes, and "
                     f"nothing stores into '{w.tensor}'", w.span, "store into it, or remove the declaration")


def check_output_specs(ck, tags, body) -> None:
    """A range(lo, hi) field specifies what is stored into an output: one must be stored."""
    stored = _stored(body)
    for t in tags:
        for fname, e in t.fields:
            if isinstance(e, ir.RangeSet) and t.tensor not in stored:
                ck.error("E023", f"field '{fname}' is a range, which only an output's tag may be, and "
                         f"nothing stores into '{t.tensor}'", e.span,
                         "an input element has one value per field; give it an integer expression")
