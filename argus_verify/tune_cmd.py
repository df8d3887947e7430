"""`argus tune` (rank the proved configurations of a sketch's finite-domain holes by the
cost model) and `argus calibrate` (fit the model's constants to GPU measurements).

Exit codes: 0 at least one configuration proved (tune) or a fit was made (calibrate),
1 none proved and some refuted, 3 none proved and some unknown, 2 bad input.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from .lower_cmd import cache_dir
from .render import format_diagnostic
from .source import read_source

MODEL_NOTE = ("model: predicted by the analytical cost model (docs/COSTMODEL.md) for {card}, "
              "registers from the {regs}; not measured")


def tune_main(args) -> int:
    from codegen_cuda.runner import RunError, parse_sizes
    from encode.target import UnknownTarget, load_target
    from synth.sketch import load_sketch
    from synth.tune import REGISTER_MODES, TuneError, TuneOptions, tune
    text, diags = read_source(args.file)
    sketch = None
    if text is not None:
        sketch, diags = load_sketch(text, args.file)
    if sketch is None:
        for d in diags:
            print(format_diagnostic(d, text), file=sys.stderr)
        return 2
    try:
        sizes = parse_sizes(args.size)
        _check_size_names(text, args.file, sizes)
        target = load_target(args.target)
        if target.perf is None:
            raise TuneError(f"target {target.name} has no performance constants for the cost model")
        if args.registers not in REGISTER_MODES or args.jobs < 1 or args.top < 1:
            raise TuneError("--registers is auto, cubin or estimate; --jobs and --top are at least 1")
    except (RunError, UnknownTarget, TuneError) as err:
        print(f"argus tune: error: {err}", file=sys.stderr)
        return 2
    # a reference beside the sketch (NAME.ref.py): the best configurations must match it
    from codegen_cuda.test_sizes import sketch_reference
    try:
        ref = sketch_reference(args.file)
    except RunError as err:
        print(f"argus tune: error: {err}", file=sys.stderr)
        return 2
    opts = TuneOptions(target=args.target, timeout_s=args.timeout, seed=args.seed, jobs=args.jobs,
                       registers=args.registers, refine=args.top, cache_dir=str(cache_dir()),
                       reference=str(ref) if ref is not None else None)

    def progress(phase: str, done: int, total: int, out) -> None:
        if not args.quiet:
            p = out.prediction
            regs = f", {p.registers} registers ({_regs_source(p)})" if p is not None else ""
            print(f"[{phase} {done}/{total}] {_values(out.values)}: {out.status}{regs}", file=sys.stderr, flush=True)
    try:
        result = tune(sketch, sizes, opts, progress)
    except TuneError as err:
        print(f"argus tune: error: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result_json(result, sizes, target, args.file), indent=2, sort_keys=True))
    else:
        print(table(result, target, args.top))
    statuses = {o.status for o in result.others}
    if result.ranked or any(o.status in ("proved", "not modelled") for o in result.others):
        return 0
    return 1 if "violation" in statuses else 3 if "unknown" in statuses else 1


def _check_size_names(text: str, path: str, sizes) -> None:
    """The sizes name the sketch's sizes, each once and positive: bad input, said once, not a
    rejection of every configuration (new-user round 38: exit 1 with no reason)."""
    from dsl.check import check_source
    from synth.tune import TuneError
    kernel = check_source(text, path, synth=True).kernel
    if kernel is None:
        return
    missing = [n for n in kernel.sizes if n not in dict(sizes)]
    unknown = [n for n in dict(sizes) if n not in kernel.sizes]
    if missing or unknown:
        raise TuneError(f"kernel {kernel.name} takes sizes {', '.join(kernel.sizes)}"
                        + (f"; missing {', '.join(missing)}" if missing else "")
                        + (f"; unknown {', '.join(unknown)}" if unknown else ""))
    bad = [f"{n}={v}" for n, v in dict(sizes).items() if v < 1]
    if bad:
        raise TuneError(f"sizes must be positive: {', '.join(bad)}")


def _values(values) -> str:
    return " ".join(f"{k}={v}" for k, v in values)


def _regs_source(p) -> str:
    return f"{p.registers_source}, {p.spilled} spilled" if p.spilled else p.registers_source


def _prediction_json(p) -> dict | None:
    if p is None:
        return None
    return {"label": p.label, "seconds": p.seconds, "tflops": p.tflops, "gbps": p.gbps, "bound": p.bound,
            "why": p.why, "occupancy": p.occupancy, "waves": p.waves, "registers": p.registers,
            "registers_source": p.registers_source, "registers_spilled": p.spilled, "flops": p.flops, "bytes_global": p.bytes_global,
            "intensity": p.intensity, "terms": dict(p.terms)}


def result_json(result, sizes, target, path: str) -> dict:
    row = lambda o: {"values": dict(o.values), "status": o.status, "reason": o.reason,
                     "model": _prediction_json(o.prediction)}
    return {"sketch": path, "sizes": dict(sizes), "target": target.name, "card": target.perf.card,
            "label": "model", "total": result.total, "ranked": [row(o) for o in result.ranked],
            "others": [row(o) for o in result.others]}


def table(result, target, top: int) -> str:
    rows = [("#", "values", "verdict", "registers", "model us", "model TFLOP/s", "model GB/s", "model bound",
             "model why")]
    for i, o in enumerate(result.ranked[:top], 1):
        p = o.prediction
        rows.append((str(i), _values(o.values), o.status, f"{p.registers} ({_regs_source(p)})",
                     f"{p.seconds * 1e6:.1f}", f"{p.tflops:.1f}", f"{p.gbps:.0f}", p.bound, p.why))
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]) - 1)]
    lines = ["  ".join(x.ljust(w) for x, w in zip(r[:-1], widths)) + "  " + r[-1] for r in rows]
    lines.insert(1, "-" * len(lines[0]))
    counts = {}
    for o in result.others:
        counts[o.status] = counts.get(o.status, 0) + 1
    summary = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
    regs = {o.prediction.registers_source for o in result.ranked} or {"estimate"}
    lines.append(f"{result.total} configurations: {len(result.ranked)} proved and ranked"
                 + (f", {summary}" if summary else ""))
    for o in result.others:
        if o.status != "rejected":
            lines.append(f"  {_values(o.values)}: {o.status}: {o.reason}")
    rejected: dict[str, int] = {}
    for o in result.others:
        if o.status == "rejected":
            rejected[o.reason] = rejected.get(o.reason, 0) + 1
    for why, n in sorted(rejected.items(), key=lambda kv: (-kv[1], kv[0])):
        # new-user round 38: the reasons were in --json only
        lines.append(f"  rejected ({n}): {why}")
    lines.append(MODEL_NOTE.format(card=target.perf.card, regs=" and ".join(
        "compiled cubin" if r == "cubin" else "model's estimate" for r in sorted(regs))))
    return "\n".join(lines)


def calibrate_main(args) -> int:
    from codegen_cuda.calibrate import CalibrationError, calibrate, load_measurements
    from encode.target import UnknownTarget, load_target
    try:
        target = load_target(args.target)
        rows = load_measurements(Path(args.results), Path(args.bundle) if args.bundle else None)
        fit = calibrate(rows, target)
    except (UnknownTarget, CalibrationError, OSError, ValueError) as err:
        print(f"argus calibrate: error: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(fit.as_json(), indent=2, sort_keys=True))
    else:
        print(fit.report())
    if args.write:
        Path(args.write).write_text(json.dumps(fit.target_perf_json(), indent=2) + "\n")
        print(f"wrote the fitted constants to {args.write}", file=sys.stderr)
    return 0


def register(sub) -> None:
    t = sub.add_parser("tune", help="rank the proved configurations of a sketch's ??{...} constants by the "
                       "cost model (model)")
    t.add_argument("file", metavar="SKETCH")
    t.add_argument("--size", required=True, help="e.g. M=4096,N=4096,K=4096")
    t.add_argument("--target", default="sm_90")
    t.add_argument("--top", type=int, default=10, help="rows of the ranked table (default 10)")
    t.add_argument("--json", action="store_true", help="every configuration, machine-readable")
    t.add_argument("--jobs", type=int, default=1, help="configurations proved at once, in processes")
    t.add_argument("--registers", default="auto", help="auto (default: the --top best by the estimate "
                   "again with the compiled cubin's registers, when the NVIDIA compiler wheels are installed), "
                   "cubin (every proved configuration; slow), or estimate")
    t.add_argument("--timeout", type=float, default=10.0, help="solver seconds per query")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    t.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    t.set_defaults(handler=tune_main)
    c = sub.add_parser("calibrate", help="fit the cost model's constants to bench/gpu.py measurements")
    c.add_argument("results", metavar="RESULTS.json", help="bench/gpu.py's JSON (rows with ms and the model's "
                   "features)")
    c.add_argument("--bundle", help="the bundle the results came from, when the rows lack the features "
                   "(its manifest.json holds them)")
    c.add_argument("--target", default="sm_90")
    c.add_argument("--json", action="store_true")
    c.add_argument("--write", metavar="PATH", help="write the fitted \"perf\" object (labelled measured) here")
    c.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    c.set_defaults(handler=calibrate_main)
