"""The writer instances a read may see (a mix-in of encode/dataflow.Dataflow): the same
iteration's and up to `lookback` earlier iterations' instances of each writer, newest first,
its inner loops unrolled, and one symbolic sentinel per loop level standing for every older
instance (a read the window cannot settle is then unknown, never a guess)."""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import z3

from . import program as prog
from .settle import may_write
from .symbols import Unsupported
from .terms import And, Sub

INF = (10**9,)
WINDOW_NOTE = "iterations of"
MAX_LOOKBACK = 32        # the widest window verify_kernel tries: a warp-wide scan reads 31 iterations back
MAX_UNROLL = 64


@dataclass(frozen=True)
class Candidate:
    key: tuple
    hit: object                 # z3 condition: this instance is the reaching write
    point: prog.Point | None    # None for a sentinel
    inst: dict | None
    note: str = ""


class Instances:
    def key(self, point: prog.Point, offsets: dict) -> tuple:
        """Order key of an instance: path segments interleaved with iteration entries."""
        cuts = list(point.loop_levels) + [len(point.path)]
        parts, prev = [], 0
        for loop, cut in zip(point.loops, cuts):
            parts += [point.path[prev:cut], offsets[loop.var]]
            prev = cut
        parts.append(point.path[prev:])
        return tuple(parts)

    def candidates(self, w: prog.Point, reader: prog.Point, rinst: dict, writers, coords: tuple) -> list[Candidate]:
        c = prog.common_loops(w, reader)
        depth = self.window_depth(reader, c, writers)
        lookbacks = [0] if c == 0 else list(range(0, depth + 1))
        out = []
        for d in lookbacks:
            inst = dict(rinst)
            offsets = {loop.var: 0 for loop in reader.loops[:c]}
            if c:
                inst[w.loops[c - 1].var] = Sub(rinst[w.loops[c - 1].var], d)
                offsets[w.loops[c - 1].var] = -d
            for combo in self.inner_instances(w, c, inst):
                full = dict(inst)
                offs = dict(offsets)
                for var, (term, order) in combo.items():
                    full[var] = term
                    offs[var] = order
                hit = And(self.loop_domain(w, full), self.guards(w, full, uniform_only=True))
                out.append(Candidate(self.key(w, offs), hit, w, full))
            out += self.inner_sentinels(w, c, inst, offsets, coords)
        return out

    def window_depth(self, reader: prog.Point, level: int, writers) -> int:
        """Look back `lookback` iterations at a level unless writers in deeper common loops
        make that unsound (their older instances span symbolic inner iterations)."""
        deeper = any(prog.common_loops(w, reader) > level for w in writers)
        return self.lookback if not deeper else 0

    def inner_instances(self, w: prog.Point, c: int, inst: dict) -> list[dict]:
        """Instances of the writer's loops that the reader is not in: unrolled, newest first."""
        choices = []
        for loop in w.loops[c:]:
            lo, hi = self.env.const_value(loop.start), self.env.const_value(loop.stop)
            if lo is not None and hi is not None:
                if hi - lo > MAX_UNROLL:
                    raise Unsupported(f"loop over {loop.var} has {hi - lo} iterations; "
                                      f"writes in it are analysed up to {MAX_UNROLL}", loop.span)
                choices.append([(loop.var, z3.IntVal(v), v) for v in range(hi - 1, lo - 1, -1)])
            else:  # symbolic trip count: only its last iteration; a sentinel covers the rest
                choices.append([(loop.var, None, 10**8)])
        out = []
        for combo in itertools.product(*choices):
            cur = dict(inst)
            entry = {}
            for (var, term, order), loop in zip(combo, w.loops[c:]):
                if term is None:
                    term = self.env.term(loop.stop, cur) - 1
                cur[var] = term
                entry[var] = (term, order)
            out.append(entry)
        return out

    def inner_sentinels(self, w, c, inst, offsets, coords: tuple) -> list[Candidate]:
        out = []
        for j, loop in enumerate(w.loops[c:], start=c):
            if self.env.const_value(loop.start) is not None and self.env.const_value(loop.stop) is not None:
                continue
            outer = {l.var: inst.get(l.var) for l in w.loops[:j]}
            if any(v is None for v in outer.values()):
                raise Unsupported("writes in nested loops with symbolic trip counts are not supported yet", loop.span)
            offs = dict(offsets)
            for l in w.loops[c:j]:
                offs[l.var] = 10**8
            offs[loop.var] = 10**8 - 1
            key = self.key(w, {**offs, **{l.var: offs.get(l.var, 0) for l in w.loops}})
            key = key[: 2 * (j + 1)] + (INF,)
            hit = And(self.trip(loop, outer) >= 2, may_write(self, [w], c, inst, coords))
            out.append(Candidate(key, hit, None, None, f"the value may come from an earlier iteration of the loop over {loop.var} (a write "
                                  "under a condition there, or one the last iteration may skip), which is not followed"))
        return out

    def sentinels(self, writers, reader: prog.Point, rinst: dict, coords: tuple) -> list[Candidate]:
        """One per loop level of the reader: 'an iteration older than the window wrote it'."""
        out = []
        for level in range(1, len(reader.loops) + 1):
            if not any(prog.common_loops(w, reader) >= level for w in writers):
                continue
            depth = self.window_depth(reader, level, writers)
            loop = reader.loops[level - 1]
            offsets = {l.var: 0 for l in reader.loops}
            offsets[loop.var] = -(depth + 1)
            key = self.key(reader, offsets)[: 2 * level] + (INF,)
            start = self.env.term(loop.start, rinst)
            inside = [w for w in writers if prog.common_loops(w, reader) >= level]
            hit = And(rinst[loop.var] - (depth + 1) >= start, may_write(self, inside, level - 1, rinst, coords))
            out.append(Candidate(key, hit, None, None,
                                  f"the write this read sees may be more than {depth} {WINDOW_NOTE} {loop.var} "
                                  f"back, past the verifier's look-back window (at most {MAX_LOOKBACK} iterations): a "
                                  f"loop of that many iterations or fewer, or a value that another write "
                                  f"overwrites each iteration, is followed"))
        return out
