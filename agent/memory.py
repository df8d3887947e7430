"""The trajectory memory: every step of every run, appended as one JSON line to
`trajectory.jsonl` in the memory directory (default $XDG_CACHE_HOME/argus or
~/.cache/argus), plus a cache of candidate evaluations keyed by task and text digest.
Runs read it to start from what earlier runs learned."""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path


def default_memory_dir(environ=os.environ) -> Path:
    base = environ.get("XDG_CACHE_HOME") or str(Path(environ.get("HOME", ".")) / ".cache")
    return Path(base) / "argus"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    tmp.replace(path)


def append_line(path: Path, record: dict) -> None:
    """One whole line per record, flushed to disk: an interrupted run leaves whole lines."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as f:
        f.write(json.dumps(record, sort_keys=True) + "\n")
        f.flush()
        os.fsync(f.fileno())


def read_lines(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue          # a torn last line of a killed run
    return out


@dataclass(frozen=True)
class Memory:
    directory: Path

    @property
    def trajectory(self) -> Path:
        return self.directory / "trajectory.jsonl"

    def records(self) -> list[dict]:
        return read_lines(self.trajectory)

    def append(self, record: dict) -> None:
        append_line(self.trajectory, record)

    def cached(self, task: str, text: str) -> dict | None:
        path = self.directory / "evals" / task / f"{digest(text)}.json"
        return json.loads(path.read_text()) if path.is_file() else None

    def cache(self, task: str, text: str, evaluation: dict) -> None:
        atomic_write(self.directory / "evals" / task / f"{digest(text)}.json", json.dumps(evaluation, sort_keys=True))
