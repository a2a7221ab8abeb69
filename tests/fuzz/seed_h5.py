#!/usr/bin/env python3
"""seed_h5.py - writes the seed inputs of fuzz_shard (corpus/fuzz_shard/),
fuzz_checkpoint (corpus/fuzz_checkpoint/) and fuzz_damage
(corpus/fuzz_damage/): byte strings that the harnesses' decoders
(fuzz_shard.c, fuzz_checkpoint.c, fuzz_damage.c, fuzz_h5.h) turn into HDF5
files or damage to one. Run it again after changing a decoder:
python3 tests/fuzz/seed_h5.py"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def u64(v):
    return struct.pack("<Q", v % (1 << 64))


def count_raw(v):
    """take_count: any 64-bit value (its case 3)."""
    return bytes([3]) + u64(v)


def moments(n=1000, means=(1.5, -2.0, 0.25, 0.0), cms=None):
    cms = cms or [0.5 + i for i in range(10)]
    return u64(n) + b"".join(struct.pack("<d", m) for m in means) + \
        b"".join(struct.pack("<d", c) for c in cms)


def text(s, wide=False):
    b = s.encode()
    return (struct.pack("<H", len(b)) if wide else bytes([len(b)])) + b


def decompose(first, end):
    out, p = [], first
    while p < end:
        s = (p & -p) if p else 1 << 63
        while s > end - p:
            s >>= 1
        out.append((p, s))
        p += s
    return out


def rows(count, edits=b"", palette=1, n=1000):
    """fh5_rows: palette (paths n, n + 1, ...), one pick per row, edits ([count, ...])."""
    out = bytes([palette - 1]) + b"".join(moments(n + i) for i in range(palette))
    out += bytes(i % palette for i in range(count))
    return out + (edits or b"\0")


def nodes(shape=0, checksum=0):
    """fh5_put_nodes with a shape that takes no more bytes; checksum how."""
    return bytes([shape, checksum, 0])


# --- fuzz_shard --------------------------------------------------------------
def shard_roundtrip(k, m, first, palette=2, count=3, index=2, extra=5, which=0):
    out = bytes([0, k - 1, palette - 1]) + struct.pack("<H", m) + count_raw(first)
    out += b"".join(moments(100 + i, (i, -i, 0.5 * i, float("nan"))) for i in range(palette))
    out += bytes(i % palette for i in range(m))
    out += struct.pack("<II", count - 1, index - 1) + count_raw(extra)
    return out + text("cpu") + text("configs/european.ini", True) + bytes([which])


def shard_split(k, blocks, count, damage=0, order=None, palette=3, which=0, bs=1023,
                short=0, cm0=None):
    """k outputs (1 or 2); blocks of bs + 1 paths, the last `short` fewer."""
    out = bytes([1, k - 1, palette - 1]) + struct.pack("<H", blocks) + bytes([count - 1])
    out += b"".join(moments(64 + i, (100.0 + i, 1.0, 2.0, 3.0),
                            [cm0 if cm0 is not None else 0.5] + [0.5 + j for j in range(1, 10)])
                    for i in range(palette))
    out += bytes((i * 7 + i // 3) % palette for i in range(blocks))
    out += struct.pack("<HH", bs, short) + bytes([which])
    out += bytes(order or [0] * (count - 1)) + bytes([damage])
    return out + (b"\0" if damage == 2 else b"")


def shard_range(blocks, i, n):
    return (blocks * (i - 1) // n, blocks * i // n)


def hostile_shard(blocks, nfiles=1, count=None, k=1, files=None, swaps=None,
                  wrap=True, paths=1000):
    """Files of a consistent split (each: dict of overrides)."""
    out = bytes([2, nfiles - 1]) + count_raw(blocks)
    n = count or nfiles
    out += bytes([7, n - 1]) if count else b"\0"
    out += bytes([k - 1, 0])  # k, which config
    out += bytes(swaps or [i for i in range(1, nfiles)][::-1])  # j = i: no swap
    for i in range(nfiles):
        f = (files or [{}] * nfiles)[i] if files and i < len(files) else {}
        kind = f.get("kind", 0)
        out += bytes([kind])
        if kind == 31:
            continue
        if kind == 30:
            out += text(f.get("junk", "not an HDF5 file"))
            continue
        out += bytes([0, 0])  # index as the split says, the job's config
        out += bytes([f.get("config_how", 0), 1, 0, 0, f.get("grp", 0)])
        if f.get("grp", 0) in (14, 15):
            out += bytes([f.get("seal", 0)])
            continue
        out += f.get("attrs", bytes(12))
        # shard.c's own range, wrapped as uint64 arithmetic wraps
        b = blocks % (1 << 64)
        first = (b * i) % (1 << 64) // n if wrap else b * i // n
        end = (b * (i + 1)) % (1 << 64) // n if wrap else b * (i + 1) // n
        out += rows(len(decompose(first, end)), f.get("edits", b""), n=paths)
        out += bytes([0]) + nodes(f.get("shape", 0), f.get("checksum", 0))
        out += bytes([f.get("seal", 0)])  # 15: not sealed
    return out


SHARD = {
    "roundtrip-small": shard_roundtrip(1, 5, 0),
    "roundtrip-k4-from-odd-block": shard_roundtrip(4, 300, 12345, palette=4),
    "roundtrip-near-2^64": shard_roundtrip(2, 40, (1 << 64) - 41),
    "roundtrip-empty": shard_roundtrip(3, 0, 1 << 40, count=1, index=1, extra=0, which=4),
    "split-one": shard_split(1, 7, 1),
    "split-four": shard_split(2, 1000, 4, order=[1, 0, 2], bs=4095, short=1000),
    "split-more-shards-than-blocks": shard_split(1, 2, 4),
    "split-missing": shard_split(2, 100, 3, damage=1),
    "split-twice": shard_split(1, 64, 2, damage=2),
    "split-negative-sum-of-squares": shard_split(1, 9, 2, cm0=-1.0),
    "hostile-one": hostile_shard(1000),
    "hostile-three-huge": hostile_shard((1 << 50) - 3, nfiles=3, k=2),
    "hostile-top-of-range": hostile_shard((1 << 64) - 1),
    "hostile-two-near-2^64": hostile_shard((1 << 64) - 3, nfiles=2, wrap=False),
    "hostile-no-file": hostile_shard(10, nfiles=2, files=[{}, {"kind": 31}]),
    "hostile-not-hdf5": hostile_shard(10, files=[{"kind": 30}]),
    "hostile-no-group": hostile_shard(10, files=[{"grp": 15}]),
    "hostile-bad-checksum": hostile_shard(100, files=[{"checksum": 14}]),
    "hostile-nodes-2d": hostile_shard(96, files=[{"shape": 10}]),
    "hostile-nodes-members": hostile_shard(8, files=[{"shape": 15}]) + bytes([1, 2, 3, 0, 4, 3]),
    "hostile-config-fixed-string": hostile_shard(16, files=[{"config_how": 5}]),
    "hostile-not-sealed": hostile_shard(10, nfiles=2, files=[{}, {"seal": 15}]),
    "hostile-rows-a-run-writes": hostile_shard(512, paths=512),
}
# the bugs it found (regressions/fuzz_shard/, not seeds: they crashed)
SHARD_REGRESSIONS = {
    # a row's size made 2^63 after a 2^63 subtree: 2 * size overflows to 0
    "join-subtree-2^63-division-by-zero": hostile_shard(
        (1 << 63) + (1 << 62), files=[{"edits": bytes([1, 4, 1])}]),
    # (i-1)B/n overflows for B*n >= 2^64: the shares end before the job does
    "join-shard-range-overflow": hostile_shard((1 << 64) - 1, nfiles=2),
}


# --- fuzz_checkpoint ---------------------------------------------------------
def ck_make(k=1, m=5, first=0, more=3, beyond=10, which=0, palette=2, config="", bs=1023,
            short=0, mean1=-1.0):
    """k outputs (1 or 2); blocks of bs + 1 paths, the last `short` fewer."""
    out = bytes([k - 1, palette - 1]) + struct.pack("<H", m) + count_raw(first)
    out += b"".join(moments(100 + i, (i, mean1 * i, 0.5 * i, float("inf")))
                    for i in range(palette))
    out += bytes(i % palette for i in range(m)) + count_raw(more) + count_raw(beyond)
    out += bytes([which]) + (text(config, True) if which == 3 else b"")
    return out + struct.pack("<HH", bs, short)


def ck_roundtrip(negative=6, extra=b"", **kw):
    return bytes([0]) + ck_make(**kw) + bytes([negative]) + extra


def ck_damage(how, tail, **kw):
    return bytes([1]) + ck_make(**kw) + bytes([how]) + tail


def ck_hostile(first, length, beyond=0, done=None, k=1, kind=0, kind_how=0, cfg_how=0,
               other_job=0, grp=0, attrs=None, edits=b"", shape=0, checksum=0, junk="",
               seal=0, bs=0, n=1000):
    """seal 15: not sealed; the job read for: blocks of bs + 1 paths."""
    done = length if done is None else done
    out = bytes([2, k - 1]) + count_raw(first) + count_raw(length) + count_raw(beyond)
    out += count_raw(done) + bytes([0, kind])
    if kind == 30:
        return out + text(junk)
    out += bytes([kind_how, 0, cfg_how, other_job, grp])
    if grp not in (14, 15):
        out += attrs or bytes(10)
        nrows = len(decompose(first, first + min(done, length)))
        out += rows(nrows, edits, n=n) + bytes([0]) + nodes(shape, checksum)
    return out + bytes([seal]) + struct.pack("<HH", bs, 0)


CHECKPOINT = {
    "roundtrip-small": ck_roundtrip(),
    "roundtrip-k2-from-odd-block": ck_roundtrip(k=2, m=300, first=12345, palette=4,
                                                more=1 << 20, beyond=7),
    "roundtrip-near-2^64": ck_roundtrip(k=2, m=40, first=(1 << 64) - 60, more=5, beyond=0),
    "roundtrip-nothing-done": ck_roundtrip(m=0, first=1 << 40, more=100),
    "roundtrip-text-config": ck_roundtrip(which=3, config="[a]\nb = 1\n[output]\nfile = x\n"),
    "roundtrip-other-first": ck_roundtrip(0, b"\0", m=17),
    "roundtrip-other-end": ck_roundtrip(1, b"\0", m=17),
    "roundtrip-other-blocks": ck_roundtrip(2, b"\0", m=17),
    "roundtrip-other-outputs": ck_roundtrip(3, b"\0", k=2, m=17),
    "roundtrip-partial-last-block": ck_roundtrip(k=2, m=9, more=0, beyond=0, bs=4095,
                                                 short=1234),
    "roundtrip-nan-mean": ck_roundtrip(k=2, mean1=float("nan")),
    "roundtrip-other-job": ck_roundtrip(4, b"\0", m=17),
    "roundtrip-no-file": ck_roundtrip(5, m=17),
    "damage-flip-one": ck_damage(0, bytes([0]) + struct.pack("<H", 100) + bytes([0]), m=9),
    "damage-flip-seal": ck_damage(0, bytes([0]) + struct.pack("<H", 20) + bytes([1]), m=9),
    "damage-flip-eight": ck_damage(1, bytes([7]) + b"".join(
        struct.pack("<H", 37 * i) + bytes([i]) for i in range(8)), m=200, k=2),
    "damage-kind": ck_damage(2, bytes([6, 1]) + struct.pack("<H", 3) + bytes([5]), m=9),
    "damage-config-output": ck_damage(2, bytes([7, 0]) + text(
        "; resolved config\n[model]\ntype = gbm\n[simulation]\npaths = 1000000\nseed = 42\n"
        "block_size = 1024\n[output]\nfile = another.h5\n", True), m=9),
    "damage-next-block": ck_damage(2, bytes([3, 1, 0, 0, 0]), m=9),
    "damage-next-block-not-sealed": ck_damage(2, bytes([3, 1, 0, 0, 0, 0, 0, 0, 3]), m=9),
    "damage-checksum": ck_damage(2, bytes([5, 1, 17, 0, 0]), m=9),
    "damage-outputs": ck_damage(2, bytes([4, 0, 0, 1, 1]), m=9),
    "damage-row-size": ck_damage(3, bytes([0, 0, 1, 1, 62]), m=9),
    "damage-row-n": ck_damage(3, bytes([1, 0, 2, 0]) + u64(12) + bytes([1, 3]) + u64(7) +
                              bytes([2]), m=9),
    "damage-row-n-one-more": ck_damage(3, bytes([0, 0, 2, 1, 1]), m=9),
    "damage-row-negative-sum-of-squares": ck_damage(3, bytes([0, 0, 5]), m=9),
    "hostile-from-zero": ck_hostile(0, 1000),
    "hostile-huge-share": ck_hostile((1 << 49) + 3, (1 << 49) - 5, beyond=1 << 30, k=2),
    "hostile-rows-a-run-writes": ck_hostile(0, 512, n=512),
    "hostile-not-sealed": ck_hostile(0, 512, n=512, seal=15),
    "hostile-partly-done": ck_hostile(4096, 4096, done=1000),
    "hostile-top-of-range": ck_hostile(0, (1 << 64) - 1, k=2),
    "hostile-not-hdf5": ck_hostile(0, 10, kind=30, junk="CHECKPOINT"),
    "hostile-no-file": ck_hostile(0, 10, kind=31),
    "hostile-shard-kind": ck_hostile(0, 10, kind_how=5),
    "hostile-no-group": ck_hostile(0, 10, grp=15),
    "hostile-bad-checksum": ck_hostile(0, 100, checksum=14),
    "hostile-nodes-2d": ck_hostile(0, 96, shape=10),
    "hostile-attr-array": ck_hostile(0, 10, attrs=bytes([11, 0, 0, 0, 9, 4, 0, 0, 10, 0])),
}
CHECKPOINT_REGRESSIONS = {
    # a row's size made 2^63 after a 2^63 subtree: 2 * size overflows to 0
    "read-subtree-2^63-division-by-zero": ck_hostile(0, (1 << 63) + (1 << 62),
                                                     done=(1 << 64) - 1,
                                                     edits=bytes([1, 4, 1])),
}


# --- fuzz_damage -------------------------------------------------------------
def damage(kind, *edits):
    """kind: 0 shard, 1 run log, 2 checkpoint, 3 sweep file; each edit
    (op, offset, in the first KB?, length - 1, the op's bytes)."""
    out = bytes([kind, len(edits) - 1])
    for op, at, first_kb, length, tail in edits:
        out += bytes([1 if first_kb else 0]) + struct.pack("<I", at) + bytes([length, op])
        out += tail
    return out


DAMAGE = {
    "shard-bit-of-seal": damage(0, (0, 3, True, 0, bytes([2]))),
    "shard-unchanged": damage(0, (3, 700, True, 9, bytes([1]) + struct.pack("<I", 700))),
    "shard-superblock-byte": damage(0, (1, 520, True, 0, bytes([0xff]))),
    "runlog-cut": damage(1, (4, 9000, False, 0, b"")),
    "checkpoint-grown": damage(2, (5, 0, False, 3, b"\0\0\0\0")),
    "checkpoint-run-moved": damage(2, (3, 600, True, 63, bytes([1]) + struct.pack("<I", 2000))),
    "sweep-overwritten": damage(3, (2, 1000, False, 7, b"mcsim!!!")),
    "sweep-several": damage(3, (0, 700, True, 0, bytes([7])), (1, 4000, False, 0, bytes([0])),
                            (4, 100000, False, 0, b"")),
}


def write(folder, seeds):
    os.makedirs(folder, exist_ok=True)
    for name, data in seeds.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    write(os.path.join(HERE, "corpus", "fuzz_shard"), SHARD)
    write(os.path.join(HERE, "regressions", "fuzz_shard"), SHARD_REGRESSIONS)
    write(os.path.join(HERE, "corpus", "fuzz_checkpoint"), CHECKPOINT)
    write(os.path.join(HERE, "regressions", "fuzz_checkpoint"), CHECKPOINT_REGRESSIONS)
    write(os.path.join(HERE, "corpus", "fuzz_damage"), DAMAGE)
