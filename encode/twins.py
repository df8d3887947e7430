"""Twin loads read as one: `maximum(a, b)` or `a + b` where a and b are loaded from slices of
one tile that differ only in their starts (a level of a shared-memory tree reduction).

The element a[c] is the tile at start_a + c and b[c] the tile at start_b + c, read at two
points that see the same writes. Both are one read at start_a + (start_b - start_a)*g over a
copy variable g in [0, 2) (encode/generalize.py): at g = 0 it is a's read, at g = 1 b's,
exactly, because the read at a symbolic coordinate is exact for each of its values. Reading
both separately doubled the work and the records at every level (2^L after L levels).
"""
from __future__ import annotations

from dsl import exprs, ir

from . import program as prog
from .generalize import Mismatch, Pick, Unifier
from .settle import Box, slice_box
from .tagval import Case, TagValue


def twin_read(df, a: str, b: str, coords: tuple, reader, inst: dict):
    """(tag value of a[coords] over the copy variable, that variable) when a and b are twin
    loads (b's element where the variable is 1); None otherwise."""
    wa, wb = _load(df, a), _load(df, b)
    if wa is None or wb is None or a == b or not _twins(df, wa, wb, reader):
        return None
    sa, sb = wa.stmt, wb.stmt
    src_a = df.full_coords(sa.src, inst, exprs.source_tile(sa, coords))
    src_b = df.full_coords(sb.src, inst, exprs.source_tile(sb, coords))
    g = df.fresh("copy")
    u = Unifier(g)
    try:
        src = tuple(u.term(x, y) for x, y in zip(src_a, src_b))
        box_a, box_b = slice_box(df, sa.src, inst, src), slice_box(df, sb.src, inst, src)
        facts = (g >= 0, g < 2) + tuple(u.term(x, y) for x, y in zip(box_a.facts, box_b.facts))
        spans = tuple((u.term(x, y), n) for (x, n), (y, _) in zip(box_a.spans, box_b.spans))
    except Mismatch:
        return None
    tv = df.reaching_through(a, coords, reader, inst, wa, (src, Box(facts, spans)))
    if tv is None or not tv.cases or any(c.writer is not wa or not c.trail or c.trail[0][2] is not wa
                                         or not _same(c.writer_loops, tv.cases[0].writer_loops) for c in tv.cases):
        return None         # not only the reader's own instance of the load (never expected)
    if any(c.masked for case in tv.cases for c in case.contribs):
        return None         # padding: the pairing's rule (elementwise math with it has none) stays
    cases = []
    for c in tv.cases:
        hop = c.trail[0]
        cases.append(Case(c.cond, c.kind, c.contribs, c.writer, c.writer_loops, c.count, c.note,
                          (Pick(g, hop, (b, hop[1], wb, hop[3])),) + c.trail[1:], c.empty))
    return TagValue(tuple(cases)), g


def _same(xs: tuple, ys: tuple) -> bool:
    return len(xs) == len(ys) and all(a == b and s.eq(t) for (a, s), (b, t) in zip(xs, ys))


def _load(df, name: str):
    """The one statement that writes register tile `name`, when it is a plain load."""
    ws = df.writers.get(name, [])
    t = df.types.get(name)
    if len(ws) != 1 or t is None or t.space is not ir.Space.REGISTER:
        return None
    s = ws[0].stmt
    if not isinstance(s, ir.Load) or s.mask is not None or s.wgmma:
        return None
    return ws[0]


def _twins(df, wa, wb, reader) -> bool:
    """The loads differ only in where their slices start, see the same writes of the tile,
    and the reader's instance of each is the one it reads (nothing can make it older)."""
    sa, sb = wa.stmt, wb.stmt
    if sa.src.tensor != sb.src.tensor or sa.transpose != sb.transpose or sa.target.layout != sb.target.layout:
        return False
    if df.shape(sa.target.name) != df.shape(sb.target.name) or len(sa.src.subs) != len(sb.src.subs):
        return False
    for x, y in zip(sa.src.subs, sb.src.subs):
        if type(x) is not type(y) or isinstance(x, ir.Slice) and df.extent(x.extent) != df.extent(y.extent):
            return False
    if wa.loops != wb.loops or wa.guards != wb.guards:
        return False
    for w in (wa, wb):
        if (prog.common_loops(w, reader) != len(w.loops) or w.guards != reader.guards[:len(w.guards)]
                or df.thread_guarded(w) or not w.path < reader.path):
            return False
    storage = sa.src.tensor
    writers = df.writers.get(storage, [])
    if any(isinstance(w.stmt, ir.TmaLoad) or df.accumulates(w, storage) for w in writers):
        return False
    lo, hi = sorted((wa.path, wb.path))
    return not any(lo < w.path < hi for w in writers)
