"""Helpers shared by the benchmark drivers (bench_european.py, bench_gpu.py,
bench_asian.py) and the GPU peers (peers/gpu_peer.py): the product priced,
its closed forms (Black-Scholes; for bench_asian.py also the continuous
down-and-out barrier and floating lookback calls), path-count parsing and
the hardware description."""

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


def _ncdf(x):
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def down_and_out_call(s, k, h, r, q, sigma, t):
    """Continuously monitored down-and-out call, barrier h <= k, no rebate
    (Reiner-Rubinstein): the European call less the down-and-in call."""
    if not (0 < h <= k and h < s):
        raise ValueError("down_and_out_call: needs 0 < H <= K and H < S")
    sd = sigma * math.sqrt(t)
    lam = (r - q + 0.5 * sigma * sigma) / (sigma * sigma)
    y = math.log(h * h / (s * k)) / sd + lam * sd
    c_di = (s * math.exp(-q * t) * (h / s) ** (2 * lam) * _ncdf(y)
            - k * math.exp(-r * t) * (h / s) ** (2 * lam - 2) * _ncdf(y - sd))
    return black_scholes_call(s, k, r, q, sigma, t) - c_di


def floating_lookback_call(s, r, q, sigma, t, s_min=None):
    """Floating-strike lookback call paying S_T - min S over [0, T], the
    minimum monitored continuously, seen so far s_min (default s)
    (Goldman-Sosin-Gatto). Needs r != q."""
    s_min = s if s_min is None else s_min
    b = r - q
    sd = sigma * math.sqrt(t)
    a1 = (math.log(s / s_min) + (b + 0.5 * sigma * sigma) * t) / sd
    a2 = a1 - sd
    a3 = (math.log(s / s_min) + (-b + 0.5 * sigma * sigma) * t) / sd
    y1 = -2.0 * (b - 0.5 * sigma * sigma) * math.log(s / s_min) / (sigma * sigma)
    w = sigma * sigma / (2.0 * b)
    return (s * math.exp(-q * t) * _ncdf(a1) - s * math.exp(-q * t) * w * _ncdf(-a1)
            - s_min * math.exp(-r * t) * (_ncdf(a2) - w * math.exp(y1) * _ncdf(-a3)))


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
