#!/usr/bin/python3
"""h5seal.py - the seal of mcsim's HDF5 files (engine/h5seal.h,
docs/hdf5-schema.md "The seal") in Python, for the tests: check a file's
seal, seal a file again, and forge a merge-tree row as a deliberate editor
would (the row changed, its checksum and the file's seal made to match),
which mcsim must still refuse (engine/shard.h, mcs_node_check).

usage: h5seal.py check FILE...            exit 0 if every seal holds
       h5seal.py reseal FILE              seal FILE as it is now
       h5seal.py forge FILE GROUP ROW FIELD VALUE
                 e.g. forge s1.h5 shard 0 n 1001000; FIELD n, start, size,
                 mean0.., cm0.. (comoments: as many as the row's width); VALUE a number or nan
"""
import hashlib
import sys

SEAL_BYTES = 512


def seal_of(data):
    """The seal that bytes `data` (the whole file) should start with."""
    text = b"mcsim seal 1\nbytes %d\nsha256 %s\n" % (
        len(data), hashlib.sha256(data[SEAL_BYTES:]).hexdigest().encode())
    return text.ljust(SEAL_BYTES, b"\0")


def sealed(path):
    with open(path, "rb") as f:
        data = f.read()
    return len(data) > SEAL_BYTES and data[:SEAL_BYTES] == seal_of(data)


def reseal(path):
    with open(path, "r+b") as f:
        data = f.read()
        f.seek(0)
        f.write(seal_of(data))


def fnv1a(data):
    """engine/shard.c's checksum of the rows (64-bit FNV-1a)."""
    h = 1469598103934665603
    for b in data:
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def forge(path, group, row, field, value):
    import h5py
    import numpy as np
    with h5py.File(path, "r+") as f:
        g = f[group]
        rows = g["nodes"][()]
        if field.startswith("mean") or field.startswith("cm"):
            column = "mean" if field.startswith("mean") else "comoments"
            rows[column][row][int(field.lstrip("meancm"))] = float(value)
        else:
            rows[field][row] = np.uint64(int(value))
        g["nodes"][...] = rows
        # the rows as engine/shard.h's mcs_node_row lays them out in memory
        g.attrs.modify("checksum", np.uint64(fnv1a(rows.tobytes())))
    reseal(path)


def main(argv):
    if len(argv) >= 2 and argv[0] == "check":
        bad = [p for p in argv[1:] if not sealed(p)]
        for p in bad:
            print(p + ": the seal does not hold", file=sys.stderr)
        return 1 if bad else 0
    if len(argv) == 2 and argv[0] == "reseal":
        reseal(argv[1])
        return 0
    if len(argv) == 6 and argv[0] == "forge":
        forge(argv[1], argv[2], int(argv[3]), argv[4], argv[5])
        return 0
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
