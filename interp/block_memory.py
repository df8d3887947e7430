"""A block's memory statements: `load`, `copy`, `copy_async` and `store`, and the tile reads
and writes under them. Shared accesses go through the happens-before checks of
interp.memory; global ones through bound checks, the race log of global tensors read and
written (global_races.py), masks, and the write counts behind COVER."""
from __future__ import annotations

import numpy as np

from dsl import exprs, ir

from .compute import ComputeEval, accumulate, cast
from .layout import InterpretError
from .memory import Access
from .tags import assign, padded


class MemoryStatements:
    """Mixed into interp.block.BlockExec, whose state (memory, registers, loops) it uses."""

    def read_tile(self, name: str, coords, thr, what: str, mask: ir.Mask | None = None, data: bool = True):
        """(values, tags, taint, defined) of the elements at `coords` (one per pair) of a global or
        shared tensor; taint marks values a reported violation spoils. Through a mask, elements
        outside the tensor are padding: the fill value, no contribution (the PAD tag). With
        `data` False only the access is made (its races and bounds checked): None."""
        param = self.I.params.get(name)
        if param is not None:
            shape = self.I.shapes[name]
            ok = self.in_bounds(coords, shape, thr, what, mask is not None)
            clipped = tuple(np.clip(c, 0, n - 1) for c, n in zip(coords, shape))
            vals = self.I.globals[name][clipped]
            outside = (np.nan if vals.dtype.kind == "f" else 0) if mask is None else mask.value
            if name in self.I.global_log.tensors:
                self.global_conflicts(self.I.global_log.read(name, tuple(c[ok] for c in coords), thr[ok],
                                                             self.line), thr[ok])
            if not ok.all():
                # NaN poison cast to an integer type, a fill past the type (70000.0 in f16 is
                # inf): no warning in a report
                with np.errstate(invalid="ignore", over="ignore"):
                    vals = np.where(ok, vals, outside).astype(vals.dtype)
            tags = self.I.input_tags(name, coords, len(thr))
            if mask is not None:
                return vals, padded(tags, ok), np.zeros(len(thr), bool), np.ones(len(thr), bool)
            return vals, tags, ~ok, np.ones(len(thr), bool)
        buf = self.mem.buffers.get(name)
        if buf is None:
            raise InterpretError(f"shared tile '{name}' is used before its allocation")
        ok = self.in_bounds(coords, buf.shape, thr, what)
        clipped = tuple(np.clip(c, 0, n - 1) for c, n in zip(coords, buf.shape))
        flat = np.ravel_multi_index(clipped, buf.shape) if buf.shape else np.zeros(len(thr), np.int64)
        addr = buf.layout.offsets.reshape(-1)[flat]
        bad = ~ok
        if ok.any():
            sel = np.flatnonzero(ok)
            racy, hazards = self.mem.read(buf, addr[sel], thr[sel], flat[sel], Access(self.line, dict(self.loops), what, self.instance))
            bad[sel] |= racy
            for h in hazards:
                self.violation(h.rule, h.detail, int(thr[sel][h.index]), bool(buf.taint[addr[sel][h.index]]),
                               other_line=h.other_line)
        if not data:
            # the lowered code's reads (codegen_cuda/lowered_accesses.py) need no value: a row sum
            # over a softmax holds C * C records, and 1024 reads of it were 32 GiB (tune, round 38)
            return None
        defined = (buf.w_thread[addr] >= 0) & ~buf.undef[addr]
        return buf.values[addr], buf.tags[addr], bad | buf.taint[addr], defined

    def global_conflicts(self, conflicts, thr) -> None:
        for c in conflicts:         # races in global memory (global_races.py)
            self.violation(c.rule, c.detail, int(thr[c.index]), other_line=c.other_line)

    def write_shared(self, name, coords, thr, vals, tags, taint, defined, is_async: bool, what: str) -> None:
        buf = self.mem.buffers.get(name)
        if buf is None:
            raise InterpretError(f"shared tile '{name}' is used before its allocation")
        ok = self.in_bounds(coords, buf.shape, thr, what)
        sel = np.flatnonzero(ok)
        if sel.size == 0:
            return
        flat = (np.ravel_multi_index(tuple(c[sel] for c in coords), buf.shape) if buf.shape
                else np.zeros(len(sel), np.int64))       # a 0-d tile: its one element
        addr = buf.layout.offsets.reshape(-1)[flat]
        for h in self.mem.write(buf, addr, thr[sel], flat, Access(self.line, dict(self.loops), what, self.instance), is_async):
            self.violation(h.rule, h.detail, int(thr[sel][h.index]), other_line=h.other_line)
        buf.values[addr] = cast(vals[sel], buf.dtype)
        buf.tags = assign(buf.tags, addr, tags[sel])
        buf.taint[addr] = taint[sel]
        buf.undef[addr] = ~defined[sel]

    def load(self, s: ir.Load, active) -> None:
        shape = self.shape_of(s.target.shape)
        thr, elem = self.pairs(s.target.layout, shape, active)
        tile = exprs.source_tile(s, np.unravel_index(elem, shape)) if shape else ()
        coords = self.full_coords(s.src, tile, thr)
        if s.wgmma == "retire":     # the end of a wgmma's read: its accesses, no value (dsl/wgmma_groups.py)
            self.read_tile(s.src.tensor, coords, thr, f"load from {s.src.tensor}", s.mask, data=False)
            return
        vals, tags, taint, defined = self.read_tile(s.src.tensor, coords, thr, f"load from {s.src.tensor}", s.mask)
        self.write_reg(s.target, shape, elem, vals, tags, taint, defined)
        self.check_coverage(s.target, shape, active)

    def copy(self, s: ir.Copy, active) -> None:
        shape = self.shape_of(exprs.tile_shape(s.dst))
        thr, elem = self.pairs(s.layout, shape, active)
        tile = np.unravel_index(elem, shape) if shape else ()
        kind = "copy_async" if s.is_async else "copy"
        src = self.full_coords(s.src, tile, thr)
        vals, tags, taint, defined = self.read_tile(s.src.tensor, src, thr, f"{kind} from {s.src.tensor}", s.mask)
        if s.is_async and s.src.tensor in self.I.global_log.tensors:     # read until the copy completes
            shape = self.I.shapes[s.src.tensor]
            inside = np.all([(c >= 0) & (c < n) for c, n in zip(src, shape)], axis=0) if src else np.ones(len(thr), bool)
            self.I.global_log.copy_async_read(s.src.tensor, tuple(c[inside] for c in src), thr[inside],
                                              self.mem.open_group[thr[inside]], self.line)
        self.write_shared(s.dst.tensor, self.full_coords(s.dst, tile, thr), thr, vals, tags, taint, defined,
                          s.is_async, f"{kind} into {s.dst.tensor}")

    def store(self, s: ir.Store, active) -> None:
        reg = self.regs.get(s.src)
        if reg is None:
            raise InterpretError(f"register tile '{s.src}' has no value here")
        shape = reg.values.shape
        thr, elem = self.pairs(s.layout if s.layout is not None else reg.t.layout, shape, active)
        un = ~reg.written.reshape(-1)[elem]
        if un.any():
            i = int(np.flatnonzero(un)[0])
            at = [int(c) for c in np.unravel_index(int(elem[i]), shape)]
            self.violation("INIT", f"store of {s.src}: element {at} holds no value", int(thr[i]),
                           bool(reg.taint.reshape(-1)[elem[i]]))
        tile = np.unravel_index(elem, shape) if shape else ()
        coords = self.full_coords(s.dst, tile, thr)
        name = s.dst.tensor
        if name not in self.I.params:     # into shared memory: ordered like a synchronous copy's write
            flat = lambda a: a.reshape(-1)[elem]
            self.write_shared(name, coords, thr, flat(reg.values), self.stored_tags(s, reg).reshape((-1,))[elem],
                              flat(reg.taint), flat(reg.written), False, f"store into {name}")
            return
        ok = self.in_bounds(coords, self.I.shapes[name], thr, f"store into {name}", s.mask is not None)
        if s.mask is not None:      # only the part inside the output is stored, and bound by its tag function
            thr, elem, coords, ok = thr[ok], elem[ok], tuple(c[ok] for c in coords), ok[ok]
        sel = np.flatnonzero(ok)
        idx = tuple(c[sel] for c in coords)
        if name in self.I.global_log.tensors:
            self.global_conflicts(self.I.global_log.write(name, idx, thr[sel], self.line), thr[sel])
        self.I.globals[name][idx] = cast(reg.values.reshape(-1)[elem[sel]], self.I.params[name].dtype)
        self.I.count_writes(name, idx, self.block)
        if self.I.kernel.tag_of(name) is not None and elem.size:
            # Checked on every element the statement stores, also out of bounds (there the tag
            # function is still a formula; the finding is derived from the BOUND one).
            self.I.check_store_spec(self, name, tuple(coords), reg.tags.reshape((-1,))[elem], thr,
                                    reg.taint.reshape(-1)[elem] | ~ok, reg.values.reshape(-1)[elem])

    def stored_tags(self, s: ir.Store, reg):
        """The tags a store into shared memory writes: the stored tile's, except for a running
        value kept in memory (dsl/writeback.py): the in-place update of the tile loaded from
        the same slice, its contributions kept and the update's added."""
        trip = self.I.write_backs.trip_of(s)
        if trip is None or trip.value is None:
            return reg.tags
        run = self.regs[trip.load.target.name]
        upd = ComputeEval(self.regs, {**self.env, **self.loops}, trip.load.target.name)(trip.value)
        return accumulate(run.tags, upd).broadcast(reg.values.shape)
