"""Mutation testing, kept honest on a handful of mutants (the full run is bench/mutation.py).

Each mutant chosen here is a known bug or a known harmless change: the verifier must catch
the bugs, and the interpreter must show the harmless ones equivalent. No mutant may be
proved while the interpreter finds a violation.
"""
from __future__ import annotations

import dataclasses
import functools
import importlib.util
from pathlib import Path

import pytest

from interp.sizes import pick_sizes
from dsl.check import check_source
from mutate import KINDS, mutants, revalidate

ROOT = Path(__file__).resolve().parents[2]


@functools.lru_cache(maxsize=None)
def _bench():
    spec = importlib.util.spec_from_file_location("bench_mutation", ROOT / "bench" / "mutation.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@functools.lru_cache(maxsize=None)
def _baseline(name: str):
    """Sizes and the original kernel's interpreter runs, shared by the cases of one kernel."""
    kernel = _kernel(name)
    sizes = pick_sizes(kernel, 3)
    return sizes, [(s, seed, b, outs, []) for s, seed, b, outs, _ in _bench().runs(kernel, sizes)]


def _kernel(name: str):
    path = ROOT / "proofs" / f"{name}.dsl"
    return check_source(path.read_text(), f"proofs/{name}.dsl").kernel


def _find(kernel, kind: str, text: str) -> int:
    for i, m in enumerate(mutants(kernel)):
        if m.kind == kind and text in m.what:
            return i
    pytest.skip(f"no {kind} mutant '{text}' in {kernel.name} any more")


CASES = [  # kernel, kind, part of the description, expected outcome
    ("gemm_regblock", "deleted_barrier", "barrier deleted", "caught"),
    ("gemm_tiled", "deleted_barrier", "barrier deleted", "equivalent"),   # each thread reads what it copied
    ("gemm_tiled", "loop_bound", "stop - 1", "caught"),
    ("gemm_naive", "index_off_by_one", "src subscript 1 + 1", "caught"),
    ("gemm_pipelined", "wait_count", "wait_group + 1", "caught"),
    ("gemm_pipelined", "wait_count", "wait_group - 1", "equivalent"),     # waits for more: slower, same result
    ("gemm_pipelined", "prefetch_distance", "+ 1", "caught"),
    ("gemm_pipelined", "slot_selector", "src slot kt % S", "caught"),
    ("ws_accumulate", "mbarrier", "expect_tx -> arrive", "caught"),       # the phase completes before the copy lands
]


@pytest.mark.parametrize("name,kind,text,want", CASES, ids=[f"{c[0]}-{c[1]}-{c[3]}" for c in CASES])
def test_mutant_outcome(name, kind, text, want):
    bench = _bench()
    kernel = _kernel(name)
    index = _find(kernel, kind, text)
    path = str(ROOT / "proofs" / f"{name}.dsl")
    sizes, baseline = _baseline(name)
    rec = bench.classify((path, index, sizes, baseline, 10.0, ()))
    assert rec["outcome"] != "UNSOUND", rec
    assert rec["outcome"] == want, rec
    if want == "caught":
        assert rec["interpreter"]["verdict"] in ("violation", "differs"), rec   # a real bug, concretely
        assert rec["replayed"] is True, rec


def test_mutants_are_pure_and_deterministic():
    kernel = _kernel("gemm_pipelined")
    before = dataclasses.replace(kernel)
    first, second = mutants(kernel), mutants(kernel)
    assert kernel == before
    assert [(m.kind, m.line, m.what) for m in first] == [(m.kind, m.line, m.what) for m in second]
    assert all(m.kernel != kernel for m in first)
    # kinds that need a construct the kernel lacks (square mma operands, mbarriers) may be absent
    assert set(KINDS) - {"swapped_mma_operands", "mbarrier"} <= {m.kind for m in first} <= set(KINDS)
    assert all(revalidate(m) is not None for m in first if m.kind in ("deleted_barrier", "wait_count"))


LOWERING_CASES = [  # proved barrier mutants (each thread reads what it copied) whose code must still be right
    ("gemm_tiled", 23, "deleted_barrier", "barrier deleted"),          # issue 12's report
    ("gemm_tiled", 18, "deleted_barrier", "barrier deleted"),
    ("gemm_tiled", 18, "moved_barrier", "later (past the load"),
    ("gemm_splitk", 24, "deleted_barrier", "barrier deleted"),
    ("moe_grouped_gemm", 29, "deleted_barrier", "barrier deleted"),
]


@pytest.mark.parametrize("name,line,kind,text", LOWERING_CASES,
                         ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in LOWERING_CASES])
def test_a_proved_mutant_lowers_to_code_that_matches(name, line, kind, text):
    bench = _bench()
    kernel = _kernel(name)
    index = next((i for i, m in enumerate(mutants(kernel)) if m.kind == kind and m.line == line and text in m.what),
                 None)
    assert index is not None, f"no {kind} mutant at line {line} of {name}: update the case"
    sizes, baseline = _baseline(name)
    rec = bench.classify((str(ROOT / "proofs" / f"{name}.dsl"), index, sizes, baseline, 10.0, (0,)))
    assert rec["outcome"] == "equivalent", rec
    assert rec["lowering"]["verdict"] == "ok" and rec["lowering"]["runs"] == 1, rec
