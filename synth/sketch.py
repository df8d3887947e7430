"""Sketches: kernel text with holes `??` / `??{a, b}`, the unknowns they stand for, and
their instantiation back to plain DSL text.

One `HoleSite` per unknown. A hole inside a `const` value is one unknown shared by every
use of that constant (the text holds it once); every other hole is its own unknown.
"""
from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import dataclass

import lark

from dsl import exprs, ir
from dsl.check import Checker
from dsl.diagnostics import Diagnostic, Span, sort_key
from dsl.parser import parse_tree
from dsl.spec_holes import spec_hole_errors


@dataclass(frozen=True, slots=True)
class HoleSite:
    index: int                      # 0.. in source order; one per unknown
    line: int                       # 1-based, of the `??`
    col: int
    start: int                      # character offsets of the hole's text in Sketch.text
    end: int
    domain: tuple[int, ...] | None  # None for an unbounded `??`
    const: str | None               # the const's name when the hole is a const's value

    @property
    def label(self) -> str:
        """How reports name the unknown: the constant, or its position."""
        return self.const if self.const is not None else f"??@{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class Sketch:
    path: str
    text: str
    holes: tuple[HoleSite, ...]

    def span(self, hole: HoleSite) -> Span:
        return Span(self.path, hole.line, hole.col, hole.line, hole.col + (hole.end - hole.start))


def load_sketch(text: str, path: str) -> tuple[Sketch | None, list[Diagnostic]]:
    """Parse and check a sketch in synthesis mode; bad input becomes diagnostics."""
    if not text.endswith("\n"):
        text += "\n"   # the parser adds it too; offsets must index the same text
    tree, diags = parse_tree(text, path)
    if tree is None:
        return None, diags
    checker = Checker(path, synth=True)
    try:
        kernel = checker.kernel(tree)
    except RecursionError:
        return None, [Diagnostic("E005", "the program nests too deeply", Span(path, 1, 1, 1, 2))]
    diags = sorted(checker.diags + (spec_hole_errors(kernel) if kernel is not None else []), key=sort_key)
    if any(d.severity.value == "error" for d in diags):
        return None, diags
    consts = {c.name: c.value for c in kernel.consts}
    owners = _const_owners(tree)
    holes, bad = [], []
    for node in sorted(tree.find_data("hole"), key=lambda n: n.meta.start_pos):
        # The checker's scope still holds the header's names: fold the domain with it.
        domain_exprs = [checker.expr(c) for c in node.children if c is not None]
        domain, problems = _domain(domain_exprs, consts)
        bad.extend(problems)
        site = HoleSite(len(holes), node.meta.line, node.meta.column, node.meta.start_pos,
                        node.meta.end_pos, domain, _owner(owners, node.meta.start_pos))
        bad.extend(_unbounded_misplaced(site, checker.compile_time, path))
        holes.append(site)
    if bad:
        return None, bad
    return Sketch(path, text, tuple(holes)), diags


def instantiate(sketch: Sketch, values: Mapping[int, int]) -> str:
    """The sketch's text with every hole replaced by its value (negative ones bracketed)."""
    missing = [h.index for h in sketch.holes if h.index not in values]
    if missing:
        raise ValueError(f"no value for holes {missing}")
    out, pos = [], 0
    for h in sketch.holes:
        out.append(sketch.text[pos:h.start])
        out.append(value_text(int(values[h.index])))
        pos = h.end
    out.append(sketch.text[pos:])
    return "".join(out)


def value_text(v: int) -> str:
    """A hole's value as DSL text: bracketed when negative, so `x - ??` stays well formed."""
    return str(v) if v >= 0 else f"({v})"


def hole_at(sketch: Sketch, line: int, col: int) -> HoleSite | None:
    """The hole whose text covers a (line, col) of the sketch, if any."""
    offset = _offset(sketch.text, line, col)
    return next((h for h in sketch.holes if h.start <= offset < h.end), None)


def _offset(text: str, line: int, col: int) -> int:
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    return starts[min(line, len(starts)) - 1] + col - 1


def _domain(domain: list[ir.Expr], consts: dict[str, int]) -> tuple[tuple[int, ...] | None, list]:
    if not domain:
        return None, []
    values, bad = [], []
    for e in domain:
        try:
            values.append(exprs.fold(e, consts))
        except exprs.NotConstant as nc:
            bad.append(Diagnostic("E017", f"a hole's domain value is not a compile-time integer: {nc.why}",
                                  e.span, "write the candidates as integer constant expressions, "
                                  "e.g. ??{1, 2, BK / 8}"))
    return tuple(dict.fromkeys(values)), bad


def _unbounded_misplaced(site: HoleSite, compile_time: list[Span], path: str) -> list[Diagnostic]:
    """An unbounded `??` is solved symbolically: it cannot stand for a compile-time integer."""
    if site.domain is not None:
        return []
    span = Span(path, site.line, site.col, site.line, site.col + 2)
    inside = site.const is not None or any(
        (c.line, c.col) <= (span.line, span.col) and (span.end_line, span.end_col) <= (c.end_line, c.end_col)
        for c in compile_time)
    if not inside:
        return []
    what = f"constant '{site.const}'" if site.const is not None else "this place"
    return [Diagnostic("E017", f"an unbounded hole `??` cannot be the value of {what}: "
                       "a compile-time integer is needed", span,
                       "give the hole a finite domain, e.g. ??{1, 2, 4}; unbounded holes go in "
                       "indices, offsets, guards and loop bounds")]


def _const_owners(tree: lark.Tree) -> list[tuple[int, int, str]]:
    """(start, end, name) of each constant's value expression, sorted by start."""
    out = []
    for decl in tree.find_data("const_decl"):
        names, values = decl.children[0].children, decl.children[1:]
        for name, value in zip(names, values):
            meta = value.meta if isinstance(value, lark.Tree) else None
            if meta is not None and not meta.empty:
                out.append((meta.start_pos, meta.end_pos, str(name)))
    return sorted(out)


def _owner(owners: list[tuple[int, int, str]], offset: int) -> str | None:
    i = bisect.bisect_right(owners, (offset, float("inf"), "")) - 1
    if i >= 0 and owners[i][0] <= offset < owners[i][1]:
        return owners[i][2]
    return None
