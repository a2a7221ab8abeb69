#!/usr/bin/env python3
"""layers.py - the rooms of mcsim's sources and the one way their includes
point: a file may include from its own room or from a room below it, never
from a room above it or from a sibling (docs/architecture.md, "Rooms").

Scans every .c/.h/.cu/.cuh/.inc/.def under the rooms for #include "..." and
fails naming file:line and both rooms for each include that points up. An
include is resolved as the compiler does: beside the including file first,
then in the rooms (CMake puts them all on the include path); a bare name two
rooms hold is refused too, since which one it means depends on the order.

Usage: layers.py [--root DIR]   check the tree at DIR (default: this repo)
       layers.py --self-test    show that the check fails where it must
Python 3 standard library only. Run by ctest as `layers` and `layers_self_test`.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The rooms, bottom first. Rooms on one line are siblings: neither includes
# the other. Everything a room includes lies in a line above it in this list.
ROOMS = [
    ("core",),          # plain types: the job, key-list forms, type tables' types, status, results, sums
    ("models",),        # each model's hot-loop header and key list; the model type table; closed forms
    ("payoffs",),       # each payoff's hot-loop header and key list, read through the model's view
    ("kernels",),       # the compiled (model, payoff) pairs, their headers, the view, the hot loops' limits
    ("engine",),        # config, scheduling, merge, checks, reports, logs, files, the backend table and module loader
    ("cpu_backend", "gpu_backend", "estimator"),  # the backends; the speedup estimator (no backend header)
    ("include",),       # the public header mcsim.h
    ("api",),           # libmcsim: jobs, engines, results, the one run path
    ("app",),           # the mcsim command
]

# Includes that point up on purpose: (including file, room it reaches) -> why.
EXCEPTIONS = {
    # none now: core/job.h included the payoffs' key lists until each payoff's
    # fields became its own block (payoffs/<name>_params.h), as each model's
}

# Top-level folders that are no room: what they hold is not part of the
# program's layers (tests and benchmarks may include anything).
NOT_ROOMS = {"tests", "bench", "python", "cmake", "docs", "profiles", "configs", "cluster", "output"}

SOURCE_ENDINGS = (".c", ".h", ".cu", ".cuh", ".inc", ".def")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def rank_of():
    """Room name -> its line's index in ROOMS."""
    return {room: i for i, line in enumerate(ROOMS) for room in line}


def room_of(root, path):
    """The room (top-level folder) a path inside root lies in, or None."""
    rel = os.path.relpath(path, root)
    if rel.startswith(".."):
        return None
    return rel.split(os.sep)[0]


def resolve(root, including, name, rooms):
    """The files an include "name" in `including` may mean: beside it first,
    else every room that holds that path."""
    beside = os.path.normpath(os.path.join(os.path.dirname(including), name))
    if os.path.isfile(beside):
        return [beside]
    return [os.path.normpath(os.path.join(root, r, name)) for r in rooms
            if os.path.isfile(os.path.join(root, r, name))]


