"""ASYNC and WAR for wgmma: its accumulator is asynchronous until the wgmma_wait that retires
its group, and its shared operands are read until then (dsl/wgmma_groups.py counts the groups).

An access by the issuing thread while one of its wgmmas may be pending is a finding: reading
or rewriting the accumulator (ASYNC); so is a write by any thread, in program order between a
wgmma's issue and its retiring wait, of an element of the shared tiles it reads (WAR; a
query: the slots of a ring are one tensor, and filling the next slot while the wgmma reads this
one is the point of the ring). A pending wgmma was issued in the same iteration of each loop
around it (E041 retires it within its iteration), so the query equates those loops. Writes
outside that window are the TMA and RACE rules' business: every issuing thread reads the whole
tile at the issue and at its retiring wait in the IR (dsl/wgmma.py), so a slot handed back
before the wait is a WAR there.
"""
from __future__ import annotations

import dataclasses

from dsl import exprs, ir
from dsl.wgmma_groups import analyse, is_wgmma, pending

from . import program as prog
from .findings import Finding, Operand
from .terms import And


def check(ctx) -> None:
    kernel = ctx.df.kernel
    if not any(is_wgmma(s) for s in ir.walk(kernel.body)):
        return
    g = analyse(kernel, dict(ctx.df.env.consts))
    # Where a wgmma may be in flight in program order, whoever runs the statement: a statement
    # of a branch the issuing role skips stands where that role passes the branch (g.window).
    # Another role's write between the issue and the retiring wait, ordered by barriers, lands
    # while the warpgroup may still read (held-out round 114: warpgroup 1 refilled sB between
    # two barriers inside warpgroup 0's window; round 116: walking both sides of every role
    # `if` kept the wgmma pending past the waiting role's own wait).
    seen = set()
    points = {p.path: p for p in ctx.df.points}
    for p in ctx.df.points:
        if is_wgmma(p.stmt):
            _whole_warpgroups(ctx, p)
        elif isinstance(p.stmt, (ir.WgmmaCommit, ir.WgmmaWait)):
            _aligned(ctx, p)
    for path in sorted(g.window, key=str):
        s, point = g.stmt[path], points.get(_point_path(path))
        mine = pending(g.before[path]) if path in g.before else frozenset()
        others = pending(g.window[path])
        for w in sorted(mine | others, key=str):
            f = _finding(s, g.stmt[w])
            if f is None or (f.rule, f.span) in seen or (w not in mine and f.rule != "WAR"):
                continue
            at = {}
            if f.rule == "WAR" and point is not None and points.get(_point_path(w)) is not None:
                at = _overlap(ctx, point, points[_point_path(w)])
                if at is None:
                    continue
            if w not in mine:
                f = dataclasses.replace(f, message=f"this writes '{sorted(touched(s)[1])[0]}' between the issue of the "
                                        f"wgmma at line {f.related[0][0].line} and the wait that retires it, while "
                                        "its warpgroup may still be reading it")
            seen.add((f.rule, f.span))
            ctx.sink.finding(_witness(ctx, f, point, g.stmt[w], at))


def _point_path(path: tuple) -> tuple:
    """The program point's path (encode/program.py) of a path of dsl/wgmma_groups.py."""
    return tuple({"then": 0, "orelse": 1}.get(x, x) for x in path if x != "body")


