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


VERB = {"arrive": "arrive", "expect": "expect_tx", "tma": "tma_load"}


def _finding(g, b, x, r, members, kinds, msg, mv, hint) -> Finding:
    """At the round's first statement of `kinds` (the arrivals or the byte counts that
    disagree), with every statement of the round as an operand."""
    i, k = next((i, k) for kind in kinds for i, k in members if b.sites[i].kind == kind)
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
