#!/usr/bin/env python3
"""seed_sweep.py - writes the seed inputs of fuzz_sweep (corpus/fuzz_sweep/):
byte strings that fuzz_sweep.c's decoder turns into sweep files, one for
each of its modes and /runs kinds. Run it again after changing that
decoder: python3 tests/fuzz/seed_sweep.py"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus", "fuzz_sweep")
PHASES = 13


def text(s, wide=False):
    b = s.encode()
    return (struct.pack("<H", len(b)) if wide else bytes([len(b)])) + b


def roundtrip(rows, failures=""):
    out = bytes([0, len(rows)])
    for backend, mode, prec, rng, paths, steps, block, threads, repeat in rows:
        out += text(backend) + text(mode) + text(prec) + text(rng)
        out += struct.pack("<QIIii", paths, steps, block, threads, repeat)
        out += b"".join(struct.pack("<d", 0.001 * (p + 1)) for p in range(PHASES))
    meta = ["configs/european.ini", "[model]\ntype = gbm\n", "mcsim sweep configs/european.ini",
            "host", "Test CPU", "Test GPU", "2026-01-01T00:00:00Z", "0.1.0", failures]
    wide = [True, True, True, False, False, False, False, False, True]
    return out + b"".join(text(m, w) for m, w in zip(meta, wide))


def row_v2(backend="cpu", mode="cold"):
    out = b""
    for s in (backend, mode):
        out += b"\x01" + text(s)
    out += struct.pack("<QII", 1000000, 1, 65536)
    for s in ("single", "pcg64"):
        out += b"\x01" + text(s)
    out += struct.pack("<ii", 2, 0)
    out += b"".join(struct.pack("<d", 0.5) for _ in range(PHASES))
    return out


def row_v1():
    fixed = lambda s, n: s.encode().ljust(n, b"\0")
    return (fixed("gpu", 8) + fixed("warm", 8) + struct.pack("<QII", 4096, 10, 256)
            + fixed("double", 8) + fixed("philox", 16) + struct.pack("<ii", 1, 3)
            + b"".join(struct.pack("<d", 0.25) for _ in range(PHASES)))


def hostile(runs, rows, phases_kind=1, attr_kind=2, members=None, row=None):
    n_members = 10 if runs in (3, 4) else 9 + PHASES
    out = bytes([1, runs])
    if runs >= 3:
        out += bytes(members or [0] * n_members)
    if runs >= 2:
        out += bytes([rows, 1])  # rows, rank 1
        if runs == 2:
            out += b"\x07\0\0\0" * rows
        else:
            out += b"".join((row or (row_v1 if runs in (3, 4) else row_v2))() for _ in range(rows))
    if runs >= 1:
        out += bytes([phases_kind])
        if phases_kind == 3:
            out += b"\x01"  # the joined text, right
    for _ in range(9):
        out += bytes([attr_kind]) + (text("value") + b"\x01" if attr_kind in (2, 3) else b"")
    return out


seeds = {
    "roundtrip-empty": roundtrip([]),
    "roundtrip-two-rows": roundtrip([("cpu", "cold", "single", "pcg64", 10**6, 1, 65536, 2, 0),
                                     ("gpu", "warm", "double", "mrg32k3a", 2**64 - 1, 100000,
                                      1 << 24, 1, 4095)], failures="gpu: no device"),
    "hostile-no-runs": hostile(0, 0),
    "hostile-group": hostile(1, 0),
    "hostile-int-table": hostile(2, 3),
    "hostile-schema1": hostile(3, 2, phases_kind=3),
    "hostile-schema2": hostile(5, 3),
    "hostile-schema2-dropped": hostile(6, 1, members=[13] + [0] * (8 + PHASES)),
    "hostile-attr-fixed": hostile(5, 1, attr_kind=4),
}
# the first bug it found (regressions/fuzz_sweep/, not a seed: it crashed):
# "hostile-attr-arrays": hostile(7, 1, attr_kind=6)
os.makedirs(OUT, exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
