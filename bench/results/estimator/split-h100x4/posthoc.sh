#!/bin/bash
# posthoc.sh - docs/estimator.md "Ranks and shards": this model re-run on the
# 4-H100 profile (x4-profile.ini, main's calibrate) plus the new [gpu] keys
# from where the docs say (context_together_2/_4: the probe's medians in
# README.txt, 0.9953 s and 1.2927 s over 0.6974 s alone; reduce_block_ns:
# fitted to the European's one-shard wall), against the walls in raw.txt.
# Usage (repository root, after building): bench/results/estimator/split-h100x4/posthoc.sh [build/mcsim]
set -eu
here=$(dirname "$0")
mcsim=${1:-build/mcsim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
keys() { sed "s/^\[gpu\]\$/[gpu]\n$1/" "$here/x4-profile.ini" >"$2"; }
together='context_together_2 = 1.4272\ncontext_together_4 = 1.8536'
keys "$together" "$tmp/k.ini"
keys "$together\nreduce_block_ns = 375.8" "$tmp/kr.ini"
declare -A job
job[european]="configs/european.ini --paths 1e12"
job[asian252]="configs/asian.ini --paths 2e9 --set option.fixings=252"
job[barrier]="configs/barrier.ini --paths 2e11"
job[lookback]="configs/lookback.ini --paths 1e11"
wall() { "$mcsim" estimate ${job[$1]} --shards "$2" --profile "$3" --format json 2>/dev/null |
         python3 -c 'import json,sys; print(json.load(sys.stdin)["shards"]["gpu"]["total"])'; }
for n in european asian252 barrier lookback; do
    for g in 1 2 4; do
        echo "$n $g $(wall $n $g "$here/x4-profile.ini") $(wall $n $g "$tmp/k.ini") $(wall $n $g "$tmp/kr.ini")"
    done
done >"$tmp/pred.txt"
python3 - "$here" "$tmp/pred.txt" <<'PY'
import json, statistics, sys
here, pred = sys.argv[1], sys.argv[2]
meas = {}
for r in (l.split() for l in open(f"{here}/raw.txt")):
    meas.setdefault((r[0], r[1]), []).append(float(r[3]))
print("| job | G | measured s (spread) | main | merge by roots | + k(G) | + r_g |")
print("|---|---|---|---|---|---|---|")
errs = [[], [], [], []]
for l in open(pred):
    n, g, *p = l.split()
    w = meas[(n, g)]
    m = statistics.median(w)
    main = json.load(open(f"{here}/est-{n}-{g}.json"))["shards"]["gpu"]["total"]
    cols = [main] + [float(x) for x in p]
    if g != "1":
        for e, v in zip(errs, cols):
            e.append(abs(v / m - 1))
    print(f"| {n} | {g} | {m:.3f} ({max(w) / min(w) - 1:.0%}) | " +
          " | ".join(f"{v:.3f} ({v / m - 1:+.1%})" for v in cols) + " |")
for name, e in zip(["main", "merge by roots", "+ k(G)", "+ r_g"], errs):
    print(f"{name}: median |error| over G > 1 {statistics.median(e):.1%}, worst {max(e):.1%}")
PY