def check(root):
    """Problems found in the tree at root, one line each."""
    ranks = rank_of()
    problems = []
    for entry in sorted(os.listdir(root)):
        path = os.path.join(root, entry)
        if (os.path.isdir(path) and entry not in ranks and entry not in NOT_ROOMS
                and not entry.startswith((".", "build"))
                and not os.path.exists(os.path.join(path, "CMakeCache.txt"))):  # a build folder
            if any(f.endswith(SOURCE_ENDINGS) for _, _, fs in os.walk(path) for f in fs):
                problems.append(f"{entry}/: holds sources but is in no room of tests/layers.py's "
                                f"ROOMS: add it to the line where it belongs")
    for room in ranks:
        top = os.path.join(root, room)
        for folder, dirs, files in os.walk(top):
            dirs.sort()
            for f in sorted(files):
                if not f.endswith(SOURCE_ENDINGS):
                    continue
                src = os.path.join(folder, f)
                rel = os.path.relpath(src, root)
                with open(src, encoding="utf-8", errors="replace") as text:
                    for line_no, line in enumerate(text, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        targets = resolve(root, src, m.group(1), ranks)
                        if len(targets) > 1:
                            where = ", ".join(os.path.relpath(t, root) for t in targets)
                            problems.append(f"{rel}:{line_no}: \"{m.group(1)}\" names a file of "
                                            f"several rooms ({where}): write its room's path")
                            continue
                        if not targets:
                            continue  # a generated or system file: no room
                        to = room_of(root, targets[0])
                        if to is None or to == room or to not in ranks:
                            continue
                        if (rel, to) in EXCEPTIONS:
                            continue
                        if ranks[to] > ranks[room]:
                            problems.append(f"{rel}:{line_no}: room {room} includes \"{m.group(1)}\" "
                                            f"from room {to}, which is above it")
                        elif ranks[to] == ranks[room]:
                            problems.append(f"{rel}:{line_no}: room {room} includes \"{m.group(1)}\" "
                                            f"from room {to}, its sibling")
    return problems


def self_test():
    """The check passes a tree that keeps the rule and fails, naming file:line
    and both rooms, one that breaks it upwards, sideways or ambiguously."""
    failures = []

    def tree(files):
        d = tempfile.mkdtemp(prefix="layers-", dir=scratch)
        for rel, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(d, rel)), exist_ok=True)
            with open(os.path.join(d, rel), "w") as out:
                out.write(text)
        return d

    def run(d):
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "--root", d],
                           capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr

    good = {"core/a.h": "#include <stdint.h>\n", "engine/b.c": '#include "../core/a.h"\n#include "a.h"\n',
            "app/c.c": '#include "b.c"\n'}
    cases = [
        ("a clean tree", good, 0, []),
        ("an upward include", dict(good, **{"core/a.h": '/* x */\n#include "../engine/b.c"\n'}), 1,
         ["core/a.h:2", "room core", "room engine", "above"]),
        ("an upward bare include", dict(good, **{"models/m.h": '#include "b.c"\n'}), 1,
         ["models/m.h:1", "room models", "room engine"]),
        ("a sibling include", dict(good, **{"cpu_backend/x.c": '#include "../gpu_backend/y.h"\n',
                                            "gpu_backend/y.h": ""}), 1,
         ["cpu_backend/x.c:1", "room cpu_backend", "room gpu_backend", "sibling"]),
        ("a bare name two rooms hold", dict(good, **{"models/a.h": "", "app/d.c": '#include "a.h"\n'}), 1,
         ["app/d.c:1", "several rooms"]),
        ("a folder in no room", dict(good, **{"extras/e.c": ""}), 1, ["extras/", "no room"]),
        ("the job reading the payoffs' key lists", dict(good, **{
            "core/job.h": '#include "../payoffs/params.def"\n', "payoffs/params.def": ""}), 1,
         ["core/job.h:1", "room core", "room payoffs"]),
    ]
    scratch = tempfile.mkdtemp(prefix="layers-self-test-")
    for name, files, want_rc, words in cases:
        rc, out = run(tree(files))
        missing = [w for w in words if w not in out]
        if (rc != 0) != (want_rc != 0) or missing:
            failures.append(f"{name}: exit {rc} (want {'non-zero' if want_rc else 0}), "
                            f"missing {missing} in: {out.strip()}")
        else:
            print(f"ok - {name}: exit {rc}")
    shutil.rmtree(scratch)
    for f in failures:
        print(f"not ok - {f}")
    return 1 if failures else 0


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        return self_test()
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    if len(args) == 2 and args[0] == "--root":
        root = args[1]
    elif args:
        print(__doc__.split("\n\n")[2], file=sys.stderr)
        return 64
    problems = check(root)
    for p in problems:
        print(p)
    if problems:
        print(f"layers: {len(problems)} include(s) against the rooms' order (tests/layers.py ROOMS)")
        return 1
    print(f"layers: every include of {', '.join(r for line in ROOMS for r in line)} points down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
