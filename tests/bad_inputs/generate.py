"""generate.py - writes generated.txt: bad values for every config key of
every model and payoff, read from `mcsim help keys --format json` (made from
the key lists, models/<name>_params.def and payoffs/<name>_params.def), each
case on the base config of the key's own model and payoff (the type table's
base, plus what makes a conditional key apply), so that it reaches its key:
run.py fails a generated case whose message says the key is unknown, of
another type or does not apply. Also every per-kernel profile key of every
compiled kernel, read from `mcsim help profile-keys --format json` (the
profile's key table, estimator/profile.c, and kernels/combos.def's
families). A key or kernel added to mcsim gets its cases by running
  tests/bad_inputs/generate.py build/mcsim > tests/bad_inputs/generated.txt
The ctest `bad_inputs_current` fails when generated.txt is out of date.
Usage: generate.py PATH/TO/mcsim
"""
import json
import subprocess
import sys

# values no numeric or named key accepts
BAD = ["abc", "nan", "inf", "-inf", "1e999", "1,5", "2 3", "--1", "0x", "\uff11\uff12"]
BAD_IN_FILE = ["abc", "nan", "1e999", "1,5", "\uff11\uff12"]
# values no list or matrix key accepts on a base config of 2 assets: not
# numbers, an empty element, and a wrong length (3; one number is every element)
BAD_LIST = ["abc", "nan", "inf", "1e999", "1,abc", "1,,2", "1,2,3", "[1,2,3]", "\uff11\uff12"]
BAD_LIST_IN_FILE = ["abc", "nan", "1,abc", "1,2,3"]
# amounts of money (a real key of lower bound 0 and no upper bound) outside
# what each precision prices: single from 1e-30 to 1e30, double from 1e-140
# (engine/config.c, fits_precision)
OUT_OF_RANGE = [("", "1e-31"), ("", "1e31"), ("--set simulation.precision=double ", "1e-141")]
# keys whose every text is valid (a path)
FREE_TEXT = {("output", "file")}
# every case's simulation: small
SIMULATION = {"paths": "1000"}


def key_tables(mcsim):
    """mcsim help keys --format json: the fixed keys, the models and payoffs."""
    run = subprocess.run([mcsim, "help", "keys", "--format", "json"], capture_output=True,
                         text=True, check=True)
    return json.loads(run.stdout)


def assignments(text):
    """[(section, key, value)] of "section.key=value ..." text."""
    out = []
    for item in text.split():
        lhs, value = item.split("=", 1)
        section, key = lhs.split(".", 1)
        out.append((section, key, value))
    return out


def base_ini(model, payoff, extra):
    """{section: {key: value}}: the model's and the payoff's base configs."""
    sections = {"model": {"type": model["name"]}, "option": {"payoff": payoff["name"]},
                "simulation": dict(SIMULATION)}
    for section, key, value in assignments(model["base"] + " " + payoff["base"] + " " + extra):
        sections.setdefault(section, {})[key] = value
    return sections


def ini_text(sections, section=None, key=None, value=None):
    """The config as one escaped line (run.py's INI field); with section,
    key and value set (or replaced) in it."""
    sections = {s: dict(kv) for s, kv in sections.items()}
    if section:
        sections.setdefault(section, {})[key] = value
    lines = []
    for s, kv in sections.items():
        lines.append("[%s]" % s)
        lines += ["%s = %s" % (k, v) for k, v in kv.items()]
    return "\\n".join(lines) + "\\n"


def cases_of(section, key, sections, amount, listed=False):
    """The lines for one key on one base config (listed: a list or matrix key)."""
    word = "[%s] %s" % (section, key)
    ini = ini_text(sections)
    for value in BAD_LIST if listed else BAD:
        print("78 | %s | c.ini --no-log --set '%s.%s=%s' | %s" % (word, section, key, value, ini))
    for value in BAD_LIST_IN_FILE if listed else BAD_IN_FILE:
        print("78 | %s | c.ini --no-log | %s" % (word, ini_text(sections, section, key, value)))
    if amount:
        for precision, value in OUT_OF_RANGE:
            print("78 | %s | c.ini --no-log %s--set '%s.%s=%s' | %s"
                  % (word, precision, section, key, value, ini))


def is_amount(k):
    return k.get("kind") == "real" and k["lo"] == 0 and k["hi"] is None


def is_list(k):
    return k.get("kind") in ("list", "matrix")


def partner(kind, types):
    """The first type of the other table that pairs with `kind`: a one-asset
    model with a one-asset payoff (\"assets\" 0), a multi-asset model
    (\"assets\" 1) with a payoff of several assets (\"assets\" >= 1)."""
    return next(t for t in types if (t["assets"] > 0) == (kind["assets"] > 0))


# values no per-kernel number accepts (every number is finite and >= 0)
BAD_KERNEL = ["abc", "-1", "inf"]
# and a per-kernel count (whole, 1 to count_max): the first three and one above
BAD_COUNT = ["0", "1.5", "abc"]


def profile_keys(mcsim):
    """mcsim help profile-keys --format json: the profile's keys and kernel names."""
    run = subprocess.run([mcsim, "help", "profile-keys", "--format", "json"],
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    tables = key_tables(sys.argv[1])
    models, payoffs = tables["models"], tables["payoffs"]
    print("# generated by tests/bad_inputs/generate.py from `mcsim help keys --format json`:")
    print("# do not edit; every key of every model and payoff with values none accepts")
    print("# (exit 78, the message names [section] key), once through --set and once in")
    print("# the file, on the base config of the key's own model and payoff; amounts of")
    print("# money also outside the range of each precision")
    for k in tables["fixed"]:
        if (k["section"], k["key"]) not in FREE_TEXT:
            cases_of(k["section"], k["key"], base_ini(models[0], payoffs[0], ""), False)
    for model in models:
        for k in model["keys"]:
            cases_of(k["section"], k["key"],
                     base_ini(model, partner(model, payoffs), k["applies_with"]), is_amount(k),
                     is_list(k))
    for payoff in payoffs:
        for k in payoff["keys"]:
            cases_of(k["section"], k["key"],
                     base_ini(partner(payoff, models), payoff, k["applies_with"]), is_amount(k),
                     is_list(k))
    print("# every per-kernel profile key of every compiled kernel (mcsim help profile-keys")
    print("# --format json), with values none accepts: exit 78 naming the profile's file,")
    print("# line and key (a count per kernel, blocks_per_sm: also 0, a fraction and one")
    print("# above the largest count)")
    prof = profile_keys(sys.argv[1])
    kernels = prof["kernels"]
    per_kernel = [k for k in prof["keys"] if k["kind"] == "kernel"]
    for family in kernels["families"]:
        for side, rngs in kernels["generators"].items():
            # numbers on the side's single-precision kernel of its first generator,
            # counts on its double-precision one
            for k in per_kernel:
                if k["section"] != side:
                    continue
                count = k["range"] == "count"
                name = k["key"].replace("KERNEL", "%s_%s_%s" % (
                    family, kernels["precisions"][1 if count else 0], rngs[0]))
                values = BAD_COUNT + [str(prof["count_max"] + 1)] if count else BAD_KERNEL
                for value in values:
                    print("78 | c.ini:5: [%s] %s | estimate {repo}/configs/european.ini "
                          "--profile ./c.ini | [profile]\\nname = x\\nkind = %s\\n[%s]\\n%s = %s\\n"
                          % (side, name, side, side, name, value))

if __name__ == "__main__":
    main()
