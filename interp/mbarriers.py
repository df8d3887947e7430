"""mbarriers and bulk copies on the interpreter: phases, transaction bytes, landings, and the
role branches of a warp-specialized block run as coroutines.

Each mbarrier element has a copy *agent*: an extra row and column of the block's vector
clocks (interp.memory) that writes the element's bulk copies. A copy is written at its
issue as an async write of its agent (pending) and lands as late as the phase allows: when
the phase's arrivals are all in and its transaction count is still positive. The phase
then completes: the landed copies are done at the agent's stamp, and the phase's
released clock (the arrivals' clocks, the copies' issuers', the agent's new stamp) is what
a returning `wait` joins. docs/SEMANTICS.md has the rules this executes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from dsl import exprs, ir

from .layout import InterpretError


class Stuck(InterpretError):
    """The block cannot go on: every thread waits on a phase nothing completes, or a thread
    arrives on a phase whose arrivals are all in (undefined on the hardware)."""


def agent_count(kernel: ir.Kernel, consts: dict) -> int:
    return sum(int(exprs.fold(s.size, consts)) for s in ir.walk(kernel.body) if isinstance(s, ir.MbarAlloc))


def has_wait(stmts) -> bool:
    return any(isinstance(s, ir.MbarWait) for s in ir.walk(stmts))


def held_back(kernel: ir.Kernel) -> frozenset[int]:
    """The `if`s (by id) whose threads, once their branch ends, may have an arrival or a bulk
    copy still to make: one after the `if` in its statement list or an enclosing one, or in
    a loop around it. The interpreter runs the statements after a role `if` only once every
    branch ended (Mbarriers.roles), so where such an `if`'s waiting branch blocks, threads of
    a finished branch are held back from arrivals the hardware would let them make (held-out
    round 135: a wait in one role, a loop, then the other role's arrival ran as a deadlock)."""
    out: set[int] = set()

    def reach(stmts) -> bool | None:
        """Whether running `stmts` makes an arrival before a block barrier (which the held
        threads could not pass either: held-out round 43's barrier before the arrival is a
        hang); None when the list ends first."""
        for u in stmts:
            if isinstance(u, ir.Barrier):
                return False
            if any(isinstance(w, (ir.Arrive, ir.TmaLoad)) for w in ir.walk([u])):
                return True
        return None

    def visit(stmts, after: bool) -> None:
        """`after`: the threads running `stmts` may make an arrival once the list ends (later
        in an enclosing list, or in a loop around it); a sibling branch of an enclosing `if`
        runs beside, not after."""
        i = 0
        while i < len(stmts):
            # sibling role `if`s run side by side: what follows them all is what comes after
            n = sibling_role_count(stmts, i)
            got = reach(stmts[i + n:])
            later = after if got is None else got
            for u in stmts[i:i + n]:
                if isinstance(u, ir.If):
                    if later:
                        out.add(id(u))
                    visit(u.then, later)
                    visit(u.orelse, later)
                elif isinstance(u, ir.For):        # the body's end leads to its start, or out
                    visit(u.body, later or reach(u.body) is True)
            i += n

    visit(kernel.body, False)
    return frozenset(out)


def sibling_role_count(stmts, i: int) -> int:
    """How many statements from stmts[i] are one set of role branches written as sibling
    `if`s: two or more consecutive ones, one of them waiting on an mbarrier, their conditions
    naming the thread and reading no elements (interp.block.BlockExec.sibling_roles); 1 when they are not."""
    n = 0
    # a condition on the thread: one on the block or sizes only is no role, and all of the
    # block's threads take it together (held-out round 135: `if block.x == 0: barrier`
    # between two roles ran once per role, a barrier half the threads reached)
    while i + n < len(stmts) and isinstance(stmts[i + n], ir.If) and not exprs.reads_elements(stmts[i + n].cond) \
            and exprs.mentions_thread(stmts[i + n].cond):
        n += 1
    if n < 2 or not any(has_wait(s.then + s.orelse) for s in stmts[i:i + n]):
        return 1
    return n


@dataclass
class Copy:
    batch: object              # the AsyncBatch of its write (interp.memory), or None if nothing landed
    nbytes: int
    issuer_clock: np.ndarray
    line: int = 0
    thread: int = 0
    phase: int = -1            # the phase its bytes completed (-1: not landed)


@dataclass
class Element:
    agent: int
    count: int
    width: int                 # threads + agents: the clock length
    phase: int = 0             # completed phases
    pending: int = 0
    tx: int = 0
    acc: np.ndarray = None     # clocks of this phase's arrivals
    released: np.ndarray = None
    copies: list = field(default_factory=list)   # issued, not landed
    issued: list = field(default_factory=list)   # every copy issued on it
    waited: int = -1           # the latest phase a returning wait waited for

    def __post_init__(self):
        self.pending = self.count
        self.acc = np.zeros(self.width, np.int64)
        self.released = np.zeros(self.width, np.int64)


class Mbarriers:
    def __init__(self, bx, threads: int):
        self.bx, self.T = bx, threads
        self.bars: dict[str, list[Element]] = {}
        self.next_agent = threads
        self.progress = 0          # events so far: a coroutine round without any is a deadlock
        # a role `if` blocked while threads of an ended branch were held back from later
        # arrivals (held_back): a stop after that is no evidence of a hang
        self.held = False

    @property
    def vc(self) -> np.ndarray:
        return self.bx.mem.clocks.vc

    def declare(self, s: ir.MbarAlloc, active: np.ndarray) -> None:
        n, count = self.bx.fold(s.size), self.bx.fold(s.count)
        width = self.vc.shape[0]
        self.bars[s.name] = [Element(self.next_agent + i, count, width) for i in range(n)]
        self.next_agent += n
        self.bx.mem.barrier(active)    # init, fence.mbarrier_init and the block barrier the lowering emits

    def element(self, ref: ir.BarRef, thr: np.ndarray) -> list[Element]:
        idx = np.broadcast_to(np.asarray(self.bx.ev(thr).term(ref.index), np.int64), thr.shape)
        els = self.bars[ref.bar]
        bad = (idx < 0) | (idx >= len(els))
        if bad.any():
            self.bx.violation("BOUND", f"{ref.bar}[{int(idx[bad][0])}]: an mbarrier index outside [0, {len(els)})",
                              int(thr[bad][0]))
            raise InterpretError(f"mbarrier index {int(idx[bad][0])} out of range")
        return [els[int(i)] for i in idx]

    # ------------------------------------------------------------ arrivals and copies
    def arrive(self, s: ir.Arrive, active: np.ndarray) -> None:
        thr = np.flatnonzero(active)
        nbytes = 0 if s.tx_bytes is None else self.bx.fold(s.tx_bytes)
        for t, el in zip(thr, self.element(s.bar, thr)):
            el.tx += nbytes
            self.vc[t, t] += 1                 # close the thread's epoch: its accesses so far are released
            el.acc = np.maximum(el.acc, self.vc[t])
            el.pending -= 1
            if el.pending < 0:   # round r + 1 began before phase r completed: undefined on the hardware
                msg = (f"thread {t} arrives on {s.bar.bar} in phase {el.phase} after its {el.count} arrival(s) "
                       f"were all in (the phase still waits for {el.tx} byte(s)): the next round's arrival "
                       "came before this phase completed")
                self.bx.violation("RACE", msg, int(t))
                raise Stuck(f"line {s.span.line}: {msg}")
            self.progress += 1
            self._settle(el)

    def issue(self, s: ir.TmaLoad, active: np.ndarray) -> None:
        bx = self.bx
        shape = bx.shape_of(exprs.tile_shape(s.dst))
        n = math.prod(shape)
        tile = np.unravel_index(np.arange(n), shape) if shape else ()
        thr = np.flatnonzero(active)
        for t, el in zip(thr, self.element(s.bar, thr)):
            one = np.full(n, t, np.int64)
            vals, tags, taint, defined = bx.read_tile(s.src.tensor, bx.full_coords(s.src, tile, one), one,
                                                      f"tma_load from {s.src.tensor}", s.mask)
            a = el.agent
            self.vc[t, t] += 1                 # the copy comes after everything its issuer did so far
            self.vc[a] = np.maximum(self.vc[a], self.vc[t])
            before = len(bx.mem.pending)
            agent = np.full(n, a, np.int64)
            bx.write_shared(s.dst.tensor, bx.full_coords(s.dst, tile, agent), agent, vals, tags, taint, defined,
                            True, f"tma_load into {s.dst.tensor} (issued by thread {t})")
            batch = bx.mem.pending[-1] if len(bx.mem.pending) > before else None
            dtype = bx.mem.buffers[s.dst.tensor].dtype
            c = Copy(batch, n * dtype.nbytes, self.vc[t].copy(), s.span.line, int(t))
            el.copies.append(c)
            el.issued.append(c)
            self.progress += 1
            self._settle(el)

    def land(self, el: Element) -> bool:
        """The copy engine lands el's issued copies, oldest first, while the phase still
        expects bytes; False if there was nothing to land."""
        if not (el.tx > 0 and el.copies):
            return False
        while el.tx > 0 and el.copies:
            c = el.copies.pop(0)
            c.phase = el.phase
            el.tx -= c.nbytes
            self._done(c, self.vc[el.agent, el.agent])
            el.acc = np.maximum(el.acc, c.issuer_clock)
        self.progress += 1
        self._settle(el)
        return True

    def land_any(self) -> bool:
        return any([self.land(el) for els in self.bars.values() for el in els])

    def _settle(self, el: Element) -> None:
        """A phase completes when its arrivals are all in and its transaction count is 0
        (more bytes than expected leave it negative: the phase never completes)."""
        if el.pending != 0 or el.tx != 0:
            return
        a, vc = el.agent, self.vc
        vc[a, a] += 1
        el.released = np.maximum(el.released, el.acc)
        el.released[a] = max(el.released[a], vc[a, a])
        el.phase += 1
        el.pending, el.acc = el.count, np.zeros_like(el.acc)
        self.progress += 1

    def _done(self, c: Copy, stamp: int) -> None:
        b = c.batch
        if b is None:
            return
        for field_id, field_done in (("w_id", "w_done"), ("p_id", "p_done"), ("s_id", "s_done")):
            live = getattr(b.buf, field_id)[b.addr] == b.wid
            getattr(b.buf, field_done)[b.addr[live]] = stamp
        self.bx.mem.pending = [p for p in self.bx.mem.pending if p is not b]

    def statement(self, s, active: np.ndarray):
        """A generator over one mbarrier statement: only a wait ever yields."""
        match s:
            case ir.MbarAlloc():
                self.declare(s, active)
            case ir.Arrive():
                self.arrive(s, active)
            case ir.MbarWait():
                yield from self.wait(s, active)
            case ir.TmaLoad():
                self.issue(s, active)

    def run_to_end(self, steps) -> None:
        """Drive a block's statement generator to its end. When every thread waits and no
        copy can land, or a thread over-arrives, the block stops there with a note; what it
        found before stays."""
        try:
            for _ in steps:
                if not self.land_any():
                    if self.held:
                        raise Stuck(f"the run stops at line {self.bx.line}: threads that ended their branch "
                                    "of a role `if` wait there for the waiting branch, and an arrival they "
                                    "would make after it is not run (the interpreter's order, not a hang)")
                    raise Stuck(f"deadlock at line {self.bx.line}: every thread waits on an mbarrier phase "
                                "that nothing completes")
        except Stuck as err:
            self.bx.I.note(f"block {self.bx.block}: {err}")
            return
        self.unwaited()

    def unwaited(self) -> None:
        """The block ends: a bulk copy whose phase no wait returned after (its own or a later
        one of its element) may still write shared memory when the block exits."""
        for name, els in self.bars.items():
            for x, el in enumerate(els):
                for c in el.issued:
                    phase = c.phase if c.phase >= 0 else el.phase
                    if phase > el.waited:
                        self.bx.violation("ASYNC", f"the bulk copy issued by thread {c.thread} completes phase "
                                          f"{phase} of {name}[{x}], which no thread waited for before the block "
                                          "ended", c.thread, line=c.line)
                        return

    # ------------------------------------------------------------ waits and roles
    def wait(self, s: ir.MbarWait, active: np.ndarray):
        """A generator: yields while some active thread's phase has not completed."""
        thr = np.flatnonzero(active)
        while True:
            els = self.element(s.bar, thr)
            par = np.broadcast_to(np.asarray(self.bx.ev(thr).term(s.parity), np.int64), thr.shape) % 2
            if all(el.phase % 2 != p for el, p in zip(els, par)):
                for el in els:
                    el.waited = max(el.waited, el.phase - 1)
                break
            if not any([self.land(el) for el in {id(e): e for e in els}.values()]):
                yield "blocked"     # copies land only on demand: the latest the hardware may
        for t, el in zip(thr, els):
            self.vc[t] = np.maximum(self.vc[t], el.released)
        self.progress += 1

    def roles(self, branches: list, masks: list, later: bool):
        """Run the branches of a role `if` as coroutines, round-robin; each has its own loop
        variables. Yields (blocked) when every live branch is blocked. `masks`: each branch's
        threads; `later`: they may have arrivals to make after the `if` (held_back)."""
        bx = self.bx
        outer = bx.loops
        live = [[body, dict(outer), m] for body, m in zip(branches, masks)]
        ended = False
        while live:
            mark = self.progress
            for entry in list(live):
                bx.loops = entry[1]
                try:
                    next(entry[0])
                except StopIteration:
                    live.remove(entry)
                    self.progress += 1
                    ended = ended or bool(entry[2].any())
            bx.loops = outer
            if live and self.progress == mark and not self.land_any():
                self.held = self.held or (later and ended)
                yield "blocked"
