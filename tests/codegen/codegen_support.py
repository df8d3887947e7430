"""Shared helpers of the codegen tests: the kernels they lower, and the CLI."""
from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path

from dsl.check import check_source

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SNAPSHOTS = HERE / "snapshots"


def proof_kernels() -> list[Path]:
    """proofs/*.dsl, whatever exists when the tests run."""
    return sorted((REPO / "proofs").glob("*.dsl"))


def extra_kernels() -> list[Path]:
    return sorted((HERE / "kernels").glob("*.dsl"))


def checked(path: Path, text: str | None = None):
    text = path.read_text() if text is None else text
    result = check_source(text, str(path))
    assert result.ok, [str(d) for d in result.diagnostics]
    return result.kernel, text


def reference_module(path: Path):
    ref = path.with_name(path.name.removesuffix(".dsl") + ".ref.py")
    spec = importlib.util.spec_from_file_location(f"ref_{path.stem}", ref)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def argus(argv: list[str]) -> int:
    """`argus ARGV`, in process."""
    from argus_verify import cli
    return cli.main(argv)


__all__ = ["REPO", "SNAPSHOTS", "argparse", "argus", "checked", "proof_kernels", "reference_module", "extra_kernels"]
