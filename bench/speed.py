"""Verifier speed: start-up, gemm_pipelined, the proofs/ library in one run, every bad kernel.

Wall and CPU seconds side by side (the shared 2-core box makes wall time noisy; CPU time is
what a run costs); queries and solve seconds as the verifier reports them. Prints a table
and writes bench/results/speed.json (git-ignored). No timing is asserted anywhere.

    python bench/speed.py [--skip-bad] [--repeat 3] [--code DIR]

`--code DIR` times another checkout's verifier (e.g. the main branch) on this checkout's
kernels, for a before/after ratio measured in one sitting.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# -P: the working directory is not put first on sys.path, so PYTHONPATH (--code) decides.
CLI = [sys.executable, "-P", "-c", "import sys; from argus_verify.cli import verify_main; sys.exit(verify_main())"]
STARTUP = [sys.executable, "-P", "-c", "import argus_verify.cli, argus_verify.commands, dsl.parser as p; p._parser()"]
TARGETS = {"start-up": 0.3, "gemm_pipelined verify": 0.8, "gemm_pipelined process": 1.5,
           "library, one process": 5.0, "slowest bad kernel": 3.0}


def _child(cmd: list[str], code: Path) -> tuple[float, float, int]:
    """(wall, CPU of the child, exit code) of one process run from the repository root."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, env={**os.environ, "PYTHONPATH": str(code)})
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out.returncode


def _in_process(path: Path, rules: tuple[str, ...] = ()) -> dict:
    from dsl.check import check_source
    from encode.verifier import VerifyOptions, verify_kernel
    t0, c0 = time.perf_counter(), time.process_time()
    kernel = check_source(path.read_text(), str(path.relative_to(ROOT))).kernel
    verdict = verify_kernel(kernel, VerifyOptions(rules=rules))
    timings = dict(verdict.timings)
    return {"kernel": str(path.relative_to(ROOT)), "status": verdict.status, "queries": verdict.queries,
            "wall_s": time.perf_counter() - t0, "cpu_s": time.process_time() - c0,
            "solve_s": timings.get("solve", 0.0)}


def _median_row(name: str, runs: list[tuple[float, float, int]], note: str = "") -> dict:
    return {"what": name, "wall_s": statistics.median(r[0] for r in runs),
            "cpu_s": statistics.median(r[1] for r in runs), "target_s": TARGETS.get(name), "note": note}


def measure(repeat: int, skip_bad: bool, code: Path) -> dict:
    rows = [_median_row("start-up", [_child(STARTUP, code) for _ in range(repeat)], "imports + parser tables")]
    gemm = ROOT / "proofs/gemm_pipelined.dsl"
    _in_process(gemm)                                  # warm: imports and parser tables
    g = [_in_process(gemm) for _ in range(repeat)]
    rows.append({"what": "gemm_pipelined verify", "wall_s": statistics.median(r["wall_s"] for r in g),
                 "cpu_s": statistics.median(r["cpu_s"] for r in g), "target_s": TARGETS["gemm_pipelined verify"],
                 "note": f"in process, {g[0]['queries']} queries, solve {g[0]['solve_s']:.2f} s"})
    rows.append(_median_row("gemm_pipelined process", [_child(CLI + [str(gemm)], code) for _ in range(repeat)],
                            "argus-verify, replay included"))
    library = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "proofs").glob("*.dsl"))
    rows.append(_median_row("library, one process", [_child(CLI + library, code) for _ in range(max(1, repeat - 1))],
                            f"{len(library)} kernels"))
    # The tree table (issue 17 class 6, <= 10 s each): the 3-, 5- and 7-level tree softmaxes
    # of tests/verify/kernels and their buggy siblings (wrong offset, missing barrier).
    kernels = sorted((ROOT / "tests/verify/kernels").glob("softmax_tree*.dsl"))
    kernels.append(ROOT / "proofs/flash_attention_pipelined.dsl")     # issue 17: <= 10 s
    kernels.append(ROOT / "bench/scan/scan128.dsl")     # new-user round 46's 7-level scan (45 s before round 53)
    extra = [_in_process(p) for p in kernels]
    bad = [] if skip_bad else [_in_process(p) for p in sorted((ROOT / "tests/kernels/bad").glob("*.dsl"))]
    if bad:
        worst = max(bad, key=lambda r: r["cpu_s"])
        rows.append({"what": "slowest bad kernel", "wall_s": worst["wall_s"], "cpu_s": worst["cpu_s"],
                     "target_s": TARGETS["slowest bad kernel"], "note": Path(worst["kernel"]).name})
    for r in extra:
        rows.append({"what": Path(r["kernel"]).stem, "wall_s": r["wall_s"], "cpu_s": r["cpu_s"], "target_s": 10.0,
                     "note": f"{r['status']}, {r['queries']} queries"})
    return {"rows": rows, "bad": sorted(bad, key=lambda r: -r["cpu_s"]), "extra": extra}


def table(result: dict) -> str:
    lines = ["| measurement | wall s | CPU s | target s | note |", "|---|---:|---:|---:|---|"]
    for r in result["rows"]:
        target = "" if r["target_s"] is None else f"{r['target_s']:.1f}"
        lines.append(f"| {r['what']} | {r['wall_s']:.2f} | {r['cpu_s']:.2f} | {target} | {r['note']} |")
    if result["bad"]:
        lines += ["", "| slowest bad kernels | status | queries | wall s | CPU s | solve s |", "|---|---|---:|---:|---:|---:|"]
        for r in result["bad"][:5]:
            lines.append(f"| {Path(r['kernel']).name} | {r['status']} | {r['queries']} | {r['wall_s']:.2f} | "
                         f"{r['cpu_s']:.2f} | {r['solve_s']:.2f} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--skip-bad", action="store_true", help="leave out the sweep over tests/kernels/bad")
    ap.add_argument("--code", type=Path, default=ROOT, help="the checkout whose verifier is timed")
    args = ap.parse_args()
    code = args.code.resolve()
    sys.path.insert(0, str(code))            # the in-process measurements import that verifier
    result = measure(max(1, args.repeat), args.skip_bad, code)
    print(table(result))
    out = ROOT / "bench/results" / ("speed.json" if code == ROOT else f"speed_{code.name}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    result["code"] = str(code)
    result["machine"] = {"python": platform.python_version(), "cpus": os.cpu_count(),
                         "date": time.strftime("%Y-%m-%d")}
    out.write_text(json.dumps(result, indent=2, sort_keys=True) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
