"""Happens-before for one block's shared memory: vector clocks over barriers and async groups.

Thread t's clock row `vc[t]`; an access by t carries the stamp `vc[t, t]`. A barrier joins the
clocks of the threads that reach it, after advancing each. An event of t with stamp s happens
before an access of u != t iff `vc[u, t] > s`. An async copy's landing is pending from its
issue until its thread's `wait_group` retires its group (stamp of that wait); it is ordered
before another thread's access only through a barrier after that wait.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .layout import SharedLayout
from .tags import Tags

INF = np.iinfo(np.int64).max


class Clocks:
    def __init__(self, threads: int):
        self.vc = np.zeros((threads, threads), np.int64)

    def barrier(self, arrived: np.ndarray) -> None:
        idx = np.flatnonzero(arrived)
        if idx.size == 0:
            return
        self.vc[idx, idx] += 1          # close each arriving thread's epoch, then share what all have seen
        self.vc[idx] = self.vc[idx].max(axis=0)


@dataclass
class Access:
    """Where an access happens, for reports; `instance` numbers statement executions."""
    line: int
    iteration: dict
    what: str                      # e.g. "copy_async into sA"
    instance: int = 0


@dataclass
class Hazard:
    rule: str
    index: int                     # position in the batch of accesses
    detail: str
    other_line: int | None = None  # the line of the earlier access it conflicts with


class SharedBuffer:
    """Data, tags and access history of one shared tile, indexed by offset (address)."""

    def __init__(self, t, shape: tuple[int, ...], dtype, threads: int, consts: dict[str, int]):
        self.name = t.name
        self.dtype = t.dtype
        self.shape = shape
        self.layout = SharedLayout(t, shape, consts)
        n = self.layout.size
        self.values = np.zeros(n, dtype)
        self.tags = Tags.empty((n,))
        self.taint = np.zeros(n, bool)
        self.undef = np.zeros(n, bool)          # written with a value read from memory nothing wrote
        self.w_thread = np.full(n, -1, np.int64)
        self.w_stamp = np.zeros(n, np.int64)
        self.w_async = np.zeros(n, bool)
        self.w_done = np.full(n, INF, np.int64)
        self.w_id = np.zeros(n, np.int64)
        self.w_line = np.zeros(n, np.int64)
        self.read_vc = np.full((n, threads), -1, np.int64)
        self.read_line = np.zeros(n, np.int64)
        self.read_instance = np.full(n, -1, np.int64)
        # The newest async copy into each address, kept after later writes: it may still land.
        self.p_thread = np.full(n, -1, np.int64)
        self.p_done = np.full(n, INF, np.int64)
        self.p_id = np.zeros(n, np.int64)
        self.p_line = np.zeros(n, np.int64)
        # A write that a later write raced with: its value may still be the one seen.
        self.s_thread = np.full(n, -1, np.int64)
        self.s_stamp = np.zeros(n, np.int64)
        self.s_async = np.zeros(n, bool)
        self.s_done = np.full(n, INF, np.int64)
        self.s_id = np.zeros(n, np.int64)
        self.s_line = np.zeros(n, np.int64)

    def shadowed(self, addr, thread, vc) -> np.ndarray:
        """Does an overwritten, raced-with write into `addr` conflict with this access?"""
        st = self.s_thread[addr]
        seen = vc[thread, np.where(st >= 0, st, 0)]
        done = self.s_done[addr]
        ordered = np.where(self.s_async[addr],
                           (done != INF) & ((st == thread) | (seen > done)),
                           (st == thread) | (seen > self.s_stamp[addr]))
        return (st >= 0) & ~ordered

    def unsettled(self, addr, thread, vc) -> np.ndarray:
        """Is an async copy into `addr` other than its last write possibly still landing, as seen
        by `thread` (not retired, or retired by another thread without a barrier since)?"""
        pt = self.p_thread[addr]
        pend = (pt >= 0) & (self.p_id[addr] != self.w_id[addr])
        done = self.p_done[addr]
        seen = vc[thread, np.where(pt >= 0, pt, 0)]
        ok = np.where(pt == thread, done != INF, (done != INF) & (seen > done))
        return pend & ~ok

    def coords(self, flat: int) -> list[int]:
        return [int(c) for c in np.unravel_index(int(flat), self.shape)]


@dataclass
class AsyncBatch:
    buf: SharedBuffer
    addr: np.ndarray
    thread: np.ndarray
    wid: np.ndarray
    group: np.ndarray


@dataclass
class Memory:
    """All shared buffers of a block plus the clocks and the async groups of its threads."""
    threads: int                               # clock rows: the block's threads, then copy agents
    clocks: Clocks = None
    buffers: dict[str, SharedBuffer] = field(default_factory=dict)
    open_group: np.ndarray = None              # commits so far, per thread
    pending: list[AsyncBatch] = field(default_factory=list)
    next_id: int = 1
    block_threads: int | None = None           # the block's threads (None: every row is one)

    def __post_init__(self):
        self.clocks = Clocks(self.threads)
        self.open_group = np.zeros(self.threads, np.int64)

    # ------------------------------------------------------------ reads
    def read(self, buf: SharedBuffer, addr: np.ndarray, thread: np.ndarray, flat: np.ndarray,
             where: Access) -> tuple[np.ndarray, list[Hazard]]:
        """Check reads of `addr` by `thread`; returns (bad mask, hazards) and records the reads."""
        vc = self.clocks.vc
        wt = buf.w_thread[addr]
        never = wt < 0
        same = wt == thread
        seen = vc[thread, np.where(never, 0, wt)]
        done = buf.w_done[addr]
        is_async = buf.w_async[addr]
        ok_sync = same | (seen > buf.w_stamp[addr])
        ok_async = np.where(same, done != INF, (done != INF) & (seen > done))
        ok = np.where(is_async, ok_async, ok_sync)
        hazards = []
        for rule, mask in (("INIT", never), ("ASYNC", ~never & is_async & ~ok), ("RACE", ~never & ~is_async & ~ok)):
            for i in self._firsts(mask, buf.w_line[addr]):
                hazards.append(Hazard(rule, i, self._read_detail(rule, buf, addr[i], thread[i], flat[i], where),
                                      None if rule == "INIT" else int(buf.w_line[addr[i]])))
        landing = buf.unsettled(addr, thread, vc)
        for i in self._firsts(landing, buf.p_line[addr]):
            hazards.append(Hazard("ASYNC", i, f"{where.what}: thread {thread[i]} reads {buf.name}"
                                  f"{buf.coords(flat[i])} while {self._copy(int(buf.p_thread[addr[i]]))} "
                                  f"at line {int(buf.p_line[addr[i]])} into it may still land (it was overwritten, "
                                  "not waited for)", int(buf.p_line[addr[i]])))
        shadow = buf.shadowed(addr, thread, vc) & ~landing
        for i in self._firsts(shadow, buf.s_line[addr]):
            hazards.append(Hazard("ASYNC" if buf.s_async[addr[i]] else "RACE", i,
                                  f"{where.what}: thread {thread[i]} reads {buf.name}"
                                  f"{buf.coords(flat[i])} while thread {int(buf.s_thread[addr[i]])}'s write at line "
                                  f"{int(buf.s_line[addr[i]])} (raced with, overwritten) may be the one it sees",
                                  int(buf.s_line[addr[i]])))
        ok = ok & ~landing & ~shadow
        np.maximum.at(buf.read_vc, (addr, thread), vc[thread, thread])
        buf.read_line[addr] = where.line
        buf.read_instance[addr] = where.instance
        return never | ~ok, hazards

    def _who(self, w: int) -> str:
        """A writer: a thread, or (past the block's threads) an mbarrier element's copy agent,
        which writes that element's bulk copies (interp/mbarriers.py)."""
        return f"thread {w}" if w < (self.block_threads or self.threads) else "a bulk copy"

    def _copy(self, w: int) -> str:
        return f"thread {w}'s copy_async" if w < (self.block_threads or self.threads) else "the bulk copy (tma_load)"

    def _read_detail(self, rule, buf, a, t, flat, where) -> str:
        el = f"{buf.name}{buf.coords(flat)}"
        if rule == "INIT":
            return f"{where.what}: thread {t} reads {el}, which nothing wrote"
        w = int(buf.w_thread[a])
        if rule == "ASYNC":
            state = "not yet waited for" if buf.w_done[a] == INF else "waited for but not made visible by a barrier"
            if w == t:
                state = "not yet waited for by its own wait_group"
            return (f"{where.what}: thread {t} reads {el}, filled by {self._copy(w)} at line "
                    f"{int(buf.w_line[a])}, {state}")
        return (f"{where.what}: thread {t} reads {el} while {self._who(w)} writes it at line {int(buf.w_line[a])} "
                "with no barrier between")

    # ------------------------------------------------------------ writes
    def write(self, buf: SharedBuffer, addr: np.ndarray, thread: np.ndarray, flat: np.ndarray,
              where: Access, is_async: bool) -> list[Hazard]:
        """Check writes of `addr` by `thread` against earlier accesses; record them."""
        vc = self.clocks.vc
        c = {"wt": buf.w_thread[addr], "wline": buf.w_line[addr], "reads": buf.read_vc[addr]}
        prev = c["wt"] >= 0
        seen = vc[thread, np.where(prev, c["wt"], 0)]
        done = buf.w_done[addr]
        ordered = np.where(buf.w_async[addr], (done != INF) & (seen > done), seen > buf.w_stamp[addr])
        c["race"] = prev & (c["wt"] != thread) & ~ordered
        c["in_flight"] = prev & (c["wt"] == thread) & buf.w_async[addr] & (done == INF)
        unordered = (c["reads"] >= 0) & (vc[thread] <= c["reads"])     # reads this writer has not seen
        unordered[np.arange(len(addr)), thread] = False
        c["unordered"] = unordered
        c["landing"] = buf.unsettled(addr, thread, vc)
        c["shadow"] = buf.shadowed(addr, thread, vc)
        hazards = self._write_hazards(buf, addr, thread, flat, where, c)
        self._record_write(buf, addr, thread, where, is_async, c)
        return hazards

    def _write_hazards(self, buf, addr, thread, flat, where, c) -> list[Hazard]:
        def at(i) -> str:
            return f"{where.what}: {self._who(int(thread[i]))} writes {buf.name}{buf.coords(flat[i])}"
        out = []
        wt, wline = c["wt"], c["wline"]
        for i in self._firsts(c["race"], wline):
            out.append(Hazard("RACE", i, f"{at(i)}, also written by {self._who(int(wt[i]))} at line {int(wline[i])} "
                              "with no barrier between", int(wline[i])))
        for i in self._firsts(self._duplicates(addr, thread), np.full(len(addr), where.line)):
            out.append(Hazard("RACE", i, f"{where.what}: two threads write {buf.name}{buf.coords(flat[i])} "
                              "in the same statement", where.line))
        for i in self._firsts(c["landing"], buf.p_line[addr]):
            out.append(Hazard("RACE", i, f"{at(i)} while {self._copy(int(buf.p_thread[addr[i]]))} at line "
                              f"{int(buf.p_line[addr[i]])} into it may still land", int(buf.p_line[addr[i]])))
        for i in self._firsts(c["shadow"], buf.s_line[addr]):
            out.append(Hazard("RACE", i, f"{at(i)}, also written by {self._who(int(buf.s_thread[addr[i]]))} at line "
                              f"{int(buf.s_line[addr[i]])} with no barrier between", int(buf.s_line[addr[i]])))
        for i in self._firsts(c["in_flight"], wline):   # MEMORY_MODEL.md: an async copy, then any write: RACE
            out.append(Hazard("RACE", i, f"{where.what}: thread {thread[i]} overwrites {buf.name}"
                              f"{buf.coords(flat[i])} while its own copy_async from line {int(wline[i])} into it "
                              "is still in flight", int(wline[i])))
        war = c["unordered"].any(axis=1)
        same = war & (buf.read_instance[addr] == where.instance)
        rline = buf.read_line[addr]
        for rule, mask in (("RACE", same), ("WAR", war & ~same)):
            # A reader and a writer inside one statement instance collide (RACE); a read
            # followed by a later write into the slot is a write-after-read (WAR).
            for i in self._firsts(mask, rline):
                reader = int(np.flatnonzero(c["unordered"][i])[0])
                out.append(Hazard(rule, i, f"{at(i)} while thread {reader} may still read it (read at line "
                                  f"{int(rline[i])}, no barrier between)", int(rline[i])))
        return out

    def _record_write(self, buf, addr, thread, where, is_async, c) -> None:
        vc = self.clocks.vc
        # The previous write stays a possible value for later accesses when this one raced with it.
        keep = c["race"] | c["in_flight"]
        buf.s_thread[addr] = np.where(keep, c["wt"], np.where(c["shadow"], buf.s_thread[addr], -1))
        for name, latest in (("stamp", buf.w_stamp), ("async", buf.w_async), ("done", buf.w_done),
                             ("id", buf.w_id), ("line", buf.w_line)):
            old = getattr(buf, f"s_{name}")
            old[addr] = np.where(keep, latest[addr], old[addr])
        ids = np.arange(self.next_id, self.next_id + len(addr), dtype=np.int64)
        self.next_id += len(addr)
        buf.w_thread[addr] = thread
        buf.w_stamp[addr] = vc[thread, thread]
        buf.w_async[addr] = is_async
        buf.w_done[addr] = INF
        buf.w_id[addr] = ids
        buf.w_line[addr] = where.line
        # Reads this write is ordered after are settled; unordered ones (already reported) can
        # still conflict with later writes, so they stay.
        unordered = c["unordered"]
        buf.read_vc[addr] = np.where(unordered, c["reads"], -1)
        buf.read_instance[addr] = np.where(unordered.any(axis=1), buf.read_instance[addr], -1)
        if is_async:
            buf.p_thread[addr], buf.p_done[addr], buf.p_id[addr], buf.p_line[addr] = thread, INF, ids, where.line
            self.pending.append(AsyncBatch(buf, addr.copy(), thread.copy(), ids, self.open_group[thread].copy()))

    @staticmethod
    def _firsts(mask: np.ndarray, lines: np.ndarray) -> list[int]:
        """The first flagged access for each line of the earlier access it conflicts with."""
        out, seen = [], set()
        for i in np.flatnonzero(mask):
            key = int(lines[i])
            if key not in seen:
                seen.add(key)
                out.append(int(i))
        return out

    @staticmethod
    def _duplicates(addr: np.ndarray, thread: np.ndarray) -> np.ndarray:
        """Accesses to an address that another thread of the same batch also writes."""
        if len(addr) < 2:
            return np.zeros(len(addr), bool)
        order = np.lexsort((thread, addr))
        a, t = addr[order], thread[order]
        clash = (a[1:] == a[:-1]) & (t[1:] != t[:-1])
        out = np.zeros(len(addr), bool)
        out[order[1:][clash]] = True
        return out

    # ------------------------------------------------------------ synchronisation
    def barrier(self, arrived: np.ndarray) -> None:
        self.clocks.barrier(arrived)

    def commit(self, active: np.ndarray) -> None:
        # the block's threads; with mbarriers the rows past them are copy agents, which never
        # commit (held-out round 37: the masks' lengths differed and a commit raised)
        self.open_group[:len(active)][active] += 1

    def wait_group(self, active: np.ndarray, n: int) -> None:
        """Retire, for each active thread, its committed groups but the newest n."""
        keep = []
        vc = self.clocks.vc
        active = np.concatenate([active, np.zeros(self.threads - len(active), bool)])   # copy agents never wait
        for b in self.pending:
            retire = active[b.thread] & (b.group < self.open_group[b.thread] - n)
            if retire.any():
                a, t, w = b.addr[retire], b.thread[retire], b.wid[retire]
                live = b.buf.w_id[a] == w
                b.buf.w_done[a[live]] = vc[t[live], t[live]]
                live = b.buf.p_id[a] == w
                b.buf.p_done[a[live]] = vc[t[live], t[live]]
                live = b.buf.s_id[a] == w
                b.buf.s_done[a[live]] = vc[t[live], t[live]]
            if not retire.all():
                keep.append(AsyncBatch(b.buf, b.addr[~retire], b.thread[~retire], b.wid[~retire], b.group[~retire]))
        self.pending = keep
