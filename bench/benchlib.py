"""Helpers shared by the benchmark drivers (bench_european.py, bench_gpu.py)
and the GPU peers (peers/gpu_peer.py): the product priced, its
Black-Scholes value, path-count parsing and the hardware description."""

import argparse
import math
import os
import platform

# The ATM European call of configs/european.ini.
S0, K, R, Q, SIGMA, T = 100.0, 100.0, 0.05, 0.0, 0.2, 1.0


def black_scholes_call(s, k, r, q, sigma, t):
    def ncdf(x):
        return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))
    sd = sigma * math.sqrt(t)
    d1 = (math.log(s / k) + (r - q + 0.5 * sigma * sigma) * t) / sd
    d2 = d1 - sd
    return s * math.exp(-q * t) * ncdf(d1) - k * math.exp(-r * t) * ncdf(d2)


def parse_count(text):
    """A positive count: 1000000, 1_000_000 or 1e6 (an argparse type)."""
    text = text.strip().replace("_", "")
    try:
        n = int(text)
    except ValueError:
        x = float(text)
        if not x.is_integer():
            raise argparse.ArgumentTypeError("not a whole number: %s" % text)
        n = int(x)
    if n < 1:
        raise argparse.ArgumentTypeError("must be >= 1: %s" % text)
    return n


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def usable_cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1
