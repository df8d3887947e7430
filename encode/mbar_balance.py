"""Rounds whose arrivals or bytes do not add up: the root of an mbarrier's distrust.

encode/mbarrier.py distrusts an mbarrier whose rounds make a number of arrivals other than
its count, or whose expect_tx bytes differ from the bytes its bulk copies bring. Its waits
then order nothing, and the accesses they guarded come out as races (held-out round 48: an
expect_tx of 4096 bytes for an 8192-byte tile read as a race between two bulk copies, with
nothing naming the expect_tx). This check names the round at concrete sizes (the smallest
the `assume`s allow with every loop of the barrier running S + 1 times, S its ring size, so
that one round lies wholly inside the loop) and is the finding those races are grouped under.

Only for an array whose arrivals, expect_tx and copies all sit in one loop, none peeled:
there a round is the loop's iterations on its element, as the kernel counts it. A round
is reported only where a wait aligned with the rounds (its parity that of a fixed
phase offset of its round: the author counts a phase per round) waits, at these sizes,
for its phase or a later one. Such a phase either completes early (too many arrivals,
too many bytes: the rest counts against the next phase, which completes early in turn)
or only with a later round's arrivals and bytes: on the hardware, each is a wait
returning before the data it guards is there, or never. A kernel that means several
rounds per phase has no aligned wait and gets no finding (its waits stay unknown).
"""
from __future__ import annotations

from .deadlock import Graph, least_sizes
from .findings import Finding, Hop, Operand
from .mbar_rounds import VERB
from .short_rounds import same_trips_hint
from .symbols import Unsupported


def check(ctx) -> None:
    proto = ctx.protocol
    if proto is None:
        return
    for b in proto.bars.values():
        completers = [s for s in b.sites if s.kind != "wait"]
        if not b.why_not or b.derived or not completers:
            continue
        if completers[0].loop is None or any(s.loop is not completers[0].loop or s.peel for s in completers):
            # rounds counted per loop from its start, or from a prologue's ordinal, are the
            # model's, not the kernel's: a two-deep prologue, arrivals split over two loops
            # or a peeled first round read as too many arrivals (held-out round 51)
            continue
        try:
            found = _unbalanced(ctx, proto, b)
        except Unsupported:
            continue        # the distrust stands; its waits are SYNC unknowns already
        if found is not None:
            ctx.sink.finding(found)
    for b in proto.bars.values():
        if b.why_not:
            try:
                found = _starved(ctx, proto, b)
            except Unsupported:
                found = None
            if found is not None:
                ctx.sink.finding(found)
                return


