"""wgmma's asynchrony on the interpreter: each thread's wgmmas issued since its last commit and
its committed groups still pending; touching a pending accumulator (or writing a shared tensor
a pending wgmma reads) is reported where it happens. Shares no code with encode/wgmma_rule.py."""
from __future__ import annotations

from dsl import exprs, ir


class WgmmaGroups:
    def __init__(self, block, threads: int):
        self.bx = block
        self.open = [[] for _ in range(threads)]       # per thread: wgmma statements not yet committed
        self.groups = [[] for _ in range(threads)]     # per thread: committed groups, oldest first

    def _pending(self, t: int):
        yield from self.open[t]
        for g in self.groups[t]:
            yield from g

    def issue(self, s: ir.Mma, active) -> None:
        g = 1
        if s.target.layout is not None and s.target.layout.name == "wgmma_m64nNk16":
            g = exprs.fold(dict(s.target.layout.args).get("warpgroups", ir.IntLit(1)), self.bx.I.consts)
        who = active.nonzero()[0]
        if len(who) != 128 * g or (len(who) and int(who[-1]) != 128 * g - 1):
            odd = sorted(set(int(t) for t in who) ^ set(range(128 * g)))[0]
            self.bx.violation("SYNC", f"the wgmma is run by {len(who)} threads, not threads 0..{128 * g - 1}; "
                              f"thread {odd} differs", odd)
        for t in active.nonzero()[0]:
            self.open[t].append(s)

    def commit(self, active) -> None:
        for t in active.nonzero()[0]:
            self.groups[t].append(self.open[t])
            self.open[t] = []

    def wait(self, active, n: int) -> None:
        for t in active.nonzero()[0]:
            self.groups[t] = self.groups[t][len(self.groups[t]) - n:] if n else []

    def before(self, s, active) -> None:
        """Report s touching what a wgmma still pending in an executing thread uses."""
        if isinstance(s, ir.Load) and s.wgmma:
            return
        regs, mem = _touched(s)
        if not regs and not mem:
            return
        for t in active.nonzero()[0]:
            for w in self._pending(int(t)):
                acc = w.target.name
                if isinstance(s, ir.Mma) and s.shared and s.c == acc and s.target.name == acc:
                    continue
                if acc in regs:
                    self.bx.violation("ASYNC", f"thread {int(t)} touches '{acc}' while the wgmma at line "
                                      f"{w.span.line} that produces it is pending", int(t), other_line=w.span.line)
                    return
                hit = mem & {r.tensor for r in w.shared}
                if hit:
                    self.bx.violation("WAR", f"thread {int(t)} writes '{sorted(hit)[0]}' while the wgmma at line "
                                      f"{w.span.line} may still read it", int(t), other_line=w.span.line)
                    return


def _touched(s) -> tuple[set, set]:
    if isinstance(s, ir.Mma):
        return {s.a, s.b, s.c, s.target.name}, set()
    if isinstance(s, ir.Compute):
        return exprs.free_syms(s.value, ir.SymKind.TENSOR) | {s.target.name}, set()
    if isinstance(s, (ir.Zeros, ir.Load)):
        return {s.target.name}, set()
    if isinstance(s, ir.Store):
        return {s.src}, {s.dst.tensor}
    if isinstance(s, (ir.Copy, ir.TmaLoad)):
        return set(), {s.dst.tensor}
    return set(), set()
