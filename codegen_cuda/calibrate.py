"""Calibration of the cost model against GPU measurements: the rank correlation (Spearman)
and error of the model before and after fitting the target's performance constants to the
measured times. Works on stored Features only (bench/gpu.py rows and bundle manifests),
so no kernel needs to be parsed or lowered here. See docs/COSTMODEL.md, "Calibration".
"""
from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass
from pathlib import Path

from encode.target import Target

from .costmodel import Features, evaluate, with_constants

# constants the fit may scale; the measured peaks of the run replace two of them first. The
# launch overhead is not among them: no timed kernel is short enough to show it, and on the
# first H200 run (2026-12-04) the fit used it to absorb the row kernels' slowness (323 us).
FITTED = ("dram_bytes_per_s", "l2_bytes_per_s", "mma_sync_fraction", "fp32_lanes_per_clock_sm",
          "shared_bytes_per_clock_sm", "global_latency_cycles")
HUBER = 0.5      # log-error (a factor 1.65) beyond which a kernel's pull on the fit grows linearly, not squared
FACTORS = tuple(2 ** (i / 4) for i in range(-12, 13))      # 1/8 .. 8 in quarter octaves
SWEEPS = 4


class CalibrationError(Exception):
    """The results cannot be used (no timed rows, no model features)."""


@dataclass(frozen=True)
class Measured:
    kernel: str
    seconds: float
    features: Features


