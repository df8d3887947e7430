"""Straight-line redefinitions as new tiles, for the verifier.

`sq = mask(sq, index(sq, axis=1) < 255, fill=0.0)` at the kernel's top level gives `sq` a
new value computed from its old one: outside any loop it runs once, so it is a definition,
not an accumulation. The data flow reads a tile written from its own value as an in-place
update, and one that may drop the old value (a `mask`, a `where` that need not keep it) was
`unknown` (new-user round 46). Here each such top-level statement defines a fresh tile,
`sq@19` (the name and the statement's line), and every later statement reads and writes
that one; the value is the same, so are the proofs. Inside loops and branches the statement
stays an update (encode/compute_tags.update_contributions). The lowering and the
interpreter keep the kernel as written.
"""
from __future__ import annotations

import dataclasses
import re

from dsl import ir
from dsl.compute import redefines
from dsl.stmt_map import map_stmt, renamer


def rename_redefinitions(kernel: ir.Kernel) -> ir.Kernel:
    """The kernel with each top-level redefinition's tile renamed from there on. `x@LINE` is
    no kernel's name (names have no `@`) and one statement has a line of its own."""
    body = list(kernel.body)
    for i, s in enumerate(body):
        if not redefines(s):
            continue
        rename = {s.target.name: f"{source_name(s.target.name)}@{s.span.line}"}
        body[i] = dataclasses.replace(s, target=dataclasses.replace(s.target, name=rename[s.target.name]))
        body[i + 1:] = [map_stmt(t, renamer(rename), rename) for t in body[i + 1:]]
    return kernel if body == list(kernel.body) else dataclasses.replace(kernel, body=tuple(body))


def source_name(name: str) -> str:
    """The kernel's own name of a renamed tile (`x@11` -> `x`)."""
    return name.split("@")[0]


def source_text(text: str) -> str:
    """A report text with the kernel's own names (held-out round 49: `tag(x@10@11[r', c'])`
    reached a message)."""
    return re.sub(r"(?<=\w)(@\d+)+", "", text) if "@" in text else text
