"""How proving cost grows with threads per block and pipeline stages.

Generates the pipelined GEMM of proofs/ at 64, 256 and 1024 threads and 2 to 5 stages,
verifies each several times, and reports parse, encode, tag and solver seconds and the
number of queries (medians). Also times `argus-verify` on the shipped kernel end to end,
start-up included. Prints a table; writes bench/results/verify_scaling.json.
"""
from __future__ import annotations

import json
import platform
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dsl.check import check_source  # noqa: E402
from encode.verifier import VerifyOptions, verify_kernel  # noqa: E402

WARPS = {64: (1, 2), 256: (2, 4), 1024: (4, 8)}
REPEATS = 5


def variant(threads: int, stages: int) -> str:
    src = (ROOT / "proofs/gemm_pipelined.dsl").read_text()
    src = src.replace("threads 256", f"threads {threads}")
    src = src.replace("warps=(2, 4)", f"warps={WARPS[threads]}")
    return re.sub(r"const BM, BN, BK, S = 128, 128, 32, 3", f"const BM, BN, BK, S = 128, 128, 32, {stages}", src)


def measure(text: str) -> dict:
    rows = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        result = check_source(text, "variant.dsl")
        t1 = time.perf_counter()
        verdict = verify_kernel(result.kernel, VerifyOptions(rules=("TAG",)))
        t2 = time.perf_counter()
        rows.append({"parse_s": t1 - t0, "verify_s": t2 - t1, **{f"{k}_s": v for k, v in verdict.timings},
                     "queries": verdict.queries, "status": verdict.status})
    out = {k: statistics.median(r[k] for r in rows) for k in rows[0] if k.endswith("_s") or k == "queries"}
    out["status"] = rows[0]["status"]
    return out


def cli_wall() -> float:
    exe = Path(sys.executable).with_name("argus-verify")
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run([str(exe), "--rules", "TAG", str(ROOT / "proofs/gemm_pipelined.dsl")], check=True,
                       capture_output=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    results = []
    for threads in (64, 256, 1024):
        for stages in (2, 3, 4, 5):
            results.append({"threads": threads, "stages": stages, **measure(variant(threads, stages))})
    wall = cli_wall()
    print(f"{'threads':>7} {'stages':>6} {'status':>8} {'parse ms':>9} {'encode ms':>9} {'tag ms':>8} "
          f"{'solve ms':>9} {'verify ms':>9} {'queries':>7}")
    for r in results:
        print(f"{r['threads']:>7} {r['stages']:>6} {r['status']:>8} {1e3 * r['parse_s']:>9.1f} "
              f"{1e3 * r['encode_s']:>9.1f} {1e3 * r['tag_s']:>8.1f} {1e3 * r['solve_s']:>9.1f} "
              f"{1e3 * r['verify_s']:>9.1f} {r['queries']:>7.0f}")
    by_threads = [statistics.median(r["verify_s"] for r in results if r["threads"] == t) for t in (64, 256, 1024)]
    ratio = max(by_threads) / min(by_threads)
    print(f"max/min verify time across 64/256/1024 threads (median over stages): {ratio:.2f}")
    print(f"argus-verify proofs/gemm_pipelined.dsl wall clock incl. start-up: {wall:.2f} s")
    out = {"date": time.strftime("%Y-%m-%d"), "machine": platform.platform(), "python": platform.python_version(),
           "cpus": __import__("os").cpu_count(), "repeats": REPEATS, "results": results,
           "thread_ratio": ratio, "cli_wall_s": wall}
    path = ROOT / "bench/results/verify_scaling.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(out, indent=2, sort_keys=True))
    print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