@dataclass(frozen=True)
class Fit:
    rows: tuple[Measured, ...]
    before: Target
    after: Target
    peaks: dict

    def stats(self, target: Target) -> dict:
        pred = [evaluate(r.features, target).seconds for r in self.rows]
        meas = [r.seconds for r in self.rows]
        errs = sorted(abs(p - m) / m for p, m in zip(pred, meas))
        return {"spearman": spearman(pred, meas), "median_rel_error": errs[len(errs) // 2],
                "max_rel_error": errs[-1], "rms_log_error": _loss(pred, meas)}

    def changed(self) -> list[tuple[str, float, float]]:
        return [(n, getattr(self.before.perf, n), getattr(self.after.perf, n)) for n in FITTED + ("tensor_flops",)
                if getattr(self.before.perf, n) != getattr(self.after.perf, n)]

    def as_json(self) -> dict:
        return {"label": "model", "rows": len(self.rows), "before": self.stats(self.before),
                "after": self.stats(self.after), "peaks": self.peaks,
                "constants": {n: {"before": a, "after": b} for n, a, b in self.changed()},
                "kernels": [{"kernel": r.kernel, "measured_s": r.seconds,
                             "model_before_s": evaluate(r.features, self.before).seconds,
                             "model_after_s": evaluate(r.features, self.after).seconds} for r in self.rows]}

    def report(self) -> str:
        b, a = self.stats(self.before), self.stats(self.after)
        lines = [f"calibration of the cost model (model) on {len(self.rows)} timed kernels, target {self.after.name}",
                 f"{'':<22}{'Spearman':>10}{'median |err|':>14}{'max |err|':>11}",
                 f"{'before (shipped)':<22}{b['spearman']:>10.3f}{b['median_rel_error']:>13.1%}{b['max_rel_error']:>11.1%}",
                 f"{'after (fitted)':<22}{a['spearman']:>10.3f}{a['median_rel_error']:>13.1%}{a['max_rel_error']:>11.1%}",
                 "constants:"]
        lines += [f"  {n}: {x:.4g} -> {y:.4g}" for n, x, y in self.changed()] or ["  (none changed)"]
        lines.append(f"{'kernel':<20}{'measured us':>12}{'model us':>10}{'fitted us':>10}")
        for r in self.rows:
            lines.append(f"{r.kernel:<20}{r.seconds * 1e6:>12.1f}{evaluate(r.features, self.before).seconds * 1e6:>10.1f}"
                         f"{evaluate(r.features, self.after).seconds * 1e6:>10.1f}")
        return "\n".join(lines)

    def target_perf_json(self) -> dict:
        """The fitted "perf" object for a target file, the fitted constants labelled measured."""
        p = self.after.perf
        changed = {n for n, _, _ in self.changed()}
        out = {}
        for name, source, note in p.sources:
            out[name] = {"value": getattr(p, name), "source": "measured" if name in changed else source,
                         "note": f"fitted by argus calibrate on {len(self.rows)} kernels" if name in changed else note}
        return out


def features_of(d: dict) -> Features:
    return Features(**{**d, "loops": tuple(tuple(x) for x in d["loops"]), "peak": tuple(d.get("peak", ())),
                       "peak_loops": tuple(tuple(x) for x in d.get("peak_loops", ()))})


def features_json(f: Features) -> dict:
    """The features as JSON; the longest block's figures only where blocks differ."""
    d = dataclasses.asdict(f)
    d["loops"] = [list(x) for x in f.loops]
    if f.peak:
        d["peak"], d["peak_loops"] = list(f.peak), [list(x) for x in f.peak_loops]
    else:
        del d["peak"], d["peak_loops"]
    return d


def load_measurements(results: Path, bundle: Path | None = None) -> tuple[list[Measured], dict]:
    """(timed rows with the model's features, the measured peaks) from bench/gpu.py's JSON;
    a row's features come from the row ("model") or from the bundle's manifest."""
    data = json.loads(results.read_text())
    manifest = {}
    if bundle is not None:
        manifest = {e["name"]: e.get("model") for e in json.loads((bundle / "manifest.json").read_text())}
    rows = []
    for r in data.get("rows", []):
        model = r.get("model") or manifest.get(r.get("kernel"))
        if not r.get("ms") or not model or "features" not in model:
            continue
        if model.get("sizes") and r.get("sizes") and model["sizes"] != r["sizes"]:
            continue      # the features were counted at other sizes
        rows.append(Measured(r["kernel"], r["ms"] / 1e3, features_of(model["features"])))
    if len(rows) < 2:
        raise CalibrationError(f"{results}: fewer than two timed rows with model features "
                               "(run bench/gpu.py on a bundle written by `argus lower --bundle`)")
    return sorted(rows, key=lambda m: m.kernel), data.get("peaks") or {}


def calibrate(loaded: tuple[list[Measured], dict], target: Target) -> Fit:
    rows, peaks = loaded
    start = target
    if isinstance(peaks.get("copy_gbps"), (int, float)):
        start = with_constants(start, dram_bytes_per_s=peaks["copy_gbps"] * 1e9)
    if isinstance(peaks.get("fp16_tflops"), (int, float)):
        start = with_constants(start, tensor_flops=peaks["fp16_tflops"] * 1e12)
    meas = [r.seconds for r in rows]
    best = start
    best_loss = _robust_loss([evaluate(r.features, best).seconds for r in rows], meas)
    for _ in range(SWEEPS):
        for name in FITTED:
            base = getattr(best.perf, name)
            for f in FACTORS:
                value = base * f
                if name == "mma_sync_fraction":
                    value = min(1.0, value)
                cand = with_constants(best, **{name: type(base)(value) if isinstance(base, int) else value})
                loss = _robust_loss([evaluate(r.features, cand).seconds for r in rows], meas)
                if loss < best_loss - 1e-12:
                    best, best_loss = cand, loss
    return Fit(tuple(rows), target, best, dict(peaks))


def _robust_loss(pred: list[float], meas: list[float]) -> float:
    """Huber loss on the log error: a kernel whose cost the model's features miss (the causal
    attention's triangular loop, 1000x on the H200) pulls on the constants no harder than a
    kernel the model is a factor e off, instead of dragging every constant towards itself."""
    terms = [abs(math.log(p) - math.log(m)) for p, m in zip(pred, meas) if p > 0 and math.isfinite(p)]
    if len(terms) != len(meas):
        return math.inf
    return sum(d * d / 2 if d < HUBER else HUBER * (d - HUBER / 2) for d in terms) / len(terms)


def _loss(pred: list[float], meas: list[float]) -> float:
    terms = [(math.log(p) - math.log(m)) ** 2 for p, m in zip(pred, meas) if p > 0 and math.isfinite(p)]
    return math.sqrt(sum(terms) / len(terms)) if len(terms) == len(meas) else math.inf


def spearman(x: list[float], y: list[float]) -> float:
    """Spearman's rank correlation (average ranks for ties); 0 when either side is constant."""
    rx, ry = _ranks(x), _ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    vy = math.sqrt(sum((b - my) ** 2 for b in ry))
    return cov / (vx * vy) if vx and vy else 0.0


def _ranks(v: list[float]) -> list[float]:
    order = sorted(range(len(v)), key=lambda i: v[i])
    out = [0.0] * len(v)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out
