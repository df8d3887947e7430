"""Fixtures and options shared by the whole test suite.

`--regen-golden` rewrites golden files (expected reports) instead of comparing with them;
tests that compare against a golden file take the `regen_golden` fixture.
"""
from __future__ import annotations

from pathlib import Path

import pytest

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

