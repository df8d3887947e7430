"""The general repair: the integer expressions of the statements a counterexample names
become holes, one at a time, and `argus fill` (synth/cegis.py) searches each for a value
with which every rule proves.

The statements named: the one at the finding's line, and, when that is an assertion, the
statements in the same body that define the tiles it mentions (a tag assertion fails
because of how its operands were loaded). In each, the candidates for a hole are the
start of every slice and every index of a tile reference, and a wait count: a literal
(or the literal of `x + c`) gets the nearby values, any other expression an offset."""
from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass

from dsl import exprs, ir
from dsl.check import check_source
from dsl.fmt import format_expr
from encode.verifier import VerifyOptions
from synth.cegis import FillOptions, fill
from synth.sketch import load_sketch

from .rewrites.base import at, const_values, paths, render, splice
from dsl.stmt_map import map_stmt, read, simplify

MAX_SITES = 8          # holes tried per repair (each is one fill)
SPREAD = (-1, 1, -2, 2, 3)


@dataclass(frozen=True)
class FillRepair:
    text: str                      # the filled, proved kernel
    notes: tuple[str, ...]
    verifications: int             # full verifications the fills spent (pruned candidates are free)


def _named(kernel: ir.Kernel, findings: list[dict]) -> list[tuple]:
    """Paths of the statements the findings name, in report order."""
    by_line: dict[int, tuple] = {}
    for path, s in paths(kernel.body):
        by_line.setdefault(s.span.line, path)
    out: list[tuple] = []
    for f in findings:
        path = by_line.get(f["line"])
        if path is None:
            continue
        stmt = at(kernel.body, path)
        extra = []
        if isinstance(stmt, (ir.Assert, ir.Invariant)):
            tiles = read(stmt)
            siblings = getattr(at(kernel.body, path[:-2]), path[-2]) if len(path) > 1 else kernel.body
            base = path[:-1]
            extra = [base + (i,) for i, s in enumerate(siblings)
                     if getattr(getattr(s, "target", None), "name", None) in tiles and not isinstance(s, ir.Alloc)]
        for p in [path] + extra:
            if p not in out:
                out.append(p)
    return out


def _sites(s: ir.Stmt) -> list[tuple]:
    """Where a repair may put a hole: (field, dimension) of each slice start and index of
    the statement's tile references, and ("pending",) of a wait count."""
    out = [(f, d) for f in ("src", "dst") if isinstance(getattr(s, f, None), ir.TileRef)
           for d in range(len(getattr(s, f).subs))]
    return out + [("pending",)] if isinstance(s, ir.WaitGroup) else out


def _get(s: ir.Stmt, site: tuple) -> ir.Expr:
    if site == ("pending",):
        return s.pending
    sub = getattr(s, site[0]).subs[site[1]]
    return sub.at if isinstance(sub, ir.Index) else sub.start


def _put(s: ir.Stmt, site: tuple, e: ir.Expr) -> ir.Stmt:
    if site == ("pending",):
        return dataclasses.replace(s, pending=e)
    ref = getattr(s, site[0])
    sub = ref.subs[site[1]]
    sub = dataclasses.replace(sub, at=e) if isinstance(sub, ir.Index) else dataclasses.replace(sub, start=e)
    subs = ref.subs[:site[1]] + (sub,) + ref.subs[site[1] + 1:]
    return dataclasses.replace(s, **{site[0]: dataclasses.replace(ref, subs=subs)})


def _holed(e: ir.Expr, consts: dict[str, int]) -> ir.Expr:
    """`e` with a hole standing for the value most likely wrong in it."""
    def around(v: int) -> ir.Hole:
        return ir.Hole(tuple(ir.IntLit(v + d) for d in SPREAD if v + d >= 0))
    if isinstance(e, ir.Bin) and e.op in (ir.BinOp.ADD, ir.BinOp.SUB) and isinstance(e.rhs, ir.IntLit):
        return dataclasses.replace(e, rhs=around(e.rhs.value))
    v = exprs.try_fold(e, consts)
    if v is not None:
        return around(v)
    return ir.Bin(ir.BinOp.ADD, e, ir.Hole(tuple(ir.IntLit(d) for d in SPREAD)))


def sketches(kernel: ir.Kernel, findings: list[dict]) -> list[tuple[str, ir.Kernel]]:
    """(note, sketch kernel) for each hole the repair will try, most likely first."""
    consts = const_values(kernel)
    out = []
    for path in _named(kernel, findings):
        stmt = at(kernel.body, path)
        for site in _sites(stmt):
            e = _get(stmt, site)
            k = dataclasses.replace(kernel, body=splice(kernel.body, path, (_put(stmt, site, _holed(e, consts)),)))
            out.append((f"line {stmt.span.line}: a hole in {format_expr(e)}", k))
    return out[:MAX_SITES]


def repair_by_fill(kernel: ir.Kernel, findings: list[dict], verify: VerifyOptions,
                   budget_s: float = 60.0) -> FillRepair | None:
    """The first single-hole sketch at the named points that `fill` completes within
    `budget_s` seconds for all the fills together, or None."""
    spent, tried, t0 = 0, [], time.perf_counter()
    for note, holed in sketches(kernel, findings):
        left = budget_s - (time.perf_counter() - t0)
        if left <= 0:
            break
        text, checked, err = render(holed, "<repair>", synth=True)
        if checked is None:
            continue
        sketch, diags = load_sketch(text, "<repair>")
        if sketch is None:
            continue
        res = fill(sketch, FillOptions(verify=verify, budget_s=left))
        spent += res.verifications
        tried.append(note)
        if res.status == "filled":
            filled = check_source(res.text, "<repair>").kernel
            done = render(dataclasses.replace(filled, body=tuple(map_stmt(s, simplify) for s in filled.body)))[0]
            return FillRepair(done, tuple(tried) + (f"argus fill: {dict(res.values)}",), spent)
    return None
