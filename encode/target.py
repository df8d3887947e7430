"""Target descriptions: the limits and instructions of a GPU, read from data files.

Each target is a JSON file in encode/targets/ (sm_90 for NVIDIA Hopper, mi300x for AMD
CDNA 3); the verifier reads limits from here and never hard-codes them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

DEFAULT_TARGET = "sm_90"


class UnknownTarget(Exception):
    """No description file for the requested target name."""


@dataclass(frozen=True, slots=True)
class Target:
    name: str
    description: str
    vendor: str
    warp_size: int
    max_threads_per_block: int
    shared_bytes_per_sm: int
    shared_bytes_per_block: int
    registers_per_thread: int
    registers_per_block: int
    register_bytes: int
    register_overhead: int       # registers an estimate adds for indices, addresses, loop counters
    shared_banks: int
    bank_bytes: int
    bank_phase_bytes: int        # bytes one wavefront of a wide (vector) access serves at once
    mma: tuple[str, ...]


def available_targets() -> tuple[str, ...]:
    folder = resources.files("encode").joinpath("targets")
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


@lru_cache(maxsize=None)
def load_target(name: str = DEFAULT_TARGET) -> Target:
    """The target called `name` (the file encode/targets/<name>.json)."""
    path = resources.files("encode").joinpath("targets", f"{name}.json")
    if not path.is_file():
        raise UnknownTarget(f"unknown target '{name}'; known: {', '.join(available_targets())}")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["mma"] = tuple(data.get("mma", ()))
    return Target(**{f: data[f] for f in Target.__slots__})
