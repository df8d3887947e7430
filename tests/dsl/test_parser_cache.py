"""The parser tables cache: a cached parser parses like a fresh one; a damaged, read-only or
concurrently written cache never breaks parsing."""
from __future__ import annotations

import multiprocessing
import os
import stat
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from dsl.parser import load_parser

SOURCE = (Path(__file__).resolve().parents[2] / "proofs" / "gemm_pipelined.dsl").read_text()


def test_cached_parser_parses_like_a_fresh_one(tmp_path):
    fresh = load_parser(tmp_path)
    files = list(tmp_path.iterdir())
    assert len(files) == 1 and not files[0].name.startswith(".")     # no temporary file left behind
    cached = load_parser(tmp_path)
    assert cached is not fresh
    assert cached.parse(SOURCE) == fresh.parse(SOURCE)


def test_a_damaged_cache_is_rebuilt(tmp_path):
    load_parser(tmp_path)
    (entry,) = tmp_path.iterdir()
    entry.write_bytes(entry.read_bytes()[:100])
    assert load_parser(tmp_path).parse(SOURCE) == load_parser(tmp_path / "other").parse(SOURCE)
    assert entry.stat().st_size > 100


def test_a_read_only_home_still_parses(tmp_path):
    home = tmp_path / "ro"
    home.mkdir()
    home.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        parser = load_parser(home / "cache")
        assert parser.parse(SOURCE) is not None
        if os.geteuid() != 0:                         # root writes anywhere
            assert not (home / "cache").exists()
    finally:
        home.chmod(stat.S_IRWXU)


def _parse_with_cache(cache: Path) -> str:
    return str(load_parser(cache).parse(SOURCE))


def test_concurrent_builders_agree(tmp_path):
    """Processes, as in parallel runs (--jobs, xdist): threads would also race inside CPython
    3.11's ast.literal_eval, which lark's grammar loader calls (a SystemError, not ours)."""
    with ProcessPoolExecutor(4, mp_context=multiprocessing.get_context("fork")) as pool:
        trees = set(pool.map(_parse_with_cache, [tmp_path] * 4))
    assert len(trees) == 1
    assert [f for f in tmp_path.iterdir() if f.name.startswith(".")] == []
