"""Mutation testing of the verifier against the concrete interpreter, and of the lowering
against the CUDA simulator.

Every mutant (tests/soundness/mutate.py) of every proved kernel in proofs/ is either caught by the
verifier (a violation), or run on the interpreter at small sizes on random inputs, which
shows it equivalent (no violation, the original's outputs) or not. Outcomes:

  caught      the verifier reports a violation (and whether its first finding replays)
  unknown     the verifier cannot decide (never proved)
  equivalent  proved, and the interpreter finds no violation and the same outputs
  survived    proved, no concrete violation, but different outputs (the spec misses it)
  UNSOUND     proved, but the interpreter finds a violation: a verifier soundness bug
  unchecked   proved, and the interpreter cannot run it
  stillborn   the front end rejects the mutant (not counted)

Kill rate = caught / (mutants - stillborn - equivalent). Every kernel the verifier proves
(the originals too) is then lowered and checked by codegen_cuda/differential.py at its
reference's TEST_SIZES with --seeds input seeds: the lowered plan's accesses through the
interpreter's race checks, the generated module on the CUDA simulator against the
interpreter and the reference. A race or a mismatch there is a lowering soundness bug
(UNSOUND in the lowering table). Prints tables per kernel and per kind and writes
bench/results/mutation.json (git-ignored).

    .venv/bin/python bench/mutation.py [--kernels 'proofs/gemm_*.dsl'] [--jobs 2] [--limit N] [--seeds 3]
"""
from __future__ import annotations

import argparse
import glob
import json
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "soundness"))

from codegen_cuda.differential import check_lowering  # noqa: E402
from codegen_cuda.runner import load_reference, reference_path  # noqa: E402
from interp.layout import InterpretError  # noqa: E402
from interp.replay import replay_details  # noqa: E402
from interp.sizes import pick_sizes  # noqa: E402
from interp.interpreter import interpret, random_inputs  # noqa: E402
from mutate import KINDS, mutants, revalidate  # noqa: E402
from dsl.check import check_source  # noqa: E402
from encode.verifier import VerifyOptions, verify_kernel  # noqa: E402

RULES = ("TAG", "RACE", "SYNC", "ASYNC", "WAR", "BOUND", "INIT", "COVER")
OUTCOMES = ("caught", "unknown", "equivalent", "survived", "UNSOUND", "unchecked", "stillborn")
LOWERING = ("ok", "spec", "refused", "error", "disagree", "race", "mismatch", "fault")   # the last three: UNSOUND
# (disagree: the interpreter refutes the kernel, which the verifier outcome counts already)
SEEDS = (0, 1)
MAX_BLOCKS = 4


def load(path: str):
    result = check_source(Path(path).read_text(), str(Path(path).relative_to(ROOT)))
    return result.kernel if result.ok else None


def _blocks(kernel, sizes):
    from interp.intexpr import IntEval
    ev = IntEval({**sizes, **{c.name: c.value for c in kernel.consts}})
    grid = [int(ev(g)) for g in kernel.grid]
    if np.prod(grid) <= MAX_BLOCKS:
        return None
    return (tuple(0 for _ in grid), tuple(g - 1 for g in grid))


def runs(kernel, sizes_list):
    """(sizes, seed, blocks, outputs, violations) of the interpreter, per size and seed."""
    out = []
    for sizes in sizes_list:
        blocks = _blocks(kernel, sizes)
        for seed in SEEDS:
            inputs = random_inputs(kernel, sizes, seed=seed)
            res = interpret(kernel, sizes, inputs, blocks)
            out.append((sizes, seed, blocks, res.outputs, res.violations))
    return out


def _same(a: dict, b: dict) -> bool:
    for name in a:
        x, y = np.asarray(a[name], np.float64), np.asarray(b[name], np.float64)
        if x.shape != y.shape or not np.allclose(x, y, rtol=1e-4, atol=1e-5, equal_nan=True):
            return False
    return True


def test_sizes(path: str) -> list[dict]:
    """The TEST_SIZES of the kernel's reference (one assignment or a list of them)."""
    sizes = load_reference(reference_path(Path(path))).TEST_SIZES
    return [sizes] if isinstance(sizes, dict) else list(sizes)


