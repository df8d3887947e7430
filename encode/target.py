"""Target descriptions: the limits and instructions of a GPU, read from data files.

Each target is a JSON file in encode/targets/ (sm_90 for NVIDIA Hopper, mi300x for AMD
CDNA 3); the verifier reads limits from here and never hard-codes them. An optional
"perf" object holds one card's performance constants for the cost model, each as
{"value", "source": "peak (vendor)" | "measured" | "estimate", "note"} (docs/COSTMODEL.md).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, fields
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
    perf: Perf | None = None     # performance constants (cost model); None where none are known


SOURCES = ("peak (vendor)", "measured", "estimate")


@dataclass(frozen=True, slots=True)
class Perf:
    """One card's performance constants; `sources` labels each ((name, source, note), ...)."""
    card: str
    sm_count: int
    clock_hz: float
    dram_bytes_per_s: float
    l2_bytes_per_s: float
    tensor_flops: float
    mma_sync_fraction: float
    fp32_lanes_per_clock_sm: int
    sfu_lanes_per_clock_sm: int
    shared_bytes_per_clock_sm: int
    max_threads_per_sm: int
    max_blocks_per_sm: int
    registers_per_sm: int
    register_alloc_unit: int
    shared_reserved_per_block: int
    global_latency_cycles: float
    bulk_copy_cycles: float
    launch_overhead_s: float
    sources: tuple[tuple[str, str, str], ...] = ()

    def source(self, name: str) -> str:
        return next((s for n, s, _ in self.sources if n == name), "estimate")


def perf_of(data: dict) -> Perf:
    """The Perf of a target file's "perf" object; a missing constant or unknown source is a KeyError/ValueError."""
    names = [f.name for f in fields(Perf) if f.name != "sources"]
    for n in names:
        if data[n]["source"] not in SOURCES:
            raise ValueError(f"perf constant {n}: source must be one of {SOURCES}")
    return Perf(**{n: data[n]["value"] for n in names},
                sources=tuple((n, data[n]["source"], data[n].get("note", "")) for n in names))


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
    data["perf"] = perf_of(data["perf"]) if "perf" in data else None
    return Target(**{f: data[f] for f in Target.__slots__})
