#!/usr/bin/env bash
# report_test.sh - the validation report's calculator against the C model: for
# several input sets, the numbers the page computes in headless Chromium (read
# from the out-* elements' data-value attributes) must equal those of
# `mcsim estimate --format json` (relative 1e-9; break-even 1e-6).
# Usage: tests/report_test.sh PATH/TO/mcsim REPORT_HTML [CONFIG]
# CONFIG defaults to configs/european.ini of this repository. mcsim runs in the
# report's folder, or in $REPORT_TEST_CWD when set, so that the profile names the
# report holds (MCS_DATA.cpu_profile, gpu_profile and the catalogue's) resolve
# there as they did for `mcsim validate` (profiles/NAME.ini or the catalogue).
# Exit 0: all equal; 1: a difference or failure; 77: skipped (no Chromium).
set -u

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 PATH/TO/mcsim REPORT_HTML [CONFIG]" >&2
    exit 64
fi
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)

abspath() {
    case $1 in
    /*) printf '%s\n' "$1" ;;
    */*) printf '%s\n' "$PWD/$1" ;;
    *) if [ -e "$PWD/$1" ]; then printf '%s\n' "$PWD/$1"; else command -v -- "$1" || printf '%s\n' "$1"; fi ;;
    esac
}
mcsim=$(abspath "$1")
report=$(abspath "$2")
config=$(abspath "${3:-$repo/configs/european.ini}")
[ -x "$mcsim" ] || { echo "report_test: '$1' is not an executable file" >&2; exit 1; }
[ -f "$report" ] || { echo "report_test: report '$2' not found" >&2; exit 1; }
[ -f "$config" ] || { echo "report_test: config '$config' not found" >&2; exit 1; }

chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
    echo "SKIP: no chromium"
    exit 77
fi
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3 || true)
if [ -z "$py" ]; then
    echo "SKIP: no python3"
    exit 77
fi

exec "$py" "$here/report_dom_values.py" run "$chromium" "$mcsim" "$report" "$config"
