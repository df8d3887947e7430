"""Addresses of statements in a kernel body: a path alternates statement indices and the
field names of the bodies they nest in (`(2, "body", 0, "then", 1)`), so a pass can find a
statement, then rebuild the frozen IR with it replaced."""
from __future__ import annotations

import dataclasses
from typing import Iterator

from . import ir


def paths(stmts, prefix=()) -> Iterator[tuple[tuple, ir.Stmt]]:
    """(path, statement) in program order."""
    for i, s in enumerate(stmts):
        yield prefix + (i,), s
        if isinstance(s, ir.For):
            yield from paths(s.body, prefix + (i, "body"))
        elif isinstance(s, ir.If):
            yield from paths(s.then, prefix + (i, "then"))
            yield from paths(s.orelse, prefix + (i, "orelse"))


def splice(stmts: tuple, path: tuple, new: tuple) -> tuple:
    """The statements with the one at `path` replaced by `new` (zero or more statements)."""
    i = path[0]
    if len(path) == 1:
        return stmts[:i] + tuple(new) + stmts[i + 1:]
    s = stmts[i]
    inner = splice(getattr(s, path[1]), path[2:], new)
    return stmts[:i] + (dataclasses.replace(s, **{path[1]: inner}),) + stmts[i + 1:]


def at(stmts, path: tuple):
    """The statement at `path`."""
    s = stmts[path[0]]
    return s if len(path) == 1 else at(getattr(s, path[1]), path[2:])
