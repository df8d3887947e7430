"""The house rules on dependencies, checked on the source (docs: STYLE.md "House rules").

Packages depend one way: dsl <- encode <- synth; dsl <- codegen_cuda (which may use the
pure layout algebra and thread distributions of encode, the one source of truth for who
does which element); agent uses dsl, synth, codegen_cuda; argus_verify may use all and
nothing imports it. synth may use codegen_cuda's concrete interpreter, to replay
counterexamples on candidate completions. Only encode/solver.py creates Z3 solvers.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("dsl", "encode", "synth", "codegen_cuda", "agent", "argus_verify")
ALLOWED = {
    "dsl": set(),
    "encode": {"dsl"},
    "synth": {"dsl", "encode", "codegen_cuda"},
    "codegen_cuda": {"dsl", "encode"},
    "agent": {"dsl", "synth", "codegen_cuda", "encode"},
    "argus_verify": {"dsl", "encode", "synth", "codegen_cuda", "agent"},
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out & set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_back_edges(package):
    bad = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        wrong = _imports(path) - ALLOWED[package] - {package}
        if wrong:
            bad[str(path.relative_to(ROOT))] = sorted(wrong)
    assert not bad, f"imports against the dependency direction: {bad}"


def test_only_the_solver_module_creates_solvers():
    makers = ("z3.Solver(", "z3.Optimize(", "z3.SolverFor(")
    found = [str(p.relative_to(ROOT)) for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")
             if p.name != "solver.py" and any(m in p.read_text() for m in makers)]
    assert not found


def test_the_layering_check_can_fail(tmp_path):
    """A module of dsl importing encode is caught (the check is not vacuous)."""
    bad = tmp_path / "m.py"
    bad.write_text("from encode.verifier import verify_kernel\n")
    assert _imports(bad) - ALLOWED["dsl"] == {"encode"}
