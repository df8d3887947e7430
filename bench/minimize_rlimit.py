"""Z3 resource counts (rlimit) of witness minimisation, over every kernel with a pinned witness.

Calibrates encode/solver.py's MINIMIZE_RLIMIT: each kernel is verified as its tests verify it
(tests/kernels/bad/tag_* with the TAG rule only, the rest with all rules) with no resource
limit on minimisation steps, and the largest step of each is listed. Prints a table and writes
bench/results/minimize_rlimit.json (git-ignored). No timing is asserted anywhere.

    python bench/minimize_rlimit.py [--top 15] [GLOB ...]
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GLOBS = ("tests/kernels/bad/*.dsl", "tests/verify/kernels/*.dsl", "tests/golden/*.dsl", "proofs/*.dsl")


def _kernel_rules(path: Path) -> tuple[str, ...]:
    return ("TAG",) if path.stem.startswith("tag_") and "kernels/bad" in str(path) else ()


def measure(path: Path, rlimit: int) -> dict | None:
    """The resource counts of one kernel's checks, minimisation steps under `rlimit`."""
    from dsl.check import check_source
    from encode.verifier import VerifyOptions, verify_kernel
    try:
        result = check_source(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    except UnicodeDecodeError:
        return None
    if not result.ok:
        return None                                    # a diagnostics golden: nothing to verify
    steps: list[tuple[int, str]] = []
    queries: list[int] = []

    def seen(kind: str, count: int, verdict) -> None:
        (steps.append((count, verdict.value)) if kind == "minimize" else queries.append(count))

    opts = VerifyOptions(rules=_kernel_rules(path), on_resources=seen, minimize_rlimit=rlimit)
    verdict = verify_kernel(result.kernel, opts)
    return {"kernel": str(path.relative_to(ROOT)), "status": verdict.status, "steps": len(steps),
            "max_step": max((c for c, _ in steps), default=0), "sum_steps": sum(c for c, _ in steps),
            "unknown_steps": sum(1 for _, v in steps if v == "unknown"), "max_query": max(queries, default=0)}


def table(rows: list[dict], top: int, limit: int) -> str:
    lines = [f"| kernel | status | minimisation steps | largest step | unknown steps | largest query |",
             "|---|---|---:|---:|---:|---:|"]
    for r in sorted(rows, key=lambda r: -r["max_step"])[:top]:
        lines.append(f"| {Path(r['kernel']).name} | {r['status']} | {r['steps']} | {r['max_step']:,} | "
                     f"{r['unknown_steps']} | {r['max_query']:,} |")
    worst = max((r["max_step"] for r in rows), default=0)
    lines += ["", f"{len(rows)} kernels, {sum(r['steps'] for r in rows)} minimisation steps; largest step "
              f"{worst:,}; limit in force {limit or 'none'}"]
    return "\n".join(lines)


def main() -> None:
    from encode.solver import MINIMIZE_RLIMIT
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("globs", nargs="*", default=list(GLOBS))
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--rlimit", type=int, default=0,
                    help=f"limit on minimisation steps while measuring (default 0: none; the solver's is {MINIMIZE_RLIMIT})")
    args = ap.parse_args()
    paths = sorted({p for g in args.globs for p in ROOT.glob(g)})
    rows = []
    for p in paths:
        r = measure(p, args.rlimit)
        if r is not None:
            rows.append(r)
            print(f"{r['kernel']}: {r['steps']} steps, largest {r['max_step']:,}", file=sys.stderr, flush=True)
    print(table(rows, args.top, args.rlimit))
    out = ROOT / "bench/results/minimize_rlimit.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"rlimit": args.rlimit, "solver_default": MINIMIZE_RLIMIT, "rows": rows},
                              indent=2, sort_keys=True) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
