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
