"""Races in global memory, concretely: the last accesses of every element of a tensor the
kernel both reads and writes.

Blocks are unordered, so any two accesses of one element by different blocks with a write
among them race; inside a block, two threads race unless a barrier (which every thread
reached) lies between them. The interpreter runs blocks one after another, so "another
block" is any earlier one (docs/MEMORY_MODEL.md).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Conflict:
    index: int          # position in the statement's (thread, element) pairs
    detail: str
    other_line: int
    rule: str = "RACE"


@dataclass
class _InFlight:
    """The source elements a batch of copy_async reads until its group is retired (and, for
    another thread's write, a barrier follows the retiring wait)."""
    name: str
    flat: np.ndarray
    thread: np.ndarray
    group: np.ndarray       # the commit group of each (commits its thread made before the copy)
    line: int
    retired: np.ndarray     # the barrier epoch of the retiring wait_group, -1 while pending


class _Tensor:
    def __init__(self, shape: tuple[int, ...]):
        n = int(np.prod(shape, dtype=np.int64))
        self.shape = shape
        self.w_run = np.full(n, -1, np.int64)        # which block (run index) wrote it last
        self.w_thread = np.zeros(n, np.int64)
        self.w_epoch = np.zeros(n, np.int64)
        self.w_line = np.zeros(n, np.int64)
        self.r_first = np.full(n, np.iinfo(np.int64).max, np.int64)   # earliest block that read it
        self.r_first_thread = np.zeros(n, np.int64)
        self.r_first_line = np.zeros(n, np.int64)
        self.r_key = np.full(n, -1, np.int64)        # (block, epoch) of the latest reads
        self.r_tmin = np.zeros(n, np.int64)
        self.r_tmax = np.zeros(n, np.int64)
        self.r_line = np.zeros(n, np.int64)


class GlobalLog:
    def __init__(self, shapes: dict[str, tuple[int, ...]]):
        self.tensors = {name: _Tensor(shape) for name, shape in sorted(shapes.items())}
        self.runs: list[tuple[int, ...]] = []
        self.epoch = 0
        self.in_flight: list[_InFlight] = []

    def start_block(self, block: tuple[int, ...]) -> None:
        self.runs.append(tuple(block))
        self.epoch = 0
        self.in_flight = []

    def copy_async_read(self, name: str, coords, thr: np.ndarray, groups: np.ndarray, line: int) -> None:
        """An async copy's source elements, read until the copy completes (docs/MEMORY_MODEL.md)."""
        t = self.tensors.get(name)
        if t is None or not len(thr):
            return
        flat = np.ravel_multi_index(tuple(coords), t.shape)
        self.in_flight.append(_InFlight(name, flat, thr.copy(), groups.copy(), line, np.full(len(flat), -1, np.int64)))

    def wait_group(self, active: np.ndarray, n: int, commits: np.ndarray) -> None:
        """Threads in `active` retire their committed groups but the newest n (`commits`: per thread)."""
        for f in self.in_flight:
            done = (f.retired < 0) & active[f.thread] & (f.group < commits[f.thread] - n)
            f.retired[done] = self.epoch

    def _in_flight_conflict(self, name: str, flat: np.ndarray, thr: np.ndarray) -> Conflict | None:
        """A write of an element some copy_async may still be reading: its group not retired, or
        retired by another thread's wait with no barrier since."""
        run = self._run
        for f in self.in_flight:
            if f.name != name:
                continue
            live = (f.retired < 0) | (f.retired == self.epoch)
            for i in np.flatnonzero(np.isin(flat, f.flat[live])):
                for j in np.flatnonzero((f.flat == flat[i]) & live):
                    if f.retired[j] < 0 or f.thread[j] != thr[i]:
                        state = "its group not yet retired" if f.retired[j] < 0 else "retired by its thread's " \
                            "wait_group with no barrier since"
                        return Conflict(int(i), f"{self._who(run, int(thr[i]))} writes {name}"
                                        f"{_at(int(flat[i]), self.tensors[name].shape)} while "
                                        f"{self._who(run, int(f.thread[j]))}'s copy_async at line {f.line} may still "
                                        f"read it ({state})", f.line, "WAR")
        return None

    def barrier(self) -> None:
        self.epoch += 1

    @property
    def _run(self) -> int:
        return len(self.runs) - 1

    def _key(self) -> int:
        return self._run * (1 << 32) + self.epoch

    def _who(self, run: int, thread: int) -> str:
        return f"block {self.runs[run]} thread {thread}"

    def read(self, name: str, coords, thr: np.ndarray, line: int) -> list[Conflict]:
        t = self.tensors.get(name)
        if t is None or not len(thr):
            return []
        flat = np.ravel_multi_index(tuple(coords), t.shape)
        run, out = self._run, []
        wrote = t.w_run[flat]
        other_block = (wrote >= 0) & (wrote != run)
        same_epoch = (wrote == run) & (t.w_epoch[flat] == self.epoch) & (t.w_thread[flat] != thr)
        for i in np.flatnonzero(other_block | same_epoch)[:1]:
            e, why = int(flat[i]), ("blocks are unordered" if other_block[i] else "with no barrier between")
            out.append(Conflict(int(i), f"data race on {name}{_at(e, t.shape)}: {self._who(run, int(thr[i]))} reads "
                                f"it while {self._who(int(wrote[i]), int(t.w_thread[e]))} wrote it at line "
                                f"{int(t.w_line[e])}, {why}", int(t.w_line[e])))
        first = t.r_first[flat] > run
        t.r_first[flat[first]] = run
        t.r_first_thread[flat[first]] = thr[first]
        t.r_first_line[flat[first]] = line
        key = self._key()
        fresh = t.r_key[flat] != key
        t.r_key[flat[fresh]] = key
        t.r_tmin[flat[fresh]] = thr[fresh]
        t.r_tmax[flat[fresh]] = thr[fresh]
        np.minimum.at(t.r_tmin, flat, thr)
        np.maximum.at(t.r_tmax, flat, thr)
        t.r_line[flat] = line
        return out

    def write(self, name: str, coords, thr: np.ndarray, line: int) -> list[Conflict]:
        t = self.tensors.get(name)
        if t is None or not len(thr):
            return []
        flat = np.ravel_multi_index(tuple(coords), t.shape)
        run, key, out = self._run, self._key(), []
        read_before = t.r_first[flat] < run
        read_here = (t.r_key[flat] == key) & ((t.r_tmin[flat] != thr) | (t.r_tmax[flat] != thr))
        wrote = t.w_run[flat]
        write_other = (wrote >= 0) & ((wrote != run) | ((t.w_epoch[flat] == self.epoch) & (t.w_thread[flat] != thr)))
        order = np.argsort(flat, kind="stable")
        dup = np.zeros(len(flat), bool)
        same = (flat[order][1:] == flat[order][:-1]) & (thr[order][1:] != thr[order][:-1])
        dup[order[1:][same]] = True
        pending = self._in_flight_conflict(name, flat, thr)
        if pending is not None:
            out.append(pending)
        for i in np.flatnonzero(read_before | read_here | write_other | dup)[:1]:
            e = int(flat[i])
            if read_before[i]:
                who, verb, at = (int(t.r_first[e]), int(t.r_first_thread[e])), "read", int(t.r_first_line[e])
            elif read_here[i]:
                u = int(t.r_tmin[e]) if int(t.r_tmin[e]) != int(thr[i]) else int(t.r_tmax[e])
                who, verb, at = (run, u), "read", int(t.r_line[e])
            elif write_other[i]:
                who, verb, at = (int(wrote[i]), int(t.w_thread[e])), "wrote", int(t.w_line[e])
            else:
                j = next(k for k in np.flatnonzero(flat == e) if thr[k] != thr[i])
                who, verb, at = (run, int(thr[j])), "writes", line
            why = "blocks are unordered" if who[0] != run else "with no barrier between"
            out.append(Conflict(int(i), f"data race on {name}{_at(e, t.shape)}: {self._who(run, int(thr[i]))} writes "
                                f"it while {self._who(*who)} {verb} it at line {at}, {why}", at))
        t.w_run[flat] = run
        t.w_thread[flat] = thr
        t.w_epoch[flat] = self.epoch
        t.w_line[flat] = line
        return out


def _at(flat: int, shape) -> str:
    return str([int(c) for c in np.unravel_index(flat, shape)])
