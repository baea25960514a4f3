"""Shared timing helper for the benchmark scripts (medians, never single runs)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def run_times(work: Callable[[], object], runs: int) -> list[float]:
    """Wall-clock seconds of `runs` calls of `work`."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return times


def median_seconds(work: Callable[[], object], runs: int) -> float:
    return statistics.median(run_times(work, runs))