def _overlap(ctx, ps, pw) -> dict | None:
    """Whether the shared write at `ps` may touch an element the wgmma at `pw` reads, in the
    iteration that issued it: None when no instance does (or the solver cannot tell: then
    reported unknown), else the witness of one that does (sizes, block, thread, iteration;
    empty where the wgmma sits in a loop the write is not in, and its name is compared)."""
    import z3
    from .access import enabled, instantiate
    from .race import same_address
    from .distribution import thread_bindings
    df, w = ctx.df, pw.stmt
    common = prog.common_loops(ps, pw)
    writes = [a for a in ctx.accesses if a.point.path == ps.path and a.write]
    hits = [(a, r) for a in writes for r in w.shared if r.tensor == a.tensor]
    if common < len(pw.loops):
        return {} if hits else None
    if not ctx.wants("WAR"):
        return None
    for a, r in hits:
        ctx.sink.obligation()
        ia = instantiate(df, a, "1", ctx.target.warp_size)
        t2 = z3.Int("%t@wgmma")
        bound = {**{lp.var: ia.loops[lp.var] for lp in pw.loops}, **thread_bindings(t2, ctx.target.warp_size)}
        tile = [z3.Int(f"%e{i}@wgmma") for i in range(len(exprs.tile_shape(r)))]
        facts = ia.facts + enabled(df.env, pw, bound) + [t2 >= 0, t2 < df.kernel.threads]
        facts += [And(e >= 0, e < df.env.term(n, bound)) for e, n in zip(tile, exprs.tile_shape(r))]
        facts.append(same_address(ctx, a.tensor, ia.coords, df.full_coords(r, bound, tuple(tile))))
        model = ctx.solve("WAR", a.span, facts, list(ia.loops.values()) + [ia.t])
        if model is not None:
            from .memwitness import ModelView
            mv = ModelView(ctx, model)
            at = {"sizes": mv.sizes(), "block": mv.block(), "iteration": mv.loops(ps, ia.loops)}
            return at if a.tma else {**at, "thread": mv.int(ia.t)}
    return None


def _runners(ctx, point) -> list[int] | None:
    """The threads that run `point`, from its role conditions (None: a loop-dependent one). A
    condition on no thread id (`if block.x % 2 == 0`, `if N >= 64`) is the same for every
    thread of a block: it lets all of them run the point or none (held-out round 114: such a
    wgmma was said to run on 0 threads)."""
    import z3
    from .distribution import concrete_bindings
    df = ctx.df
    conds = []
    for gd in point.guards:
        parts = exprs.conjuncts(gd.cond) if gd.positive else (gd.cond,)
        conds += [(c, gd.positive) for c in parts if exprs.mentions_thread(c)]
    if any(exprs.free_syms(c, ir.SymKind.LOOP) for c, _ in conds):
        return None
    out = []
    for t in range(df.kernel.threads):
        b = concrete_bindings(t, df.warp_size)
        truths = [z3.simplify(df.env.cond(c, b) if positive else z3.Not(df.env.cond(c, b))) for c, positive in conds]
        if any(not (z3.is_true(x) or z3.is_false(x)) for x in truths):
            return None     # `thread.warp < 4 or block.x == 1`: the thread alone does not decide (round 116)
        if all(z3.is_true(x) for x in truths):
            out.append(t)
    return out


def _whole_warpgroups(ctx, point) -> None:
    """A wgmma is warpgroup-collective: the threads 0 .. 128 g - 1 of its accumulator's
    placement run it, all of them (a SYNC finding otherwise)."""
    from dsl.wgmma import WARPGROUP, warpgroups
    s = point.stmt
    g = warpgroups(s.target.layout, dict(ctx.df.env.consts)) or 1
    who = _runners(ctx, point)
    if who is None:
        ctx.sink.unknown("SYNC", s.span, "a wgmma under a condition on a loop variable, or one the thread alone "
                         "does not decide: which warpgroups run it is not known")
        return
    want = list(range(WARPGROUP * g))
    if who != want:
        odd = sorted(set(who) ^ set(want))[0]
        runs = "runs" if odd in who else "skips"
        ctx.sink.finding(Finding("SYNC", s.span, f"the wgmma is a warpgroup instruction for threads 0..{len(want) - 1} "
                                 f"({g} warpgroup(s), its accumulator's placement), but {len(who)} threads run it: "
                                 f"thread {odd} {runs} it", thread=odd,
                                 operands=(Operand(f"{s.target.name} (the wgmma's accumulator)", ()),),
                                 hint="put the wgmma in a role branch taken by whole warpgroups, e.g. "
                                 "`if thread.warp < 4:`, the first ones of the block"))


