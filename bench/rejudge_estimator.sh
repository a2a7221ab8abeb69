#!/bin/bash
# rejudge_estimator.sh DIR MCSIM [VALIDATE ARGS...] - judge a finished matrix's sweeps again:
# `mcsim validate` of every DIR/sweep-*.h5 with the given arguments (e.g. --profile P, a
# profile changed by hand, or the same profile under a newer model), each into
# DIR/validate-NAME.txt (replaced), and the per-config summary table of
# bench/validate_estimator.sh (its summarise function) on stdout. Unpack a folder's
# sweeps.tgz into DIR first. Example (bench/results/estimator/h200-waveline-session14):
#   tar -xzf sweeps.tgz -C /tmp/rj && bench/rejudge_estimator.sh /tmp/rj build/mcsim --profile h200-one-factor.ini
set -u
[ $# -ge 2 ] || { sed -n '2,8p' "$0" >&2; exit 64; }
dir=$1 mcsim=$(realpath "$2"); shift 2
here=$(cd "$(dirname "$0")" && pwd)
eval "$(sed -n '/^summarise() {/,/^}$/p' "$here/validate_estimator.sh")"
[ -d "$dir" ] || { echo "rejudge_estimator.sh: no folder $dir" >&2; exit 66; }
ls "$dir"/sweep-*.h5 >/dev/null 2>&1 || { echo "rejudge_estimator.sh: no sweep-*.h5 in $dir" >&2; exit 66; }
for f in "$dir"/sweep-*.h5; do
    name=${f##*/sweep-}
    name=${name%.h5}
    "$mcsim" validate "$f" "$@" -q >"$dir/validate-$name.txt" 2>/dev/null ||
        echo "rejudge_estimator.sh: validate $f failed ($dir/validate-$name.txt)" >&2
done
configs=$(cd "$dir" && ls validate-*.txt | sed 's/^validate-//; s/-.*//' | sort -u)
echo "| config | speedup median | speedup p90 | worst N* ratio | right backend | median bias: totals, phases >= 10% |"
echo "|---|---|---|---|---|---|"
for cfg in $configs; do
    files=("$dir"/validate-"$cfg"-*.txt)
    summarise "$cfg" "${files[@]}"
done
files=("$dir"/validate-*.txt)
summarise all "${files[@]}"
