"""Instructions per tensor-core MMA in the hot loop of each tensor-core kernel (offline SASS).

For every kernel given (default: each proofs/*.dsl whose lowering calls mma.sync or wgmma)
this compiles the generated module offline (codegen_cuda/compile.py: NVVM, nvJitLink,
nvdisasm; no GPU) and finds its hot loop: of the blocks that a backward branch closes
(from its label to the branch), the one with the most HMMA/HGMMA, the smallest on a tie.
It counts that block's instructions, MMAs (HMMA or HGMMA), LDSM and LDGSTS, and reads REG
and STACK from cuobjdump. Prints a table and writes bench/results/sass_loop.json
(git-ignored).

    PYTHONPATH=.:/tmp/nvwheels LD_LIBRARY_PATH=/tmp/nvwheels/nvidia/cu13/lib \\
        python -P bench/sass_loop.py [proofs/gemm_pipelined.dsl ...] [--arch sm_90a]
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INSTR = re.compile(r"^\s*/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_.]*)")
LABEL = re.compile(r"^(\.L_x_\d+):")
BRANCH = re.compile(r"\bBRA\s+`?\(?(\.L_x_\d+)\)?")
TENSOR_CORE_CALLS = ("= mma_16816(", "wgmma_")


def hot_loop(sass: str) -> dict | None:
    """Counts for the backward-branch block with the most MMAs (None: no MMA in a loop)."""
    lines = sass.splitlines()
    labels = {m.group(1): i for i, text in enumerate(lines) if (m := LABEL.match(text))}
    best = None
    for j, text in enumerate(lines):
        m = BRANCH.search(text)
        if not (m and INSTR.match(text)) or labels.get(m.group(1), j + 1) > j:
            continue
        ops = [om.group(1) for t in lines[labels[m.group(1)]:j + 1] if (om := INSTR.match(t))]
        mma = sum(op.startswith(("HMMA", "HGMMA")) for op in ops)
        key = (mma, -len(ops))
        if mma and (best is None or key > best[0]):
            best = (key, m.group(1), ops)
    if best is None:
        return None
    _, label, ops = best
    mma = sum(op.startswith(("HMMA", "HGMMA")) for op in ops)
    return {"label": label, "instructions": len(ops), "mma": mma,
            "ldsm": sum(op.startswith("LDSM") for op in ops),
            "ldgsts": sum(op.startswith("LDGSTS") for op in ops),
            "per_mma": round(len(ops) / mma, 2)}


def measure(path: Path, arch: str, cache: Path) -> dict | None:
    from argus_verify.source import load_kernel
    from codegen_cuda.compile import compile_kernel
    from codegen_cuda.module import lower
    kernel, _, text = load_kernel(str(path))
    if kernel is None:
        return {"kernel": path.stem, "error": "does not check"}
    lowered = lower(kernel, text)
    if not any(call in lowered.source for call in TENSOR_CORE_CALLS):
        return None
    compiled = compile_kernel(lowered, cache, arch=arch)
    loop = hot_loop(compiled.sass) or {}
    return {"kernel": path.stem, **loop, "reg": compiled.resource("REG"), "stack": compiled.resource("STACK")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--arch", default="sm_90a")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "sass_loop.json")
    args = ap.parse_args(argv)
    files = args.files or sorted((ROOT / "proofs").glob("*.dsl"))
    rows = []
    with tempfile.TemporaryDirectory(prefix="argus_sass_loop_") as tmp:
        for path in files:
            row = measure(path, args.arch, Path(tmp))
            if row is not None:
                rows.append(row)
    cols = ("kernel", "instructions", "mma", "ldsm", "ldgsts", "per_mma", "reg", "stack")
    print(" ".join(f"{c:>14}" if i else f"{c:<28}" for i, c in enumerate(cols)))
    for r in rows:
        print(" ".join(f"{str(r.get(c, '-')):>14}" if i else f"{r[c]:<28}" for i, c in enumerate(cols)))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"arch": args.arch, "kernels": rows}, indent=2, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.path[:0] = [str(ROOT)]
    sys.exit(main())