def _unbalanced(ctx, proto, b) -> Finding | None:
    loops = list({id(s.loop): s.loop for s in b.sites if s.loop is not None}.values())
    mv = least_sizes(ctx, loops, b.size + 1)
    if mv is None:
        return None
    g = Graph(ctx, proto, b.sites, mv)
    rounds: dict[tuple[int, int], list] = {}        # (element, round) -> completer instances
    for i, s in enumerate(b.sites):
        if s.kind != "wait":
            for k in g.iters[i]:
                rounds.setdefault((g.element(i, k), g.round(i, k)), []).append((i, k))
    waited = {}                                     # element -> the latest phase a wait waits for
    for i, s in enumerate(b.sites):
        d = proto.offset.get(id(s))
        if s.kind == "wait" and d is not None:
            for k in g.iters[i]:
                x = g.element(i, k)
                waited[x] = max(waited.get(x, -1), g.round(i, k) - d)
    for (x, r), members in sorted(rounds.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if r < 0 or b.name in g.cut:
            continue
        if waited.get(x, -1) < r:
            continue
        made = sum(len(b.sites[i].threads) for i, _ in members if b.sites[i].kind != "tma")
        expected = sum(b.sites[i].nbytes * len(b.sites[i].threads) for i, _ in members if b.sites[i].kind == "expect")
        landed = sum(b.sites[i].nbytes * len(b.sites[i].threads) for i, _ in members if b.sites[i].kind == "tma")
        if made != b.count:
            return _finding(g, b, x, r, members, ("arrive", "expect"), _arrivals_text(b, x, r, made), mv,
                            f"initialise {b.name} with the number of arrivals each round makes ({made}), or make "
                            f"{b.count} arrival(s) in each round")
        if expected != landed:
            return _finding(g, b, x, r, members, ("expect", "arrive", "tma"), _bytes_text(b, x, r, expected, landed), mv,
                            f"make each round's expect_tx bytes the bytes its bulk copies bring ({landed} here)")
    return None


def _arrivals_text(b, x: int, r: int, made: int) -> str:
    if made > b.count:
        return (f"round {r} of {b.name}[{x}] makes {made} arrival(s) but {b.name} is initialised with count "
                f"{b.count}: phase {r} completes after {b.count} of them and the other {made - b.count} count "
                f"toward phase {r + 1}, so its waits may return before the round's work is done")
    return (f"round {r} of {b.name}[{x}] makes {made} of the {b.count} arrival(s) its count needs: phase {r} "
            f"completes only with arrivals of a later round, or never")


def _bytes_text(b, x: int, r: int, expected: int, landed: int) -> str:
    if expected == 0:
        return (f"round {r} of {b.name}[{x}] has no expect_tx, but its bulk copies bring {landed} byte(s): "
                f"phase {r} completes on its arrivals alone, before the copies land")
    if landed > expected:
        return (f"round {r} of {b.name}[{x}] expects {expected} byte(s) but its bulk copies bring {landed}: the "
                f"transaction count reaches 0 with {landed - expected} byte(s) still to land, so phase {r} may "
                f"complete before its copies landed (or never, once the count passes 0)")
    return (f"round {r} of {b.name}[{x}] expects {expected} byte(s) but its bulk copies bring {landed}: phase {r} "
            f"waits for {expected - landed} byte(s) no copy of its round brings, so it completes only with a "
            f"later round's copy, or never")


def _starved(ctx, proto, b) -> Finding | None:
    """A wait, on an untrusted array, for a phase that the kernel's arrivals on its element
    cannot complete in all, whatever phase each of them lands in: a phase takes `count`
    arrivals, so phase p needs (p + 1) * count of them. The wait's thread waited for phases
    p - 1, p - 2, ... of the element before (an aligned wait's instances on one element are
    consecutive phases), so when it reaches this one at least p phases are complete: it never
    returns. At the deadlock graph's sizes (each loop running 1, 2 and 2S + 2 times).
    The phases are the model's (the wait's parity offset from its round); consecutive ones
    keep the parity argument whatever the kernel's own count. A mutant of ws_accumulate
    whose producer loop runs one round short was refuted only by races its distrust made,
    and then unknown."""
    waits = [w for w in b.sites if w.kind == "wait" and proto.offset.get(id(w)) is not None and w.threads]
    if not waits:
        return None
    sites = [s for s in b.sites if s.kind != "wait" or proto.offset.get(id(s)) is not None]
    loops = list({id(s.loop): s.loop for s in sites if s.loop is not None}.values())
    for least in sorted({1, 2, 2 * b.size + 2}):
        mv = least_sizes(ctx, loops, least)
        if mv is None:
            continue
        g = Graph(ctx, proto, sites, mv)
        if b.name in g.cut:
            return None
        made: dict[int, int] = {}
        for i, s in enumerate(sites):
            if s.kind in ("arrive", "expect"):
                for k in g.iters[i]:
                    x = g.element(i, k)
                    made[x] = made.get(x, 0) + len(s.threads)
        nodes = g.waits()
        for n in nodes:
            x, p = g.element(n.site, n.k), g.phase(n)
            if p >= 0 and made.get(x, 0) < (p + 1) * b.count and _chained(g, nodes, n, x, p):
                s = g.sites[n.site]
                msg = (f"deadlock: the wait on {b.name}[{x}] at {g.place_text(n)} waits for phase {p} of {b.name}[{x}], "
                       f"which never completes: the kernel makes {made.get(x, 0)} arrival(s) on {b.name}[{x}] in "
                       f"all, and phase {p} needs {(p + 1) * b.count}")
                return Finding("SYNC", s.point.span, msg, mv.sizes(), mv.block(), g.classes[n.cls][1], g.iterations(n),
                               (("phase", p),), (g.operand_of(n),), same_trips_hint(b.name))
    return None


def _chained(g, nodes, n, x: int, p: int) -> bool:
    """The thread class of wait instance n waited on element x, before n, for phases from 0
    (or -1) up to p - 1 in turn: by the parity argument at least p phases are complete when
    it reaches n (a first wait for a later phase may pass at once, the count one short)."""
    mine = [m for m in nodes if m.cls == n.cls and g.element(m.site, m.k) == x]
    phases = [g.phase(m) for m in mine[:mine.index(n)]] + [p]
    return phases[0] <= 0 and all(b == a + 1 for a, b in zip(phases, phases[1:]))


def _finding(g, b, x, r, members, kinds, msg, mv, hint) -> Finding:
    """At the round's first statement of `kinds` (the arrivals or the byte counts that
    disagree; its first statement where it has none of them: no arrival at all), with every
    statement of the round as an operand."""
    i, k = next(((i, k) for kind in kinds for i, k in members if b.sites[i].kind == kind), members[0])
    s = b.sites[i]
    ops = tuple(_operand(b, x, r, b.sites[j], q) for j, q in members)
    return Finding("SYNC", s.point.span, msg, mv.sizes(), mv.block(), s.threads[0], _loops(s, k), (), ops, hint,
                   disorders=(b.name,) + tuple(n for n, y in g.proto.bars.items() if y.derived))


def _loops(s, k) -> tuple:
    return ((s.loop.var, k),) if s.loop is not None else ()


def _operand(b, x: int, r: int, c, k) -> Operand:
    it = f" in iteration {c.loop.var} = {k}" if c.loop is not None else ""
    tag = (("thread", c.threads[0]), ("round", r), ("arrivals", len(c.threads) * (c.kind != "tma")),
           ("bytes", c.nbytes * len(c.threads)))
    return Operand(f"{b.name}[{x}] {VERB[c.kind]} at line {c.point.span.line}{it}", tag,
                   (Hop(b.name, (x,), c.point.span, _loops(c, k), c.threads[0]),))
