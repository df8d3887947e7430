"""Rank the proved configurations of a sketch by the cost model, as `argus tune` does, and
keep the result: a table on stdout, JSON in bench/results/tune_<sketch>.json.

    python bench/tune.py [SKETCH] [--size M=4096,N=4096,K=4096] [--where BM=128,256 BK=32]
                         [--registers auto|cubin|estimate] [--jobs 2]

The default sketch is bench/sketches/gemm_pipelined.dsl (81 configurations; proving all of
them takes minutes on 2 cores: narrow them with --where). Every figure is the model's.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def main(argv=None) -> int:
    from argus_verify.tune_cmd import result_json, table
    from codegen_cuda.runner import parse_sizes
    from encode.target import load_target
    from synth.sketch import load_sketch
    from synth.tune import TuneOptions, tune
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("sketch", nargs="?", default=str(REPO / "bench/sketches/gemm_pipelined.dsl"))
    p.add_argument("--size", default="M=4096,N=4096,K=4096")
    p.add_argument("--where", nargs="*", default=[], help="LABEL=V1,V2 ...: keep only these values")
    p.add_argument("--registers", default="auto")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--top", type=int, default=20)
    a = p.parse_args(argv)
    allowed = {k: {int(x) for x in v.split(",")} for k, _, v in (w.partition("=") for w in a.where)}
    sketch, diags = load_sketch(Path(a.sketch).read_text(), a.sketch)
    if sketch is None:
        raise SystemExit("\n".join(str(d) for d in diags))
    sizes, target = parse_sizes(a.size), load_target("sm_90")
    t0 = time.perf_counter()
    result = tune(sketch, sizes, TuneOptions(jobs=a.jobs, registers=a.registers),
                  progress=lambda ph, i, n, o: print(f"[{ph} {i}/{n}] {dict(o.values)} {o.status}", file=sys.stderr),
                  keep=lambda v: all(v.get(k) in vals for k, vals in allowed.items()))
    wall = time.perf_counter() - t0
    out = REPO / "bench" / "results" / f"tune_{Path(a.sketch).stem}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    data = result_json(result, sizes, target, a.sketch) | {"where": a.where, "registers": a.registers,
                                                           "wall_s": wall}
    out.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    print(table(result, target, a.top))
    print(f"{wall:.0f} s wall; JSON in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
