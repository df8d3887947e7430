"""The analytical performance model ("model" in every output): a kernel's predicted time
on a target from the work its lowering does (costmodel_work.py) and the card's constants
(encode/targets/*.json "perf"). Every formula is in docs/COSTMODEL.md.

`predict` counts the work (`Features`, plain numbers) and `evaluate` turns features into
seconds; calibration refits the constants on stored features, without the IR.
"""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dsl import ir
from encode.target import Target

from . import costmodel_regs
from .costmodel_access import ThreadDependent, value
from .costmodel_work import count
from .emit import Emitter
from .plan import build
from .scalar import LoweringError

LABEL = "model"
BOUNDS = {"tensor core": "tensor core", "fp32": "fma", "sfu": "fma", "shared": "memory", "dram": "memory",
          "l2": "memory", "bulk issue": "memory", "latency": "latency/occupancy"}


class ModelError(Exception):
    """The kernel cannot be modelled (it does not lower, or the target has no constants)."""


@dataclass(frozen=True, slots=True)
class Features:
    """What the formulas read: the launch, the resources and the work of one block."""
    blocks: int
    threads: int
    smem_bytes: int
    registers: int
    tensor_flops: float          # per block, on mma.sync
    fp32_ops: float              # per block, FP32-pipe lane operations
    sfu_ops: float
    wavefronts: float            # per block, shared-memory wavefronts
    sectors: float               # per block, global 32-byte sectors requested
    dram_bytes: float            # whole kernel: each global tensor's bytes, read or written once
    flops: float                 # whole kernel, useful arithmetic
    rounds: float                # global round trips outside loops, per block
    loops: tuple[tuple[float, ...], ...]   # (iterations, executions, overlap, tc, fp32, sfu, wavefronts) per loop
    # the longest block where loop trip counts depend on the block index (the per-block
    # figures above are then the grid's mean): (tensor_flops, fp32_ops, sfu_ops, wavefronts,
    # sectors, rounds) and its loops; empty when every block does the same work
    peak: tuple[float, ...] = ()
    peak_loops: tuple[tuple[float, ...], ...] = ()
    bulk_ops: float = 0.0        # per block, cp.async.bulk(.tensor) instructions
    registers_wanted: int = 0    # the estimate before the target's cap (0: not estimated)


@dataclass(frozen=True, slots=True)
class Prediction:
    seconds: float
    flops: float
    bytes_global: float
    tflops: float
    gbps: float
    intensity: float             # flops per byte of global traffic requested (L2)
    bound: str                   # "memory" | "tensor core" | "fma" | "latency/occupancy"
    why: str
    occupancy: int               # resident blocks per SM
    waves: int
    registers: int
    registers_source: str        # "cubin" | "estimate"
    terms: tuple[tuple[str, float], ...]
    features: Features
    label: str = LABEL

    @property
    def spilled(self) -> int:
        """Registers per thread the estimate wants past the target's cap: the compiler keeps
        them in local memory (their traffic is not modelled)."""
        return max(0, self.features.registers_wanted - self.registers)


def predict(kernel: ir.Kernel, sizes: Mapping[str, int], target: Target, registers: int | None = None) -> Prediction:
    """The model's prediction for one launch at `sizes`; `registers` per thread from the
    compiled cubin when the caller has them (else the model's estimate)."""
    return evaluate(features(kernel, sizes, target, registers), target,
                    "cubin" if registers is not None else "estimate")


def features(kernel: ir.Kernel, sizes: Mapping[str, int], target: Target, registers: int | None = None) -> Features:
    if target.perf is None:
        raise ModelError(f"target {target.name} has no performance constants (a \"perf\" object)")
    try:
        plan = build(kernel)
        env = dict(sizes) | plan.consts
        blocks = math.prod(value(g, env) for g in kernel.grid)
        work = count(plan, env, target)
    except (LoweringError, ThreadDependent, KeyError, ZeroDivisionError) as err:
        raise ModelError(f"cannot model {kernel.name}: {err}") from None
    b = work.block
    dram = 0.0
    for p in kernel.params:
        size = math.prod(value(d, env) for d in p.shape) * p.dtype.nbytes
        dram += min(size, blocks * b.read.get(p.name, 0.0)) + min(size, blocks * b.written.get(p.name, 0.0))
    wanted = 0 if registers is not None else register_estimate(plan, work, target)
    regs = registers if registers is not None else min(wanted, target.registers_per_thread)
    peak, peak_loops = (), ()
    if work.peak is not None:
        pb = work.peak.block
        peak = (pb.tensor_flops, pb.fp32_ops, pb.sfu_ops, pb.wavefronts, pb.sectors, work.peak.rounds)
        peak_loops = _loops(work.peak)
    return Features(blocks, kernel.threads, plan.smem_bytes, regs, b.tensor_flops, b.fp32_ops, b.sfu_ops,
                    b.wavefronts, b.sectors, dram, blocks * b.flops, work.rounds, _loops(work), peak, peak_loops,
                    bulk_ops=b.bulk_ops, registers_wanted=wanted)


