"""Fixtures and options shared by the whole test suite.

`--regen-golden` rewrites golden files (expected reports, generated-code snapshots, the
generated docs) instead of comparing with them. Tests compare through the `golden` fixture,
the one place that decides: a missing golden file fails (it is never written silently), and
only `--regen-golden` writes one.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

# One BLAS thread per test process, set before anything imports numpy and inherited by the
# simulator's child processes: the suite already runs a process per core (xdist), and on a
# loaded 2-core machine OpenBLAS's spinning worker threads made the interpreter's 64x32 @
# 32x4096 tag products take 39 ms each instead of 0.4 ms. An explicit setting is kept.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

REPO_ROOT = Path(__file__).resolve().parent.parent


def pytest_addoption(parser) -> None:
    parser.addoption("--regen-golden", action="store_true", default=False,
                     help="rewrite golden expected files from the current output")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture(scope="session")
def regen_golden(request) -> bool:
    return bool(request.config.getoption("--regen-golden"))



@pytest.fixture(scope="session")
def golden(regen_golden):
    """`golden(path, text)`: `text` must equal the file at `path`; `--regen-golden` writes it."""
    def check(path: Path, text: str) -> None:
        if regen_golden:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        assert path.exists(), f"no golden file {path}; rerun pytest with --regen-golden and review it"
        assert text == path.read_text(encoding="utf-8"), f"{path} differs; rerun pytest with --regen-golden and review the diff"
    return check


# The report of one kernel verified in a fresh process, as `argus-verify` prints it. A witness
# pins values its minimisation does not fix (the bound variables of the record it shows, a
# bank conflict's threads), and those follow Z3's term ids, which every term an earlier test
# made in the same process moves: in one process the goldens flipped with the test order.
_REPORT = """import sys
from pathlib import Path
from argus_verify.report import format_verdict
from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel
kernel = check_source(Path(sys.argv[1]).read_text(), sys.argv[2]).kernel
rules = tuple(r for r in sys.argv[3].split(",") if r)
sys.stdout.write(format_verdict(verify_kernel(kernel, VerifyOptions(rules=rules))) + "\\n")
"""


@pytest.fixture(scope="session")
def fresh_report():
    """`fresh_report(path, rules=())`: the kernel's report from a fresh Python process."""
    import subprocess
    import sys

    def run(path: Path, rules=()) -> str:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))}
        args = [str(path), str(path.relative_to(REPO_ROOT)), ",".join(rules)]
        out = subprocess.run([sys.executable, "-c", _REPORT, *args], cwd=REPO_ROOT, env=env,
                             capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, out.stderr[-2000:]
        return out.stdout
    return run
