"""Synchronisation and memory rules (RACE, SYNC, ASYNC, WAR, BOUND, INIT, COVER, RES)."""
from __future__ import annotations


def check_memory_rules(df, opts, sink) -> None:
    """Filled in by the synchronisation issue; each rule appends findings to `sink`."""
    return None
