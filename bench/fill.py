"""`argus fill` on sketches of proofs/ kernels: counterexample feedback against pass/fail.

Each sketch in bench/sketches/ opens the places people get wrong (pipeline slot, wait
count, prefetch distance, swizzle, transpose index, reduction offsets, unbounded tile
offsets). Both feedback modes fill it, stopping at the first completion that proves
(`first`, what `argus fill` does) and, with --all, classifying every candidate of the
domain (what `argus tune` needs). Prints one table and writes bench/results/fill.json
(git-ignored). No timing is asserted anywhere.

    python bench/fill.py [--all] [--only NAME,...]   (--only updates those rows of fill.json)
"""
from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from synth.cegis import FEEDBACK, FillOptions, fill, with_labels
from synth.sketch import load_sketch

ROOT = Path(__file__).resolve().parent
SKETCHES = ROOT / "sketches"
MAX_ROUNDS = 12      # Z3 rounds per unbounded solve: pass/fail feedback, which learns one
                     # value per round, runs out here on answers it would reach only by counting


def run(path: Path, feedback: str, exhaustive: bool) -> dict:
    sketch, diags = load_sketch(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT.parent)))
    if sketch is None:
        raise SystemExit(f"{path}: {diags[0].message}")
    r = fill(sketch, FillOptions(exhaustive=exhaustive, max_rounds=MAX_ROUNDS), feedback)
    return {"sketch": path.stem, "feedback": feedback, "mode": "all" if exhaustive else "first",
            "holes": len(sketch.holes), "status": r.status,
            "values": [f"{n}={v}" for n, v in with_labels(sketch, r.values)],
            "completions": len(r.completions), "candidates": r.candidates, "verifications": r.verifications,
            "pruned": r.pruned, "replays": r.replays, "solver_rounds": r.solver_rounds, "seconds": round(r.seconds, 2)}


def table(rows: list[dict]) -> str:
    head = ("| sketch | mode | holes | status | candidates cex / passfail | verifications cex / passfail | "
            "pruned | replays | Z3 rounds cex / passfail | seconds cex / passfail |")
    out = [head, "|" + "---|" * 10]
    pairs = {}
    for r in rows:
        pairs.setdefault((r["sketch"], r["mode"]), {})[r["feedback"]] = r
    for (name, mode), p in pairs.items():
        c, b = p["counterexample"], p["passfail"]
        status = f"{c['status']} {' '.join(c['values'])}"
        if b["status"] != c["status"]:
            status += f" (passfail: {b['status']})"
        out.append(f"| {name} | {mode} | {c['holes']} | {status} | "
                   f"{c['candidates']} / {b['candidates']} | {c['verifications']} / {b['verifications']} | "
                   f"{c['pruned']} | {c.get('replays', '')} | {c['solver_rounds']} / {b['solver_rounds']} | "
                   f"{c['seconds']:.1f} / {b['seconds']:.1f} |")
    for mode in sorted({r["mode"] for r in rows}):
        vc = sum(r["verifications"] for r in rows if r["mode"] == mode and r["feedback"] == "counterexample")
        vb = sum(r["verifications"] for r in rows if r["mode"] == mode and r["feedback"] == "passfail")
        out.append(f"\n{mode}: {vc} full verifications with counterexamples, {vb} with pass/fail "
                   f"(ratio {vc / max(1, vb):.2f})")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--all", action="store_true", help="also classify every candidate of each domain")
    ap.add_argument("--only", default="", help="comma-separated sketch names")
    args = ap.parse_args()
    only = {n.strip() for n in args.only.split(",") if n.strip()}
    paths = [p for p in sorted(SKETCHES.glob("*.dsl")) if not only or p.stem in only]
    modes = (False, True) if args.all else (False,)
    rows, t0 = [], time.perf_counter()
    for path in paths:
        for exhaustive in modes:
            for feedback in FEEDBACK:
                rows.append(run(path, feedback, exhaustive))
    out = ROOT / "results" / "fill.json"
    out.parent.mkdir(exist_ok=True)
    if only and out.exists():   # a partial run updates its rows of the last full table
        key = lambda r: (r["sketch"], r["mode"], r["feedback"])
        fresh = {key(r) for r in rows}
        rows = [r for r in json.loads(out.read_text())["rows"] if key(r) not in fresh] + rows
        rows.sort(key=lambda r: (r["sketch"], r["mode"] != "first", r["feedback"]))
    print(table(rows))
    meta = {"machine": platform.platform(), "python": platform.python_version(),
            "date": time.strftime("%Y-%m-%d", time.gmtime()), "seconds": round(time.perf_counter() - t0, 1)}
    out.write_text(json.dumps({"meta": meta, "rows": rows}, indent=2, sort_keys=True) + "\n")
    print(f"\nwrote {out.relative_to(ROOT.parent)} ({meta['seconds']} s)")


if __name__ == "__main__":
    main()