def lowering(path: str, kernel, seeds) -> dict:
    """The differential check of a proved kernel's lowering."""
    from dsl.fmt import format_kernel
    ref = reference_path(Path(path))
    res = check_lowering(kernel, format_kernel(kernel), ref, test_sizes(path), seeds=tuple(seeds))
    return {"verdict": res.verdict, "detail": res.detail, "runs": res.runs}


def classify(task) -> dict:
    path, index, sizes_list, baseline, timeout, seeds = task
    kernel = load(path)
    m = mutants(kernel)[index]
    rec = {"kernel": Path(path).stem, "kind": m.kind, "line": m.line, "what": m.what}
    mk = revalidate(m)
    if mk is None:
        return {**rec, "outcome": "stillborn"}
    t0 = time.perf_counter()
    try:
        v = verify_kernel(mk, VerifyOptions(timeout_s=timeout, rules=RULES))
    except Exception as err:  # noqa: BLE001 - a verifier crash is a result worth recording
        return {**rec, "outcome": "unknown", "verifier": f"crash: {type(err).__name__}: {err}"}
    rec["verify_s"] = round(time.perf_counter() - t0, 3)
    rec["findings"] = sorted({f"{f.rule}@{f.span.line}" for f in v.findings})
    concrete = _concrete(mk, sizes_list, baseline)
    rec["interpreter"] = concrete
    if v.status == "violation":
        first = v.findings[0]
        try:
            rec["replayed"] = replay_details(mk, first).replayed
        except Exception as err:  # noqa: BLE001
            rec["replayed"] = f"error: {err}"
        return {**rec, "outcome": "caught"}
    if v.status == "unknown":
        rec["unknowns"] = sorted({f"{u.rule}: {u.reason}" for u in v.unknowns})[:3]
        return {**rec, "outcome": "unknown"}
    outcome = {"violation": "UNSOUND", "differs": "survived", "same": "equivalent",
               "error": "unchecked"}[concrete["verdict"]]
    if seeds:
        rec["lowering"] = lowering(path, mk, seeds)
    return {**rec, "outcome": outcome}


def _concrete(mk, sizes_list, baseline) -> dict:
    """The interpreter on the mutant: a violation, different outputs, or the same."""
    try:
        got = runs(mk, sizes_list)
    except InterpretError as err:
        return {"verdict": "error", "why": str(err)}
    for (sizes, seed, _, outputs, violations), base in zip(got, baseline):
        primary = [x for x in violations if not x.derived] or violations
        if primary:
            return {"verdict": "violation", "sizes": sizes, "seed": seed, "first": str(primary[0])}
    for (sizes, seed, _, outputs, _), base in zip(got, baseline):
        if not _same(outputs, base[3]):
            return {"verdict": "differs", "sizes": sizes, "seed": seed}
    return {"verdict": "same"}


def kill_rate(counts: Counter) -> float | None:
    live = sum(counts.values()) - counts["stillborn"] - counts["equivalent"]
    return None if live <= 0 else counts["caught"] / live


