"""Random kernels whose register tiles are read across threads (tests/soundness/lowgen.py):
every one the verifier proves (memory rules) is lowered and run on the CUDA simulator
against the interpreter on the same inputs (codegen_cuda/differential.py). A race in the
lowered accesses or a mismatch is a lowering soundness bug. Prints a table and writes
bench/results/lowering_fuzz.json (git-ignored).

    python bench/lowering_fuzz.py [--seeds 0:200] [--inputs 2]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "soundness"))

import lowgen  # noqa: E402
from codegen_cuda.differential import check_lowering  # noqa: E402
from dsl.check import check_source  # noqa: E402
from encode.verifier import VerifyOptions, verify_kernel  # noqa: E402

RULES = ("RACE", "SYNC", "ASYNC", "WAR", "BOUND", "INIT")
SIZES = [{"M": 64}]


def one(seed: int, inputs: int) -> dict:
    text = lowgen.kernel_text(seed)
    result = check_source(text, f"low{seed}.dsl")
    if not result.ok:
        return {"seed": seed, "verdict": "stillborn"}
    status = verify_kernel(result.kernel, VerifyOptions(rules=RULES)).status
    rec = {"seed": seed, "verdict": status}
    if status == "proved":
        res = check_lowering(result.kernel, text, None, SIZES, seeds=tuple(range(inputs)), rules=RULES)
        rec["lowering"], rec["detail"] = res.verdict, res.detail
    return rec


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0:200", help="START:STOP")
    ap.add_argument("--inputs", type=int, default=2, help="input seeds per proved kernel")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "lowering_fuzz.json"))
    args = ap.parse_args(argv)
    start, stop = (int(x) for x in args.seeds.split(":"))
    t0, c0 = time.perf_counter(), time.process_time()
    records = [one(s, args.inputs) for s in range(start, stop)]
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    verdicts = Counter(r["verdict"] for r in records)
    lowering = Counter(r["lowering"] for r in records if "lowering" in r)
    print(f"{'kernels':>8}{'proved':>8}{'refuted':>9}{'unknown':>9}{'ok':>6}{'refused':>9}{'race':>6}{'mismatch':>10}")
    print(f"{len(records):>8}{verdicts['proved']:>8}{verdicts['violation']:>9}{verdicts['unknown']:>9}"
          f"{lowering['ok']:>6}{lowering['refused']:>9}{lowering['race']:>6}{lowering['mismatch']:>10}")
    for r in records:
        if r.get("lowering") in ("race", "mismatch", "fault", "error"):
            print(f"  seed {r['seed']}: {r['lowering']}: {r['detail']}")
    unsound = lowering["race"] + lowering["mismatch"] + lowering["fault"]
    print(f"UNSOUND {unsound} (lowering)   {wall:.1f} s wall, {cpu:.1f} s CPU (this process)")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"seconds": round(wall, 1), "cpu_seconds": round(cpu, 1),
                               "verdicts": dict(verdicts), "lowering": dict(lowering), "unsound": unsound,
                               "kernels": records}, indent=1, sort_keys=True) + "\n")
    return 1 if unsound else 0


if __name__ == "__main__":
    sys.exit(main())