def _loops(work) -> tuple[tuple[float, ...], ...]:
    return tuple((lc.iterations, lc.executions, lc.overlap, lc.per_iteration.tensor_flops,
                  lc.per_iteration.fp32_ops, lc.per_iteration.sfu_ops, lc.per_iteration.wavefronts)
                 for lc in work.loops)


def register_estimate(plan, work, target: Target) -> int:
    """The register tiles and per-value indices live at once, the tensor-core fragments of
    one k step, and the target's fixed overhead (costmodel_regs.py); may exceed the target's
    cap (new-user round 38: tune showed 273 wanted as 255, as if they fitted)."""
    return costmodel_regs.estimate(plan, Emitter(plan), target, work.fragment_registers)


def occupancy(f: Features, target: Target) -> int:
    """Resident blocks per SM: the least of the thread, block, shared-memory and register limits."""
    p = target.perf
    warps = -(-f.threads // target.warp_size)
    per_warp = -(-f.registers * target.warp_size // p.register_alloc_unit) * p.register_alloc_unit
    limits = [p.max_blocks_per_sm, p.max_threads_per_sm // max(1, f.threads),
              p.registers_per_sm // max(1, per_warp * warps)]
    if f.smem_bytes:
        limits.append(target.shared_bytes_per_sm // (f.smem_bytes + p.shared_reserved_per_block))
    return max(0, min(limits))


def rates(target: Target) -> dict[str, float]:
    """Per-SM rates: tensor-core flops, FP32 and SFU lane operations, wavefronts per second."""
    p = target.perf
    return {"tensor core": p.tensor_flops * p.mma_sync_fraction / p.sm_count,
            "fp32": p.fp32_lanes_per_clock_sm * p.clock_hz,
            "sfu": p.sfu_lanes_per_clock_sm * p.clock_hz,
            "shared": p.shared_bytes_per_clock_sm / target.bank_phase_bytes * p.clock_hz}


def evaluate(f: Features, target: Target, registers_source: str = "estimate") -> Prediction:
    p = target.perf
    occ = occupancy(f, target)
    if occ == 0:
        return _result(f, target, math.inf, (("latency", math.inf),), "latency/occupancy",
                       "one block does not fit on an SM (threads, shared memory or registers)", 0, 0,
                       registers_source)
    resident = min(occ, -(-f.blocks // p.sm_count))
    waves = -(-f.blocks // (p.sm_count * occ))
    r = rates(target)
    per_block = {"tensor core": f.tensor_flops, "fp32": f.fp32_ops, "sfu": f.sfu_ops, "shared": f.wavefronts}
    terms = {k: waves * resident * per_block[k] / r[k] for k in per_block}
    terms["dram"] = f.dram_bytes / p.dram_bytes_per_s
    terms["l2"] = f.blocks * f.sectors * 32 / p.l2_bytes_per_s
    terms["bulk issue"] = waves * resident * f.bulk_ops * p.bulk_copy_cycles / p.clock_hz
    terms["latency"] = waves * latency_chain(f, target)
    if f.peak:       # no SM finishes before the longest block does, alone on its SM (L2: its share)
        for k, x in zip(per_block, f.peak):
            terms[k] = max(terms[k], x / r[k])
        terms["l2"] = max(terms["l2"], f.peak[4] * 32 * p.sm_count / p.l2_bytes_per_s)
        terms["latency"] = max(terms["latency"], latency_chain(f, target, longest=True))
    worst = max(terms, key=lambda k: (terms[k], k))
    seconds = terms[worst] + p.launch_overhead_s
    why = _why(worst, f, target, occ, waves)
    if p.launch_overhead_s > terms[worst]:
        why = f"the launch ({p.launch_overhead_s * 1e6:.0f} us) outweighs the work; {why}"
    return _result(f, target, seconds, tuple(sorted(terms.items())), BOUNDS[worst], why, occ, waves,
                   registers_source)


def latency_chain(f: Features, target: Target, longest: bool = False) -> float:
    """One block's chain of global round trips (the mean block's, or the longest block's):
    each round outside loops costs a latency L; a loop that reads global memory costs L to
    fill, then per iteration L / n when cp.async keeps n iterations in flight, or L plus the
    iteration's own work when nothing overlaps."""
    p = target.perf
    lat = p.global_latency_cycles / p.clock_hz
    r = rates(target)
    chain = (f.peak[5] if longest else f.rounds) * lat
    for iterations, executions, overlap, tc, fp32, sfu, wf in (f.peak_loops if longest else f.loops):
        alone = max(tc / r["tensor core"], fp32 / r["fp32"], sfu / r["sfu"], wf / r["shared"])
        per = lat / overlap if overlap >= 1 else lat + alone
        chain += executions * lat + iterations * per
    return chain


def _why(worst: str, f: Features, target: Target, occ: int, waves: int) -> str:
    """One line on the largest term and what it comes from."""
    p = target.perf
    over = max(0, f.registers_wanted - f.registers)
    spill = f", {over} more spilled to local memory, not modelled" if over else ""
    fit = (f"{occ} block(s)/SM ({f.registers} regs{spill}, {f.smem_bytes} B shared), "
           f"{waves} wave(s) over {p.sm_count} SMs")
    if worst == "tensor core":
        return f"mma.sync at {p.mma_sync_fraction:.0%} of {p.tensor_flops / 1e12:.0f} TFLOP/s; {fit}"
    if worst in ("fp32", "sfu"):
        return f"{worst.upper()} pipe: {f.fp32_ops if worst == 'fp32' else f.sfu_ops:.3g} lane ops/block; {fit}"
    if worst == "shared":
        return f"shared memory: {f.wavefronts:.3g} wavefronts/block (bank conflicts included); {fit}"
    if worst == "dram":
        return f"DRAM: {f.dram_bytes / 1e6:.4g} MB at {p.dram_bytes_per_s / 1e12:.2f} TB/s"
    if worst == "bulk issue":
        return (f"bulk copies: {f.bulk_ops:.3g} instructions/block, one every {p.bulk_copy_cycles:g} cycles per SM; "
                f"{fit}")
    if worst == "l2":
        return f"L2: {f.blocks * f.sectors * 32 / 1e6:.4g} MB requested at {p.l2_bytes_per_s / 1e12:.1f} TB/s"
    loops = "; ".join(f"{int(lp[0])} iterations with {int(lp[2])} in flight" for lp in f.loops)
    return f"global load latency: {f.rounds} round trip(s){'; ' + loops if loops else ''} per block; {fit}"


def _result(f, target, seconds, terms, bound, why, occ, waves, source) -> Prediction:
    traffic = f.blocks * f.sectors * 32
    ok = math.isfinite(seconds) and seconds > 0
    return Prediction(seconds, f.flops, f.dram_bytes, f.flops / seconds / 1e12 if ok else 0.0,
                      f.dram_bytes / seconds / 1e9 if ok else 0.0, f.flops / traffic if traffic else 0.0,
                      bound, why, occ, waves, f.registers, source, terms, f)


def with_constants(target: Target, **constants: float) -> Target:
    """The target with some performance constants replaced (calibration)."""
    return dataclasses.replace(target, perf=dataclasses.replace(target.perf, **constants))


def cubin_registers(kernel: ir.Kernel, text: str | None, cache_dir: Path) -> int:
    """Registers per thread of the compiled kernel (raises compile.CompileUnavailable
    without the NVIDIA compiler wheels)."""
    from .compile import compile_kernel
    from .module import lower
    regs = compile_kernel(lower(kernel, text), cache_dir).resource("REG")
    if regs < 0:
        raise LoweringError("no register count in the compiled kernel's resource line", kernel.span)
    return regs


__all__ = ["LABEL", "Features", "ModelError", "Prediction", "evaluate", "features", "predict"]
