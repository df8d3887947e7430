"""Proving time of every kernel in proofs/ under all rules (median of 3 runs).

Prints a markdown table (the one in docs/PROOFS.md) and writes bench/results/proofs.json.
"""
from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dsl.check import check_source  # noqa: E402
from encode.verifier import verify_kernel  # noqa: E402

REPEATS = 3


def first_comment(text: str) -> str:
    lines = [l[1:].strip() for l in text.splitlines() if l.startswith("#")]
    return lines[0] if lines else ""


def main() -> None:
    rows = []
    for path in sorted((ROOT / "proofs").glob("*.dsl")):
        text = path.read_text()
        times, verdict = [], None
        for _ in range(REPEATS):
            t0 = time.perf_counter()
            kernel = check_source(text, str(path.relative_to(ROOT))).kernel
            verdict = verify_kernel(kernel)
            times.append(time.perf_counter() - t0)
        rows.append({"kernel": path.stem, "status": verdict.status, "obligations": verdict.obligations,
                     "queries": verdict.queries, "seconds": statistics.median(times),
                     "what": first_comment(text)})
    print("| kernel | status | obligations | queries | seconds |")
    print("|---|---|---:|---:|---:|")
    for r in rows:
        print(f"| {r['kernel']} | {r['status']} | {r['obligations']} | {r['queries']} | {r['seconds']:.2f} |")
    out = ROOT / "bench/results/proofs.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"date": time.strftime("%Y-%m-%d"), "machine": platform.platform(),
                               "repeats": REPEATS, "kernels": rows}, indent=2, sort_keys=True))
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
