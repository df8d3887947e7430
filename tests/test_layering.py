"""The house rules on dependencies, checked on the source (docs: STYLE.md "House rules").

Packages depend one way, in the order of the pipeline: dsl (front end) <- encode (the
verifier) and dsl <- interp (the concrete interpreter, the independent semantics: it
never sees the verifier or the lowering); codegen_cuda (the lowering) may use encode's pure
layout algebra and thread distributions, the one source of truth for who does which
element, and interp, which checks it; synth uses encode, interp (to replay counterexamples
on candidate completions) and codegen_cuda's cost model; agent uses all of those;
argus_verify (the command line) may use all and nothing imports it. Inside the packages no
two modules import each other, even lazily. Only encode/solver.py creates Z3 solvers.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("dsl", "encode", "interp", "synth", "codegen_cuda", "agent", "argus_verify")
ALLOWED = {
    "dsl": set(),
    "encode": {"dsl"},
    "interp": {"dsl"},
    "codegen_cuda": {"dsl", "encode", "interp"},
    "synth": {"dsl", "encode", "interp", "codegen_cuda"},
    "agent": {"dsl", "encode", "interp", "synth", "codegen_cuda"},
    "argus_verify": {"dsl", "encode", "interp", "synth", "codegen_cuda", "agent"},
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


def test_every_package_is_in_the_order():
    """A new top-level package must be placed in the order before it can be imported."""
    found = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert found <= set(PACKAGES), f"packages missing from tests/test_layering.py: {sorted(found - set(PACKAGES))}"


# ---------------------------------------------------------------- module cycles
def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _module_deps(name: str, path: Path, modules) -> set[str]:
    """Modules of the project `name` imports, at the top or inside a function."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{mod}.{alias.name}"
                out.add(sub if sub in modules else mod)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return (out & set(modules)) - {name}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (iterative Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]; counter[0] += 1; stack.append(root); on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter[0]; counter[0] += 1; stack.append(w); on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop(); on.discard(w); comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_no_import_cycles_between_modules():
    modules = _modules()
    graph = {m: _module_deps(m, p, modules) for m, p in modules.items()}
    assert _cycles(graph) == []


def test_the_cycle_check_can_fail():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
