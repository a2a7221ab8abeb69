#!/usr/bin/env python3
"""run.py - the bad-input battery: every case in cases.txt and generated.txt
is run against mcsim in a fresh temporary folder; it must exit with the
expected code, name the expected word on stderr, leave no file behind, and
show no sanitizer report. Usage: run.py PATH/TO/mcsim [CASE-FILE...]

A case is one line:  EXIT | WORD | ARGS [| INI]
  EXIT  the exit code expected (64 usage, 65 data, 66 input, 69 backend,
        74 I/O, 78 config)
  WORD  text stderr must contain (case-sensitive)
  ARGS  mcsim's arguments, split like a shell (shlex); c.ini is the config,
        {repo} the repository (for its configs/ and profiles/), {fifo} a
        FIFO made for the case (nothing writes it: a read of it would hang)
  INI   optional: the text of c.ini, with \\n for newlines and \\0 for a NUL
        byte; without it c.ini is a good European config
Lines starting with # and blank lines are skipped. A case of generated.txt
must also reach its key: its message may not say the key is unknown, of
another type, or does not apply.
"""
import os
import shlex
import subprocess
import sys
import tempfile

GOOD_INI = ("[model]\nspot = 100\nvolatility = 0.2\n"
            "[option]\nstrike = 100\nmaturity = 1\n"
            "[simulation]\npaths = 1000\n")
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# a generated case (generated.txt) must reach the key it tests: refused for
# its value, not as a key of another type or one that does not apply (a
# case on the wrong base config would pass on these words and test nothing)
UNREACHED_MARKS = ("unknown key", "not a key of", "does not apply")
SANITIZER_MARKS = ("runtime error:", "AddressSanitizer", "LeakSanitizer",
                   "UndefinedBehaviorSanitizer", "Segmentation fault")


def unescape(text):
    return (text.replace("\\n", "\n").replace("\\t", "\t").replace("\\r", "\r")
            .replace("\\0", "\0").encode("utf-8", "surrogateescape"))


def parse(path):
    cases = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = [p.strip() for p in line.split(" | ")]
            if len(parts) not in (3, 4) or not parts[0].isdigit():
                sys.exit("%s:%d: expected 'EXIT | WORD | ARGS [| INI]'" % (path, number))
            cases.append(("%s:%d" % (os.path.basename(path), number), int(parts[0]), parts[1],
                          parts[2], parts[3] if len(parts) == 4 else None))
    return cases


def run_case(mcsim, case, env):
    where, code, word, args, ini = case
    with tempfile.TemporaryDirectory(prefix="mcsim_bad_") as tmp:
        with open(os.path.join(tmp, "c.ini"), "wb") as f:
            f.write(unescape(ini) if ini is not None else GOOD_INI.encode())
        if "{fifo}" in args:
            os.mkfifo(os.path.join(tmp, "p.fifo"))
        before = set(os.listdir(tmp))
        try:
            argv = shlex.split(args.replace("{repo}", REPO).replace("{fifo}", "p.fifo"))
            p = subprocess.run([mcsim] + argv, cwd=tmp, env=env, timeout=60,
                               stdin=subprocess.DEVNULL, capture_output=True)
        except subprocess.TimeoutExpired:
            return ["timed out after 60 s"]
        err = p.stderr.decode("utf-8", "replace")
        problems = []
        if p.returncode != code:
            problems.append("exit %d, expected %d" % (p.returncode, code))
        if word not in err:
            problems.append("stderr lacks %r" % word)
        if where.startswith("generated.txt:"):
            problems += ["the key was not reached: stderr says %r" % m
                         for m in UNREACHED_MARKS if m in err]
        for mark in SANITIZER_MARKS:
            if mark in err:
                problems.append("stderr shows %r" % mark)
        left = sorted(set(os.listdir(tmp)) - before)
        if left:
            problems.append("left behind: %s" % ", ".join(left))
        if problems:
            problems.append("stderr: %s" % err.strip().replace("\n", " / ")[:300])
        return problems


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    mcsim = os.path.abspath(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    files = sys.argv[2:] or [os.path.join(here, "cases.txt"), os.path.join(here, "generated.txt")]
    env = dict(os.environ)
    env.pop("MCSIM_PROFILE", None)
    env.pop("MCSIM_BACKEND", None)
    env.pop("MCSIM_LOG", None)
    home = tempfile.mkdtemp(prefix="mcsim_bad_home_")
    env["HOME"] = home
    env["XDG_CONFIG_HOME"] = os.path.join(home, ".config")
    cases = [c for f in files for c in parse(f)]
    failed = 0
    for case in cases:
        problems = run_case(mcsim, case, env)
        if problems:
            failed += 1
            print("not ok - %s: %s" % (case[0], case[3]))
            for p in problems:
                print("#   " + p)
    print("# %d cases, %d passed, %d failed" % (len(cases), len(cases) - failed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