def _aligned(ctx, point) -> None:
    """wgmma_commit and wgmma_wait are `.sync.aligned` warpgroup instructions: each warpgroup
    runs them with all of its threads or none (held-out round 116: a wait split between the
    lanes, or the warps, of one warpgroup was lowered as is)."""
    from dsl.wgmma import WARPGROUP
    s = point.stmt
    what = "wgmma_commit" if isinstance(s, ir.WgmmaCommit) else "wgmma_wait"
    ctx.sink.obligation()
    who = _runners(ctx, point)
    if who is None:
        ctx.sink.unknown("SYNC", s.span, f"a {what} under a condition on a loop variable, or one the thread alone "
                         "does not decide: whether whole warpgroups run it is not known")
        return
    ran = set(who)
    for t in sorted(ran):
        group = range(t - t % WARPGROUP, min(t - t % WARPGROUP + WARPGROUP, ctx.df.kernel.threads))
        odd = next((u for u in group if u not in ran), None)
        if odd is not None:
            ctx.sink.finding(Finding("SYNC", s.span, f"{what} is a warpgroup instruction, but thread {t} runs it and "
                                     f"thread {odd} of its warpgroup does not", thread=odd,
                                     operands=(Operand(f"the warpgroup of threads {group.start}..{group.stop - 1}", ()),),
                                     hint=f"run the {what} in a branch taken by whole warpgroups (`if thread.warp < 4:`)"))
            return


def _witness(ctx, f: Finding, point, w: ir.Mma, at: dict) -> Finding:
    """The first thread that runs the access, in the first iteration of its loops, and the tiles
    involved (a finding about program order, for every block and size), unless `at` (a
    model's) says otherwise."""
    import dataclasses
    df = ctx.df
    who = _runners(ctx, point) if point is not None else None
    thread = who[0] if who else None
    it = tuple((lp.var, exprs.try_fold(lp.start, df.env.consts) or 0) for lp in (point.loops if point else ()))
    ops = (Operand(f"{w.target.name} (accumulator of the wgmma at line {w.span.line})", ()),) + tuple(
        Operand(f"{r.tensor} (operand of the wgmma at line {w.span.line})", ()) for r in w.shared)
    return dataclasses.replace(f, **{"thread": thread, "iteration": it, "operands": ops, **at})


def touched(s) -> tuple[set[str], set[str]]:
    """(register tiles read or written, shared or global tensors written) by statement s."""
    match s:
        case ir.Mma():
            return {s.a, s.b, s.c, s.target.name}, set()
        case ir.Compute():
            return exprs.free_syms(s.value, ir.SymKind.TENSOR) | {s.target.name}, set()
        case ir.Zeros() | ir.Load():
            return {s.target.name}, set()
        case ir.Store():
            return {s.src}, {s.dst.tensor}
        case ir.Copy() | ir.TmaLoad():
            return set(), {s.dst.tensor}
    return set(), set()


def _finding(s, w: ir.Mma) -> Finding | None:
    acc = w.target.name
    if is_wgmma(s) and s.c == acc and s.target.name == acc:
        return None          # wgmmas chained on one accumulator: the hardware orders them
    if isinstance(s, ir.Load) and s.wgmma:
        return None
    regs, mem = touched(s)
    operands = {r.tensor for r in w.shared}
    line = w.span.line
    if acc in regs or w.c in regs:
        return Finding("ASYNC", s.span, f"'{acc}' is the accumulator of the wgmma at line {line}, which may still "
                       f"be running here: no wgmma_wait after its wgmma_commit has retired its group",
                       hint="commit the wgmma (`wgmma_commit`) and wait for its group (`wgmma_wait 0`) before "
                       f"using '{acc}'", related=((w.span, "the wgmma"),))
    hit = sorted(mem & operands)
    if hit:
        return Finding("WAR", s.span, f"this writes '{hit[0]}', which the wgmma at line {line} may still be reading: "
                       "no wgmma_wait has retired it", hint="wait for the wgmma's group (`wgmma_wait 0`) before "
                       "overwriting its operands", related=((w.span, "the wgmma"),))
    return None
