"""Repair of a filled sketch from what the verifier reported.

Counterexample feedback: each finding names program points (its line, and the lines its
message cites); rule-specific fixes act on the holes there: an ASYNC read before its copy
is waited for lowers the wait count; a read of a slot nothing wrote (INIT), a clash of
tags (TAG) or an overwrite (WAR, RACE) corrects a prefetch slot to the ring index of the
k tile its copy loads; when no such rule applies, the holes at the named points move
to their next values.
Pass/fail feedback sees none of this: it walks the assignments in preference order."""
from __future__ import annotations

import itertools
import re

from dsl import exprs, ir

from .holes import HoleSite
from .rewrites.base import at, const_values, paths

LINE_REF = re.compile(r"\bline (\d+)")
COMMITTED = re.compile(r"(\d+) group\(s\) were committed since the copy")
SLOT_RULES = ("INIT", "TAG", "WAR", "RACE")


def _named_lines(f: dict) -> set[int]:
    return {f["line"]} | {int(x) for x in LINE_REF.findall(f["message"])}


def _line_paths(kernel: ir.Kernel) -> dict[int, tuple]:
    out: dict[int, tuple] = {}
    for path, s in paths(kernel.body):
        out.setdefault(s.span.line, path)
    return out


def _loop_var(kernel: ir.Kernel, path: tuple) -> str | None:
    """The innermost loop around the statement at `path`."""
    var = None
    for n in range(1, len(path)):
        if path[n] == "body":
            s = at(kernel.body, path[:n])
            if isinstance(s, ir.For):
                var = s.var
    return var


def _tile_offset(kernel: ir.Kernel, copy: ir.Copy, var: str) -> int | None:
    """d such that the copy loads k tile `var + d`: from its source slice start s(var) as
    (s(0)) / (s(1) - s(0))."""
    consts = const_values(kernel)
    for x in copy.src.subs:
        start = getattr(x, "start", getattr(x, "at", None))
        if start is None or var not in exprs.free_syms(start):
            continue
        v0 = exprs.try_fold(exprs.substitute(start, {var: ir.IntLit(0)}), consts)
        v1 = exprs.try_fold(exprs.substitute(start, {var: ir.IntLit(1)}), consts)
        if v0 is not None and v1 is not None and v1 != v0 and v0 % (v1 - v0) == 0:
            return v0 // (v1 - v0)
    return None


def _wait_for(site: HoleSite, current: int, message: str) -> int | None:
    """The largest count below both the current one and the number of groups committed
    since the copy (so the copy's own group is waited for); the next smaller count when the
    report does not say."""
    m = COMMITTED.search(message)
    limit = min(current, int(m.group(1))) if m else current
    return next((v for v in site.domain if v < limit), None)


def _next(site: HoleSite, value: int) -> int:
    i = site.domain.index(value) if value in site.domain else -1
    return site.domain[(i + 1) % len(site.domain)]


def repair_counterexample(candidate: ir.Kernel, sites: list[HoleSite], values: tuple[int, ...],
                          findings: list[dict], tried: set[tuple]) -> tuple[tuple[int, ...], list[str]] | None:
    """New hole values and the fixes made, or None when nothing untried is left to do."""
    lines = _line_paths(candidate)
    by_path: dict[tuple, list[HoleSite]] = {}
    for s in sites:
        by_path.setdefault(s.path, []).append(s)
    new, notes, fixed = list(values), [], set()
    for f in findings:
        named = [lines[n] for n in sorted(_named_lines(f)) if n in lines]
        for path in named:
            stmt = at(candidate.body, path)
            for site in by_path.get(path, ()):
                if site.index in fixed:
                    continue
                if f["rule"] == "ASYNC" and isinstance(stmt, ir.WaitGroup):
                    want = _wait_for(site, values[site.index], f["message"])
                    if want is not None:
                        new[site.index] = want
                        notes.append(f"ASYNC at line {f['line']}: wait_group {new[site.index]} (was {values[site.index]})")
                        fixed.add(site.index)
        if f["rule"] in SLOT_RULES:
            fixed |= _correct_slots(candidate, sites, values, new, notes, f)
    # the general fallback, only when no rule-specific fix applied: the holes at the
    # program points named move to their next values
    for f in findings if not fixed else ():
        for path in (lines[n] for n in sorted(_named_lines(f)) if n in lines):
            for site in by_path.get(path, ()):
                if site.index not in fixed and not isinstance(at(candidate.body, path), ir.WaitGroup):
                    new[site.index] = _next(site, values[site.index])
                    notes.append(f"{f['rule']} at line {f['line']}: hole {site.index} -> {new[site.index]}")
                    fixed.add(site.index)
    out = tuple(new)
    if out in tried:
        out = next((v for v in _odometer(sites, out) if v not in tried), None)
        if out is None:
            return None
        notes.append("every targeted fix was tried; next untried assignment")
    return out, notes


def _correct_slots(candidate, sites, values, new, notes, f) -> set[int]:
    """A copy into a ring slot must write slot (tile index) mod S of the tile it loads."""
    fixed = set()
    for site in sites:
        stmt = at(candidate.body, site.path)
        if not (isinstance(stmt, ir.Copy) and stmt.is_async and stmt.dst.subs
                and isinstance(stmt.dst.subs[0], ir.Index)):
            continue
        var = _loop_var(candidate, site.path)
        d = _tile_offset(candidate, stmt, var) if var else None
        if d is None:
            continue
        want = next((v for v in site.domain if v % len(site.domain) == d % len(site.domain)), None)
        if want is not None and values[site.index] != want and new[site.index] == values[site.index]:
            new[site.index] = want
            fixed.add(site.index)
            notes.append(f"{f['rule']} at line {f['line']}: prefetch slot of line {stmt.span.line} "
                         f"-> (k tile + {want}) % ring")
    return fixed


def _odometer(sites: list[HoleSite], start: tuple[int, ...]):
    """Every assignment in preference order (the last hole turning fastest), from `start`."""
    allv = list(itertools.product(*(s.domain for s in sites)))
    i = allv.index(start) if start in allv else 0
    return allv[i + 1:] + allv[:i + 1]


def repair_passfail(sites: list[HoleSite], values: tuple[int, ...], tried: set[tuple]):
    out = next((v for v in _odometer(sites, values) if v not in tried), None)
    return None if out is None else (out, ["next assignment in preference order"])
