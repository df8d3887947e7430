"""The generated module's own names: each bound once at its top level, none hidden by the
kernel function (docs/LOWERING.md, "Names"). Checked on the module's text, so the runtime's
names (ptx*.py), the launch section's and the kernel's are all seen."""
from __future__ import annotations

import ast

from dsl import ir

from .scalar import LoweringError, py_name


def module_names_distinct(kernel: ir.Kernel, text: str) -> None:
    """Refuse a module where one name is bound twice at its top level (a constant `SW128`
    beside the wgmma runtime's, a constant `SIZES`, a kernel named like its constant), or
    where the kernel function binds a name the module binds (a tile `wgmma_fence` shadowing
    the runtime's function): one would silently replace the other (held-out round 26: a
    proved kernel multiplied by 2^62, and four that failed at launch)."""
    tree = ast.parse(text)
    where: dict[str, str] = {}
    for node in tree.body:
        for name in _bound(node):
            if name in where and name != "kernel" and not (where[name] == _what(node) == "an import"):
                raise LoweringError(f"'{name}' would name two things in the generated module ({where[name]} and "
                                    f"{_what(node)}), one replacing the other: rename the kernel's '{name}'",
                                    kernel.span)
            where.setdefault(name, _what(node))
    branches = [n for n in tree.body if isinstance(n, ast.If)]     # the runtime's simulator/GPU variants
    while branches:
        node = branches.pop()
        for inner in node.body + node.orelse:
            if isinstance(inner, ast.If):
                branches.append(inner)
            for name in _bound(inner):
                where.setdefault(name, _what(inner))
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == py_name(kernel.name))
    local = {a.arg for a in fn.args.args} | {n.id for n in ast.walk(fn)
                                             if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    hidden = sorted(local & set(where))
    if hidden:
        raise LoweringError(f"the kernel's '{hidden[0]}' would hide {where[hidden[0]]} '{hidden[0]}' in the "
                            "generated module: rename it", kernel.span)


def _bound(node) -> list[str]:
    """The names a top-level statement binds unconditionally (an `if` rebinding the numeric
    types for the simulator is not counted)."""
    match node:
        case ast.FunctionDef(name=n) | ast.ClassDef(name=n):
            return [n]
        case ast.Assign(targets=targets):
            return [e.id for t in targets for e in ast.walk(t) if isinstance(e, ast.Name)]
        case ast.Import(names=names) | ast.ImportFrom(names=names):
            return [(a.asname or a.name).split(".")[0] for a in names]
    return []


def _what(node) -> str:
    return {ast.FunctionDef: "a function", ast.ClassDef: "a class", ast.Import: "an import",
            ast.ImportFrom: "an import"}.get(type(node), f"a module-level value (line {node.lineno})")
