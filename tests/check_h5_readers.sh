#!/bin/sh
# check_h5_readers.sh - proves an mcsim HDF5 run log is readable by h5dump
# and by h5py, and that its seal holds (tests/h5seal.py, Python's SHA-256).
# Usage: check_h5_readers.sh FILE.h5 [EXPECTED_PRICE]
# Exit 0 when both readers see the schema; non-zero with a message otherwise.
#        check_h5_readers.sh --missing
# prints which readers this machine lacks ("h5dump", "python3 h5py", both
# joined by " and ", or an empty line), for the suites that skip what only
# they can check (`make deps-test` installs both).
set -u

if [ "${1:-}" = --missing ]; then
    missing=""
    command -v h5dump >/dev/null 2>&1 || missing="h5dump"
    /usr/bin/python3 -c 'import h5py' 2>/dev/null || missing="${missing:+$missing and }python3 h5py"
    echo "$missing"
    exit 0
fi

fail() {
    echo "check_h5_readers: $*" >&2
    exit 1
}

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 FILE.h5 [EXPECTED_PRICE]" >&2
    exit 64
fi
file=$1
price=${2:-}
[ -f "$file" ] || fail "'$file' does not exist or is not a regular file"

# --- h5dump -------------------------------------------------------------
command -v h5dump >/dev/null 2>&1 || fail "h5dump not found (Debian: apt-get install hdf5-tools)"
tmp=$(mktemp) || fail "cannot create a temporary file"
trap 'rm -f "$tmp"' EXIT

# The full dump must succeed (every object and attribute decodes) ...
h5dump "$file" >"$tmp" 2>&1 || fail "h5dump could not read '$file': $(tail -n 5 "$tmp")"
grep -q 'ATTRIBUTE "schema_version"' "$tmp" || fail "h5dump: no schema_version attribute in '$file'"
# ... and the contents listing must name every object by its full path.
h5dump -n 1 "$file" >"$tmp" 2>&1 || fail "h5dump -n could not list '$file': $(tail -n 5 "$tmp")"
for obj in "group      /result" "dataset    /timings" "dataset    /convergence" \
           "group      /device" "attribute  /schema_version"; do
    grep -qF " $obj" "$tmp" || fail "h5dump: '${obj##* }' missing from '$file'"
done

# --- h5py ---------------------------------------------------------------
py=/usr/bin/python3
[ -x "$py" ] || fail "$py not found"
"$py" - "$file" "$price" <<'EOF' || fail "h5py check of '$file' failed (see above)"
import math
import sys

try:
    import h5py
except ImportError:
    sys.exit("h5py not importable (Debian: apt-get install python3-h5py)")

path, want_price = sys.argv[1], sys.argv[2]
problems = []


def need(cond, msg):
    if not cond:
        problems.append(msg)
    return cond


with h5py.File(path, "r") as f:
    for name in ("creator", "version", "created_utc", "host", "command_line",
                 "config_file", "config", "backend"):
        if need(name in f.attrs, "root attribute %r missing" % name):
            need(isinstance(f.attrs[name], str),
                 "root attribute %r is %s, not str" % (name, type(f.attrs[name]).__name__))
    need(f.attrs.get("creator") == "mcsim", "creator is %r, not 'mcsim'" % f.attrs.get("creator"))
    need(f.attrs.get("schema_version") == 3,
         "schema_version is %r, not 3" % f.attrs.get("schema_version"))

    if need(isinstance(f.get("result"), h5py.Group), "group /result missing"):
        r = f["result"].attrs
        for name in ("price", "std_error", "ci_low", "ci_high", "confidence_level",
                     "paths", "seed", "rng", "precision", "block_size", "steps"):
            need(name in r, "/result attribute %r missing" % name)
        if "price" in r and want_price:
            got = float(r["price"])
            need(math.isclose(got, float(want_price), rel_tol=1e-12, abs_tol=1e-300),
                 "/result price is %r, expected %s" % (got, want_price))
        need(r.get("precision") in ("single", "double"),
             "/result precision is %r" % r.get("precision"))

    if need(isinstance(f.get("device"), h5py.Group), "group /device missing"):
        for name in ("kind", "cpu_model", "cores", "threads"):
            need(name in f["device"].attrs, "/device attribute %r missing" % name)

    if need(isinstance(f.get("convergence"), h5py.Dataset), "dataset /convergence missing"):
        c = f["convergence"]
        need(c.dtype.names == ("paths", "price", "std_error"),
             "/convergence columns are %r" % (c.dtype.names,))

    if need(isinstance(f.get("warnings"), h5py.Dataset), "dataset /warnings missing"):
        w = f["warnings"]
        need(w.dtype.names == ("severity", "output", "check", "message"),
             "/warnings columns are %r" % (w.dtype.names,))
        for row in w[()]:
            need(row["severity"].decode() in ("warning", "error"),
                 "/warnings severity %r" % row["severity"])

    if need(isinstance(f.get("timings"), h5py.Dataset), "dataset /timings missing"):
        t = f["timings"]
        need(t.attrs.get("units") == "s", "/timings units is %r" % t.attrs.get("units"))
        info = h5py.check_string_dtype(t.dtype["phase"])
        need(info is not None and info.encoding == "utf-8" and info.length is None,
             "/timings phase is not a variable-length UTF-8 string: %r" % (info,))
        # h5py returns a compound's string fields as bytes (its documented rule)
        phases = [p.decode("utf-8") if isinstance(p, bytes) else p for p in t["phase"]]
        want = ["config", "context", "device_query", "setup", "alloc", "rng_init", "h2d",
                "simulate", "d2h", "reduce", "teardown", "write", "total"]
        need(phases == want, "/timings phases are %r, expected %r" % (phases, want))
        need(t.dtype.names == ("phase", "seconds", "bytes", "count"),
             "/timings columns are %r" % (t.dtype.names,))
        seconds = [float(s) for s in t["seconds"]]
        need(len(seconds) == 13, "/timings has %d rows, expected 13" % len(seconds))
        if phases == want:
            sec = dict(zip(phases, seconds))
            need(sec["total"] >= sec["simulate"],
                 "/timings total %g < simulate %g" % (sec["total"], sec["simulate"]))
            if f.attrs.get("backend") == "gpu":
                rows = dict(zip(phases, zip(t["bytes"], t["count"])))
                need(rows["simulate"][1] >= 1, "/timings: no kernel launch counted")
                need(rows["d2h"][0] > 0, "/timings: no device-to-host bytes counted")

for p in problems:
    print("check_h5_readers: h5py: " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
EOF

# --- the seal (docs/hdf5-schema.md): Python's hashlib agrees with mcsim's ---
"$py" "$(dirname "$0")/h5seal.py" check "$file" || fail "'$file': its seal does not hold"

echo "check_h5_readers: '$file' read by h5dump and h5py, sealed: OK"
