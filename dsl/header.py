"""Checks of the kernel header: assumptions, constants, launch geometry, tag functions."""
from __future__ import annotations

import lark

from . import exprs, ir
from .scope import Entry


def check_header_stmt(ck, s: lark.Tree, header: dict) -> None:
    sp = ck.span(s)
    kind = s.data
    if kind == "assume":
        cond = ck.expr(s.children[0])
        ck.int_or_bool(cond, "an assumption")
        for n in exprs.iter_nodes(cond):
            if isinstance(n, (ir.BuiltinRef, ir.ElemRef)):
                ck.error("E021", "assumptions may only mention sizes and constants", n.span)
                break
        header["assumes"].append(cond)
    elif kind == "const_decl":
        _consts(ck, s, sp, header)
    elif kind == "grid":
        _grid(ck, s, sp, header)
    elif kind == "threads":
        _threads(ck, s, sp, header)
    elif kind == "tag_decl":
        _tag(ck, s, sp, header)


def _consts(ck, s, sp, header) -> None:
    names = [t for t in s.children[0].children]
    values = s.children[1:]
    if len(names) != len(values):
        ck.error("E029", f"{len(names)} names but {len(values)} values", sp)
        return
    for tok, vt in zip(names, values):
        e = ck.expr(vt)
        try:
            v = exprs.fold(e, ck.consts())
        except exprs.NotConstant as nc:
            code = "E030" if nc.why == "division by zero" else "E017"
            ck.error(code, f"constant '{tok}' is not a compile-time integer: {nc.why}", e.span,
                     "constants may use integers and earlier constants only")
            v = None
        if ck.scope.get(str(tok)) is not None:
            ck.error("E011", f"'{tok}' is already defined", ck.span(tok))
            continue
        ck.scope.define(str(tok), Entry(ir.SymKind.CONST, value=v), ck.span(tok))
        if v is not None:
            header["consts"].append(ir.ConstDecl(str(tok), v, e, ck.span(tok)))


def _grid(ck, s, sp, header) -> None:
    if header["grid"] is not None:
        ck.error("E011", "a second `grid` statement", sp)
        return
    e = ck.expr(s.children[0])
    dims = e.items if isinstance(e, ir.TupleExpr) else (e,)
    if not 1 <= len(dims) <= 3:
        ck.error("E028", f"grid has {len(dims)} dimensions; 1 to 3 are allowed", sp)
        return
    for d in dims:
        ck.int_or_bool(d, "a grid dimension", want_bool=False)
        for n in exprs.iter_nodes(d):
            if isinstance(n, (ir.BuiltinRef, ir.ElemRef)) or (isinstance(n, ir.Sym) and n.kind is ir.SymKind.LOOP):
                ck.error("E021", "grid dimensions may only mention sizes and constants", n.span)
                break
    header["grid"] = tuple(dims)


def _threads(ck, s, sp, header) -> None:
    if header["threads"] is not None:
        ck.error("E011", "a second `threads` statement", sp)
        return
    e = ck.expr(s.children[0])
    v = exprs.try_fold(e, ck.consts())
    if v is None:
        ck.error("E017", "the thread count must be a compile-time integer", e.span)
        return
    if v <= 0:
        ck.error("E028", f"the thread count must be positive, not {v}", e.span)
        return
    header["threads"] = v


def _tag(ck, s, sp, header) -> None:
    tname = str(s.children[0])
    idx_names = [str(t) for t in s.children[1].children]
    fields_t = s.children[2:]
    param = next((p for p in ck.tiles.param_list if p.name == tname), None)
    if param is None:
        ck.error("E023", f"'{tname}' is not a kernel input; tags attach to input tensors", ck.span(s.children[0]))
        return
    if len(idx_names) != len(param.shape):
        ck.error("E014", f"tag of '{tname}' names {len(idx_names)} indices; the tensor has rank {len(param.shape)}",
                 ck.span(s.children[1]))
        return
    if len(set(idx_names)) != len(idx_names):
        ck.error("E011", "an index name is repeated", ck.span(s.children[1]))
        return
    if any(t.tensor == tname for t in header["tags"]):
        ck.error("E011", f"'{tname}' already has a tag function", sp)
        return
    fields, seen = [], set()
    with ck.scope.nested():
        for n in idx_names:
            ck.scope.define(n, Entry(ir.SymKind.INDEX), sp)
        for f in fields_t:
            fname, ft = str(f.children[0]), f.children[1]
            if fname in seen:
                ck.error("E011", f"tag field '{fname}' is repeated", ck.span(f))
                continue
            seen.add(fname)
            e = ck.expr(ft)
            ck.int_or_bool(e, "a tag field", code="E023", want_bool=False)
            for n in exprs.iter_nodes(e):
                if isinstance(n, ir.ElemRef):
                    ref = ck.tiles.param_named(n.tensor)
                    if ref is None or not ref.dtype.value.startswith("i"):
                        ck.error("E023", f"a data-dependent tag reads an integer input tensor; '{n.tensor}' is not one", n.span)
                    elif len(n.indices) != len(ref.shape):
                        ck.error("E014", f"'{n.tensor}' has rank {len(ref.shape)}", n.span)
                if isinstance(n, ir.BuiltinRef):
                    ck.error("E023", "a tag depends on the element, not on the thread or block", n.span)
            fields.append((fname, e))
    header["tags"].append(ir.TagDecl(tname, tuple(idx_names), tuple(fields), sp))
