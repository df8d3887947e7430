"""The differential check on random kernels: shared-memory rings with random synchronisation,
layouts and tag assertions (memgen.py), and accumulators with skewed offsets, bounds and
guards under set-valued assertions (taggen.py). The verifier must report what the
interpreter finds, and every verifier finding must replay. A wider sweep:

    .venv/bin/python -c "import sys; sys.path.insert(0, 'tests/soundness'); \\
        import test_random_kernels as t; t.sweep('mem', range(1000))"
"""
from __future__ import annotations

import pytest

from interp.replay import replay_details
from interp.sizes import pick_sizes
from interp.interpreter import interpret, random_inputs
from dsl.check import check_source
from encode.verifier import verify_kernel
import memgen
import taggen
from soundness_support import OPTIONS, covered

GENERATORS = {"mem": memgen.kernel_text, "tag": taggen.kernel_text}
CASES = [("mem", s) for s in range(24)] + [("tag", s) for s in range(16)]


def disagreements(gen: str, seed: int) -> list[str]:
    text = GENERATORS[gen](seed)
    result = check_source(text, f"mem{seed}.dsl")
    assert result.ok, (text, result.diagnostics)
    kernel = result.kernel
    verdict = verify_kernel(kernel, OPTIONS)
    found = []
    for sizes in pick_sizes(kernel, 2):
        found += interpret(kernel, sizes, random_inputs(kernel, sizes, seed=0)).violations
    out = []
    if found and verdict.status == "proved":
        out.append(f"SOUNDNESS: proved, but {found[0]}")
    out += [f"not reported: {v}" for v in found if not v.derived and not covered(v, verdict)]
    for f in verdict.findings:
        if f.severity != "error":
            continue        # advice (a claim some threads make, START): nothing failed to replay
        replay = replay_details(kernel, f)
        if not replay.replayed:
            out.append(f"does not replay: {f.rule}@{f.span.line} {f.message} ({replay.why})")
    return out


@pytest.mark.parametrize("gen,seed", CASES, ids=[f"{g}{s}" for g, s in CASES])
def test_random_kernel_agrees(gen, seed):
    problems = disagreements(gen, seed)
    assert not problems, GENERATORS[gen](seed) + "\n".join(problems)


def sweep(gen: str, seeds) -> None:
    for seed in seeds:
        problems = disagreements(gen, seed)
        if problems:
            print(f"{gen} seed {seed}:\n" + GENERATORS[gen](seed) + "\n".join(problems) + "\n")
