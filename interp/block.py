"""One block of a kernel executed statement by statement, every thread for the elements it owns.

Control flow is per thread (a mask of active threads); tile statements are vectorised over
(thread, element) pairs of their thread-value distribution. Shared accesses go through the
happens-before checks of interp.memory; global accesses through bound checks and, for
stores, the write counts behind COVER.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from dsl import exprs, ir

from .assertions import AssertChecker, TileView
from .compute import NUMPY, ComputeEval, Val, accumulate, cast, mma, with_data
from .intexpr import IntEval
from .layout import InterpretError, distribution
from .mbarriers import Mbarriers, agent_count, has_wait, sibling_role_count
from .block_memory import MemoryStatements
from .memory import Memory, SharedBuffer
from .tags import Tags, assign
from .wgmma import WgmmaGroups


NEST_TRIPS = 4     # loop iterations a block may run in all, in units of what one loop may run


@dataclass
class Reg:
    t: ir.TensorType
    values: np.ndarray
    tags: Tags
    written: np.ndarray
    taint: np.ndarray


class BlockExec(MemoryStatements):
    """A block's state and its statements; loads, copies and stores are in block_memory.py."""

    def __init__(self, interp, block: tuple[int, ...]):
        self.I = interp
        self.block = block
        self.T = interp.threads
        self.regs: dict[str, Reg] = {}
        # one clock row per thread, then one copy agent per mbarrier element
        self.mem = Memory(self.T + agent_count(interp.kernel, interp.consts), block_threads=self.T)
        self.mbar = Mbarriers(self, self.T)
        self.wgmma = WgmmaGroups(self, self.T)
        interp.global_log.start_block(block)
        self.loops: dict[str, int] = {}
        self.env = dict(interp.scalars)
        for name, b in zip(("block.x", "block.y", "block.z"), block):
            self.env[name] = b
        tid = np.arange(self.T, dtype=np.int64)
        self.thread_env = {"thread.x": tid, "thread.warp": tid // 32, "thread.lane": tid % 32}
        self.line = 0
        self.instance = 0           # statement executions so far: one id per statement instance
        self.iterations = 0         # loop iterations so far, of every loop (bounded: NEST_TRIPS)

    # ------------------------------------------------------------ helpers
    def ev(self, threads: np.ndarray | None = None, active: np.ndarray | None = None) -> IntEval:
        """An evaluator for the threads `threads`; `active` (one flag each): those that run the
        expression, the only ones whose element reads happen."""
        env = {**self.env, **self.loops}
        if threads is not None:
            env.update({"thread.x": threads, "thread.warp": threads // 32, "thread.lane": threads % 32})
        return IntEval(env, self.I.read_int_input, active)

    def fold(self, e: ir.Expr) -> int:
        return int(exprs.fold(e, self.I.consts))

    def shape_of(self, dims) -> tuple[int, ...]:
        return tuple(self.fold(d) for d in dims)

    def violation(self, rule: str, detail: str, thread=None, derived: bool = False, line: int | None = None,
                  other_line: int | None = None) -> None:
        self.I.add(rule, self.line if line is None else line, self.block, thread,
                   tuple(self.loops.items()), detail, derived, other_line)

    def pairs(self, spec, shape, active) -> tuple[np.ndarray, np.ndarray]:
        thr, elem = distribution(spec, shape, self.T, self.I.consts)
        keep = active[thr]
        return thr[keep], elem[keep]

    def full_coords(self, ref: ir.TileRef, tile: tuple, thr: np.ndarray) -> list[np.ndarray]:
        ev = self.ev(thr)
        it = iter(tile)
        out = []
        for sub in ref.subs:
            if isinstance(sub, ir.Index):
                out.append(np.broadcast_to(np.asarray(ev.term(sub.at), np.int64), thr.shape))
            else:
                out.append(np.asarray(ev.term(sub.start), np.int64) + next(it))
        return out

    def in_bounds(self, coords, shape, thr, what: str, masked: bool = False) -> np.ndarray:
        """Which accesses lie inside the tensor; outside ones are BOUND violations unless masked."""
        ok = np.ones(thr.shape, bool)
        for c, n in zip(coords, shape):
            ok &= (c >= 0) & (c < n)
        if not masked and not ok.all():
            i = int(np.flatnonzero(~ok)[0])
            self.violation("BOUND", f"{what}: thread {int(thr[i])} accesses "
                           f"[{', '.join(str(int(c[i])) for c in coords)}] of a tensor of shape {list(shape)}",
                           int(thr[i]))
        return ok

    # ------------------------------------------------------------ statements
    def run(self, stmts, active: np.ndarray) -> None:
        """Execute a statement list to its end (interp.mbarriers: a stuck block stops with a note)."""
        self.mbar.run_to_end(self.body(stmts, active))

    def body(self, stmts, active: np.ndarray):
        """A generator over the statements: it yields while the running threads wait on an
        mbarrier (interp.mbarriers); plain kernels never yield."""
        i = 0
        while i < len(stmts):
            if not active.any():
                return
            n = sibling_role_count(stmts, i)
            if n > 1:
                yield from self.sibling_roles(stmts[i:i + n], active)
            else:
                yield from self.stmt(stmts[i], active)
            i += n

    def sibling_roles(self, ifs, active: np.ndarray):
        """Role branches written as sibling `if`s (`if warp == 4: ...` then `if warp < 4: ...`):
        each thread runs the branches its conditions pick, in order, while threads that pick
        others run theirs concurrently, as the hardware runs them; run one after another, a
        producer waiting for a consumer written below it would never see its arrival. The
        threads are grouped by the branches they take (the conditions read no elements, so no
        branch changes them), each group a coroutine (interp.mbarriers.roles)."""
        ev = self.ev(self.thread_env["thread.x"], active)
        picks = np.stack([np.broadcast_to(np.asarray(ev.cond(s.cond), bool), (self.T,)) for s in ifs])
        groups = {}
        for t in np.flatnonzero(active):
            groups.setdefault(tuple(picks[:, t]), []).append(t)
        coroutines, masks = [], []
        for pick, threads in sorted(groups.items()):
            mask = np.zeros(self.T, bool)
            mask[threads] = True
            coroutines.append(self._branches(ifs, pick, mask))
            masks.append(mask)
        yield from self.mbar.roles(coroutines, masks, any(id(s) in self.I.held_back for s in ifs))

    def _branches(self, ifs, pick, active: np.ndarray):
        for s, taken in zip(ifs, pick):
            self.line = s.span.line
            self.instance += 1
            yield from self.body(s.then if taken else s.orelse, active)

    def stmt(self, s, active: np.ndarray):
        self.line = s.span.line
        self.instance += 1
        lowered = self.I.lowered
        if lowered is not None:
            lowered.before(self, s, active)
        yield from self.run_stmt(s, active)
        if lowered is not None:
            self.line = s.span.line
            lowered.after(self, s, active)

    def run_stmt(self, s, active: np.ndarray):
        self.wgmma.before(s, active)
        match s:
            case ir.For():
                yield from self.for_loop(s, active)
            case ir.If():
                c = np.broadcast_to(np.asarray(self.ev(self.thread_env["thread.x"], active).cond(s.cond), bool),
                                    (self.T,))
                if has_wait(s.then + s.orelse):       # roles of a warp-specialized block run concurrently
                    yield from self.mbar.roles([self.body(s.then, active & c), self.body(s.orelse, active & ~c)],
                                               [active & c, active & ~c], id(s) in self.I.held_back)
                else:
                    yield from self.body(s.then, active & c)
                    self.line = s.span.line
                    yield from self.body(s.orelse, active & ~c)
            case ir.MbarAlloc() | ir.Arrive() | ir.MbarWait() | ir.TmaLoad():
                yield from self.mbar.statement(s, active)
            case ir.SetMaxNReg():       # registers are not modelled: the split changes no value
                pass
            case ir.Barrier():
                if not active.all():
                    missing = np.flatnonzero(~active)
                    self.violation("SYNC", f"barrier reached by {int(active.sum())} of {self.T} threads; "
                                   f"thread {int(missing[0])} does not reach it", int(missing[0]))
                else:               # a barrier some threads skip orders nothing (docs/MEMORY_MODEL.md)
                    self.mem.barrier(active)
                    self.I.global_log.barrier()
            case ir.WgmmaCommit():
                self.wgmma.commit(active)
            case ir.WgmmaWait():
                self.wgmma.wait(active, max(0, self.fold(s.pending)))
            case ir.Commit():
                self.mem.commit(active)
            case ir.WaitGroup():
                self.mem.wait_group(active, max(0, self.fold(s.pending)))
                waiting = np.concatenate([active, np.zeros(self.mem.threads - len(active), bool)])
                self.I.global_log.wait_group(waiting, max(0, self.fold(s.pending)), self.mem.open_group)
            case ir.Alloc():
                t = s.tensor
                if t.name not in self.mem.buffers:
                    self.mem.buffers[t.name] = SharedBuffer(t, self.shape_of(t.shape), NUMPY[t.dtype],
                                                            self.mem.threads, self.I.consts)
            case ir.Zeros():
                shape = self.shape_of(s.target.shape)
                v = Val(np.zeros(shape, NUMPY[s.target.dtype]), Tags.empty(shape, const=True), np.zeros(shape, bool),
                        np.zeros(shape, bool))
                self.write_val(s.target, shape, v, active)
            case ir.Load():
                self.load(s, active)
            case ir.Compute():
                self.compute(s, active)
            case ir.Mma():
                self.mma(s, active)
                if s.shared:
                    self.wgmma.issue(s, active)
            case ir.Copy():
                self.copy(s, active)
            case ir.Store():
                self.store(s, active)
            case ir.Assert() | ir.Invariant():
                self.check_assert(s, active)
            case _:
                raise InterpretError(f"cannot execute {type(s).__name__}")

    def for_loop(self, s: ir.For, active):
        ev = self.ev(self.thread_env["thread.x"], active)
        lo = np.broadcast_to(np.asarray(ev.term(s.start), np.int64), (self.T,))
        hi = np.broadcast_to(np.asarray(ev.term(s.stop), np.int64), (self.T,))
        first, last = int(lo[active].min()), int(hi[active].max())
        if last - first > self.I.max_trip:
            raise InterpretError(f"loop over {s.var} runs {last - first} iterations (limit {self.I.max_trip})")
        for v in range(first, last):
            self.iterations += 1
            if self.iterations > self.I.max_trip * NEST_TRIPS:
                # nested loops multiply: 20 loops of 2 iterations are a million iterations
                raise InterpretError(f"a block runs more than {self.I.max_trip * NEST_TRIPS} loop iterations "
                                     f"in all (reached in the loop over {s.var} at line {s.span.line})")
            act = active & (lo <= v) & (v < hi)
            if act.any():
                self.loops[s.var] = v
                yield from self.body(s.body, act)
                self.line = s.span.line
        self.loops.pop(s.var, None)

    # ------------------------------------------------------------ registers
    def write_val(self, t: ir.TensorType, shape, v: Val, active) -> None:
        """Elements of the target owned by active threads take the new value."""
        n = math.prod(shape)
        _, elem = self.pairs(t.layout, shape, active)
        vals = np.broadcast_to(np.asarray(v.values), shape).reshape(n)[elem]
        tags = v.tags.broadcast(shape).reshape((n,))[elem]
        taint = np.broadcast_to(v.taint | v.uninit, shape).reshape(n)[elem]
        defined = ~np.broadcast_to(v.uninit, shape).reshape(n)[elem]
        self.write_reg(t, shape, elem, vals, tags, taint, defined)
        self.check_coverage(t, shape, active)

    def check_coverage(self, t: ir.TensorType, shape, active) -> None:
        """A register tile whose distribution leaves an element to no thread never holds it (INIT)."""
        if not active.all():
            return
        _, elem = distribution(t.layout, shape, self.T, self.I.consts)
        owned = np.zeros(math.prod(shape), bool)
        owned[elem] = True
        if not owned.all():
            e = int(np.flatnonzero(~owned)[0])
            coords = [int(c) for c in np.unravel_index(e, shape)]
            self.violation("INIT", f"the layout of {t.name} gives {t.name}{coords} to no thread, so it is never "
                           "written")
            reg = self.regs[t.name]          # later reads of those elements follow from this finding
            reg.taint = reg.taint | ~owned.reshape(shape)

    def write_reg(self, t: ir.TensorType, shape, elem, vals, tags, taint, defined) -> None:
        """Elements `elem` of register tile t take new values; `defined` is False where the value
        comes from memory nothing wrote (it stays unusable: reading it is INIT)."""
        n = math.prod(shape)
        old = self.regs.get(t.name)
        if elem.size == n and np.array_equal(elem, np.arange(n)):
            self.regs[t.name] = Reg(t, cast(vals, t.dtype).reshape(shape), tags.reshape(shape),
                                    np.asarray(defined, bool).reshape(shape).copy(),
                                    np.asarray(taint, bool).reshape(shape))
            return
        if old is None or old.values.shape != shape:
            old = Reg(t, np.zeros(shape, NUMPY[t.dtype]), Tags.empty(shape), np.zeros(shape, bool),
                      np.zeros(shape, bool))
        values = old.values.reshape(n).copy()
        values[elem] = cast(vals, t.dtype)
        written = old.written.reshape(n).copy()
        written[elem] = defined
        tnt = old.taint.reshape(n).copy()
        tnt[elem] = taint
        tg = assign(old.tags.reshape((n,)), elem, tags) if elem.size else old.tags.reshape((n,))
        self.regs[t.name] = Reg(t, values.reshape(shape), tg.reshape(shape), written.reshape(shape),
                                tnt.reshape(shape))

    def report_uninit(self, v: Val, t: ir.TensorType, shape, active, what: str) -> None:
        thr, elem = self.pairs(t.layout, shape, active)
        un = np.broadcast_to(v.uninit, shape).reshape(-1)[elem]
        if un.any():
            i = int(np.flatnonzero(un)[0])
            coords = [int(c) for c in np.unravel_index(int(elem[i]), shape)]
            derived = bool(np.broadcast_to(v.taint, shape).reshape(-1)[elem[i]])
            self.violation("INIT", f"{what}: {t.name}{coords} is computed from an element nothing wrote",
                           int(thr[i]), derived)

    def compute(self, s: ir.Compute, active) -> None:
        shape = self.shape_of(s.target.shape)
        thr, elem = distribution(s.target.layout, shape, self.T, self.I.consts)
        owner = np.zeros(math.prod(shape), np.int64)
        owner[elem[::-1]] = thr[::-1]
        owner = owner.reshape(shape)
        env = {**self.env, **self.loops, "thread.x": owner, "thread.warp": owner // 32, "thread.lane": owner % 32}
        value = self.elements_read(s.value, env, active)
        selfref = s.target.name in exprs.free_syms(s.value, ir.SymKind.TENSOR) and id(s) not in self.I.write_backs.redefined
        probe = self.I.probe
        pads = None
        if probe is not None and probe.padding and probe.matches(s, self.loops):
            pads, self.I.probe_reached = self.I.probe_hits, True
        v = ComputeEval(self.regs, env, s.target.name if selfref else None, pads)(value)
        update = self.I.write_backs.copy_of(s)
        if update is not None:      # a copy back: the tags of the in-place update it stands for
            upd = ComputeEval(self.regs, env, s.target.name)(update)
            v = Val(v.values, accumulate(self.regs[s.target.name].tags, upd), v.taint, v.uninit)
        elif selfref:
            v = Val(v.values, accumulate(self.regs[s.target.name].tags, v), v.taint, v.uninit)
        elif s.target.name in self.I.write_backs.running:
            # a running value's reset: its records from constants hold no data (`l = z + 1.0`
            # is an empty accumulator, also where its loop runs no iteration: encode/accumulate.py)
            v = Val(v.values, with_data(v.tags), v.taint, v.uninit)
        self.report_uninit(v, s.target, shape, active, "elementwise math")
        self.write_val(s.target, shape, v, active)

    def elements_read(self, e: ir.Expr, env: dict, active) -> ir.Expr:
        """Tile math with each element of an integer input it reads (`LEN[block.y]`, whose
        indices name no thread: dsl/compute.py) read once for the block, by its active threads
        (BOUND-checked, logged for global races), and put in `env` as an int64 scalar, as the
        lowering reads it. The right side of `and` / `or` after a scalar condition is read
        only where the lowering's short circuit reads it (held-out round 51: `block.x + 1 < B
        and .. < LEN[block.x + 1]` was read past LEN in the last block)."""
        if not exprs.reads_elements(e):
            return e
        thr = np.flatnonzero(active)
        ev = self.ev(thr, np.ones(len(thr), bool))

        def scalar(c):
            return IntEval({**self.env, **self.loops, **env}, self.I.read_int_input, None).cond(c)

        def pre(n):
            if isinstance(n, ir.Bin) and n.op in (ir.BinOp.AND, ir.BinOp.OR) and exprs.reads_elements(n.rhs):
                left = exprs.rewrite(n.lhs, pre)
                if exprs.free_syms(left, ir.SymKind.TENSOR) or exprs.mentions_thread(left) or any(
                        isinstance(k, ir.Call) for k in exprs.iter_nodes(left)):
                    raise InterpretError("an element read after a condition on tile elements in `and` / `or` "
                                         "is not modelled")
                if bool(scalar(left)) == (n.op is ir.BinOp.OR):
                    return left          # the short circuit: the right side is not evaluated
                return dataclasses.replace(n, lhs=left, rhs=exprs.rewrite(n.rhs, pre))
            if not isinstance(n, ir.ElemRef):
                return None
            got = np.unique(np.asarray(self.I.read_int_input(n.tensor, tuple(ev.term(i) for i in n.indices), n, thr)))
            if len(got) != 1:
                raise InterpretError(f"{n.tensor}[...] in tile math reads different elements for different threads")
            name = f"{n.tensor}@{n.span.line}:{n.span.col}"
            env[name] = int(got[0])
            return ir.Sym(name, ir.SymKind.SIZE, n.span)
        return exprs.rewrite(e, pre)

    def mma(self, s: ir.Mma, active) -> None:
        regs = []
        for name in (s.a, s.b, s.c):
            if name not in self.regs:
                raise InterpretError(f"register tile '{name}' has no value here")
            regs.append(self.regs[name])
        v = mma(*regs, s.target.dtype, accumulates=s.c == s.target.name)
        shape = tuple(v.values.shape)
        self.report_uninit(v, s.target, shape, active, "mma")
        self.write_val(s.target, shape, v, active)

    # ------------------------------------------------------------ assertions
    def views(self, stmt) -> dict[str, TileView]:
        out = {}
        for n in exprs.iter_nodes(stmt.cond):
            if not isinstance(n, ir.TagField) or n.elem.tensor in out:
                continue
            name = n.elem.tensor
            if name in self.regs:
                r = self.regs[name]
                out[name] = TileView(r.tags, r.written, r.taint)
            elif name in self.mem.buffers:
                b = self.mem.buffers[name]
                offs = b.layout.offsets
                out[name] = TileView(b.tags[offs], (b.w_thread[offs] >= 0) & ~b.undef[offs], b.taint[offs])
        return out

    def held(self, s, active) -> dict[str, np.ndarray]:
        """Under a thread-dependent `if`: the elements of each named register tile that an
        active thread holds (the assertion is made by the holding thread)."""
        if active.all():
            return {}
        out = {}
        for name in sorted({n.elem.tensor for n in exprs.iter_nodes(s.cond) if isinstance(n, ir.TagField)}):
            if name in self.regs:
                t = self.regs[name].t
                shape = self.shape_of(t.shape)
                thr, elem = distribution(t.layout, shape, self.T, self.I.consts)
                mask = np.zeros(int(np.prod(shape, dtype=np.int64)), bool)
                mask[elem[active[thr]]] = True
                out[name] = mask.reshape(shape)
        return out

    def check_assert(self, s, active) -> None:
        if not self.I.check_tags and not self.I.probe:
            return
        views = self.views(s)
        ev = self.ev()
        probe = self.I.probe
        held = self.held(s, active)
        if probe is not None and probe.matches(s, self.loops):
            checker = AssertChecker(s, views, ev, probe.indices, held)
            parts = [p for p in exprs.conjuncts(s.cond) if probe.within(p)] or exprs.conjuncts(s.cond)
            self.I.probe_hits.extend(f for f in (checker.check(p) for p in parts) if f is not None)
            self.I.probe_reached = True
        if not self.I.check_tags:
            return
        for f in AssertChecker(s, views, ev, held=held).run():
            if f.rule == "UNDECIDED":
                self.I.note(f"line {s.span.line}: block {self.block}: {f.detail}")
            else:
                self.violation(f.rule, f.detail, None, f.derived, f.conjunct.span.line or s.span.line)

