"""Small statistics for the benchmark table: percentiles and confidence intervals."""
from __future__ import annotations

import math
import statistics


def percentile(samples, q: float) -> float:
    """The q-th percentile (0..100), nearest rank."""
    if not samples:
        return float("nan")
    s = sorted(samples)
    k = max(0, min(len(s) - 1, math.ceil(q / 100 * len(s)) - 1))
    return s[k]


def summary(samples) -> dict:
    return {"n": len(samples), "median": statistics.median(samples) if samples else float("nan"),
            "p99": percentile(samples, 99), "min": min(samples) if samples else float("nan"),
            "max": max(samples) if samples else float("nan")}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a share wins/n."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def mean_ci(samples, z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its 95% normal interval."""
    n = len(samples)
    if n == 0:
        return (float("nan"),) * 3
    m = statistics.fmean(samples)
    if n < 2:
        return (m, m, m)
    h = z * statistics.stdev(samples) / math.sqrt(n)
    return (m, m - h, m + h)
