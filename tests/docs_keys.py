#!/usr/bin/env python3
"""docs_keys.py - docs/user-guide.md's key tables are the code's: every block
between "<!-- keys: KIND NAME ... -->" and "<!-- /keys -->" must be what
`mcsim help keys --markdown` prints for that model or payoff (made from the
key lists, models/<name>_params.def and payoffs/<name>_params.def), and
every model and payoff must have its block.
Usage: docs_keys.py PATH/TO/mcsim [--write]   (--write: put the generated
blocks into the guide, in place of the old ones)
"""
import os
import re
import subprocess
import sys

GUIDE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                     "docs", "user-guide.md")
BLOCK = re.compile(r"^<!-- keys: (\w+) ([\w-]+) .*?^<!-- /keys -->\n", re.M | re.S)


def blocks(text):
    """{(kind, name): block text} of a markdown text."""
    found = {}
    for m in BLOCK.finditer(text):
        if (m.group(1), m.group(2)) in found:
            sys.exit("docs_keys: two blocks for %s %s" % (m.group(1), m.group(2)))
        found[(m.group(1), m.group(2))] = m.group(0)
    return found


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--write"):
        sys.exit(__doc__)
    run = subprocess.run([sys.argv[1], "help", "keys", "--markdown"], capture_output=True,
                         text=True, check=True)
    want = blocks(run.stdout)
    if not want:
        sys.exit("docs_keys: mcsim help keys --markdown printed no block")
    with open(GUIDE) as f:
        guide = f.read()
    have = blocks(guide)
    if len(sys.argv) == 3:
        missing = sorted(set(want) - set(have))
        if missing:
            sys.exit("docs_keys: no block in %s for %s: add the marker lines where each "
                     "table goes, then run --write again" % (GUIDE, missing))
        guide = BLOCK.sub(lambda m: want.get((m.group(1), m.group(2)), m.group(0)), guide)
        with open(GUIDE, "w") as f:
            f.write(guide)
        print("docs_keys: wrote %d tables into %s" % (len(want), GUIDE))
        return
    problems = []
    for key in sorted(set(want) | set(have)):
        if key not in have:
            problems.append("%s %s: no key table in the guide" % key)
        elif key not in want:
            problems.append("%s %s: a key table for a type mcsim does not have" % key)
        elif have[key] != want[key]:
            problems.append("%s %s: the guide's key table differs from the code's:\n%s" %
                            (*key, want[key]))
    if problems:
        sys.exit("docs_keys: docs/user-guide.md and the code differ (regenerate: "
                 "tests/docs_keys.py build/mcsim --write):\n" + "\n".join(problems))
    print("docs_keys: %d key tables match the code" % len(want))


if __name__ == "__main__":
    main()