def table(title: str, groups: dict) -> str:
    head = f"{title:<24}" + "".join(f"{o:>11}" for o in OUTCOMES) + f"{'kill rate':>11}"
    lines = [head, "-" * len(head)]
    for name in sorted(groups):
        c = groups[name]
        rate = kill_rate(c)
        lines.append(f"{name:<24}" + "".join(f"{c[o]:>11}" for o in OUTCOMES)
                     + f"{('-' if rate is None else f'{rate:.0%}'):>11}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", default="proofs/*.dsl")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--sizes", type=int, default=3, help="size assignments per kernel")
    ap.add_argument("--timeout", type=float, default=10.0, help="solver seconds per query")
    ap.add_argument("--limit", type=int, default=0, help="at most this many mutants per kernel (0: all)")
    ap.add_argument("--kinds", default=",".join(KINDS), help="comma-separated mutation kinds")
    ap.add_argument("--seeds", type=int, default=3, help="input seeds of the lowering check (0: skip it)")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "mutation.json"))
    args = ap.parse_args(argv)
    unknown = set(args.kinds.split(",")) - set(KINDS)
    if unknown:
        ap.error(f"unknown mutation kind(s) {', '.join(sorted(unknown))}; valid: {', '.join(KINDS)}")
    tasks, skipped, originals = [], {}, {}
    seeds = tuple(range(args.seeds))
    for path in sorted(glob.glob(str(ROOT / args.kernels))):
        kernel = load(path)
        if kernel is None or verify_kernel(kernel, VerifyOptions(timeout_s=args.timeout, rules=RULES)).status != "proved":
            skipped[Path(path).stem] = "not a proved kernel"
            continue
        if seeds:
            originals[Path(path).stem] = lowering(path, kernel, seeds)
        sizes_list = pick_sizes(kernel, args.sizes)
        try:
            baseline = [(s, seed, b, outs, []) for s, seed, b, outs, _ in runs(kernel, sizes_list)]
        except InterpretError as e:      # random inputs cannot meet its assumptions (a CSR row pointer)
            skipped[Path(path).stem] = f"the interpreter cannot run it: {e}"
            continue
        kinds = set(args.kinds.split(","))
        chosen = [i for i, m in enumerate(mutants(kernel)) if m.kind in kinds]
        for i in chosen[: args.limit or None]:
            tasks.append((path, i, sizes_list, baseline, args.timeout, seeds))
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        records = list(pool.map(classify, tasks, chunksize=1))
    per_kernel, per_kind = defaultdict(Counter), defaultdict(Counter)
    for r in records:
        per_kernel[r["kernel"]][r["outcome"]] += 1
        per_kind[r["kind"]][r["outcome"]] += 1
    total = Counter(r["outcome"] for r in records)
    low = Counter(r["lowering"]["verdict"] for r in records if "lowering" in r)
    low.update(v["verdict"] for v in originals.values())
    print(table("kernel", per_kernel))
    print()
    print(table("mutation kind", {k: per_kind[k] for k in KINDS if k in per_kind}))
    print()
    print(table("all", {"all": total}))
    print()
    print(lowering_table(low, len(originals)))
    unsound_lowering = low["race"] + low["mismatch"] + low["fault"]
    print(f"\nUNSOUND {total['UNSOUND']} (verifier)   UNSOUND {unsound_lowering} (lowering)")
    for name, v in sorted(originals.items()):
        if v["verdict"] != "ok":
            print(f"  lowering {v['verdict']:<9} {name} (the proved kernel itself): {v['detail']}")
    for r in records:
        lv = r.get("lowering", {}).get("verdict", "ok")
        if lv not in ("ok", "spec"):
            print(f"  lowering {lv:<9} {r['kernel']}:{r['line']} {r['kind']}: {r['what']}  {r['lowering']['detail']}")
        if r["outcome"] in ("UNSOUND", "survived", "unchecked") or r.get("replayed") is False:
            print(f"  {r['outcome']:<10} {r['kernel']}:{r['line']} {r['kind']}: {r['what']}"
                  f"{'  [caught, first finding does not replay]' if r.get('replayed') is False else ''}"
                  f"  {r.get('interpreter', {}).get('first', '')}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    summary = {"seconds": round(time.perf_counter() - t0, 1), "total": dict(total),
               "kill_rate": kill_rate(total), "skipped": skipped,
               "per_kernel": {k: dict(v) for k, v in sorted(per_kernel.items())},
               "per_kind": {k: dict(v) for k, v in sorted(per_kind.items())}, "mutants": records,
               "lowering": {"seeds": len(seeds), "total": dict(low), "unsound": unsound_lowering,
                            "originals": originals}}
    out.write_text(json.dumps(summary, indent=1, sort_keys=True, default=str) + "\n")
    print(f"\nwrote {out} ({len(records)} mutants, {summary['seconds']} s)")
    return 1 if total["UNSOUND"] or unsound_lowering else 0


def lowering_table(counts: Counter, originals: int) -> str:
    head = f"{'lowering of proved kernels':<28}" + "".join(f"{o:>10}" for o in LOWERING)
    row = f"{f'{originals} originals + mutants':<28}" + "".join(f"{counts[o]:>10}" for o in LOWERING)
    return "\n".join([head, "-" * len(head), row])


if __name__ == "__main__":
    sys.exit(main())
