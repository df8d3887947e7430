"""Scaling of the memory rules: a generated S-stage pipelined GEMM at 64..1024 threads.

Thread ids are solver variables, so the cost should not grow with the thread count;
stages add accesses and commit groups. Prints a table and writes
bench/results/verify_rules.json (git-ignored). No timing is asserted anywhere.

    .venv/bin/python bench/verify_rules.py [--repeat 3] [--rules RACE,ASYNC,...]
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from pathlib import Path

from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

THREADS = (64, 128, 256, 512, 1024)
STAGES = (2, 3, 4, 5)
WARPS = {64: (1, 2), 128: (2, 2), 256: (2, 4), 512: (4, 4), 1024: (4, 8)}
MEMORY_RULES = ("RACE", "SYNC", "ASYNC", "WAR", "BOUND", "INIT", "COVER", "RES", "BANK")


def pipelined_gemm(threads: int, stages: int) -> str:
    wm, wn = WARPS[threads]
    return f"""kernel gemm_s{stages}_t{threads}(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % 128 == 0 and N % 128 == 0 and K % 32 == 0 and K >= 32
    const BM, BN, BK, S = 128, 128, 32, {stages}
    grid (M / BM, N / BN)
    threads {threads}
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    sA = shared f16[S, BM, BK] swizzle(2, 3, 3)
    sB = shared f16[S, BK, BN]
    acc = zeros f32[BM, BN] layout mma_m16n8k16(warps=({wm}, {wn}))
    for p in range(S - 1):
        if p < K / BK:
            copy_async sA[p], A[block.x * BM : +BM, p * BK : +BK] layout copy(vec=8)
            copy_async sB[p], B[p * BK : +BK, block.y * BN : +BN] layout copy(vec=8)
        commit
    for kt in range(K / BK):
        wait_group S - 2
        barrier
        a = load sA[kt % S]
        b = load sB[kt % S]
        acc = mma(a, b, acc)
        barrier
        if kt + S - 1 < K / BK:
            copy_async sA[(kt + S - 1) % S], A[block.x * BM : +BM, (kt + S - 1) * BK : +BK] layout copy(vec=8)
            copy_async sB[(kt + S - 1) % S], B[(kt + S - 1) * BK : +BK, block.y * BN : +BN] layout copy(vec=8)
        commit
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
"""


def run(threads: int, stages: int, rules: tuple[str, ...], repeat: int) -> dict:
    kernel = check_source(pipelined_gemm(threads, stages), f"gemm_s{stages}_t{threads}.dsl").kernel
    times, verdict = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        verdict = verify_kernel(kernel, VerifyOptions(rules=rules))
        times.append(time.perf_counter() - t0)
    failed = sorted({f.rule for f in verdict.findings if f.severity == "error"})
    return {"threads": threads, "stages": stages, "seconds": statistics.median(times), "runs": times,
            "status": verdict.status, "failed_rules": failed, "obligations": verdict.obligations,
            "queries": verdict.queries, "phases": dict(verdict.timings)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rules", default=",".join(MEMORY_RULES))
    args = ap.parse_args()
    rules = tuple(r.strip().upper() for r in args.rules.split(",") if r.strip())
    rows = [run(t, s, rules, args.repeat) for s in STAGES for t in THREADS]
    print(f"rules: {', '.join(rules)}  (median of {args.repeat} runs)")
    print(f"{'stages':>6} {'threads':>7} {'seconds':>8} {'queries':>7} {'obligations':>11}  status")
    for r in rows:
        note = f" ({', '.join(r['failed_rules'])})" if r["failed_rules"] else ""
        print(f"{r['stages']:>6} {r['threads']:>7} {r['seconds']:>8.2f} {r['queries']:>7} {r['obligations']:>11}"
              f"  {r['status']}{note}")
    out = Path(__file__).resolve().parent / "results"
    out.mkdir(exist_ok=True)
    doc = {"benchmark": "verify_rules", "rules": rules, "python": platform.python_version(),
           "machine": platform.machine(), "rows": rows}
    (out / "verify_rules.json").write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    print(f"wrote {out / 'verify_rules.json'}")


if __name__ == "__main__":
    main()
