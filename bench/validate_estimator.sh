#!/bin/sh
# validate_estimator.sh MCSIM OUT [SIZES] - the estimator's accuracy check on
# this machine: calibrate it, sweep configs/european.ini in single and double
# precision (cpu and gpu, cold and warm, 5 repeats), validate with a report.
# Everything lands in OUT (profile.ini, calibrate.log, sweep-*.h5,
# validate.txt, report.html). docs/estimator.md, "Validation".
set -eu
mcsim=$1
out=$2
sizes=${3:-1e3:1e10}
mkdir -p "$out"
start=$(date +%s)
$mcsim calibrate -o "$out/profile.ini" 2> "$out/calibrate.log"
echo "calibrate: $(( $(date +%s) - start )) s" >> "$out/calibrate.log"
export MCSIM_PROFILE="$out/profile.ini"
for precision in single double; do
    $mcsim sweep configs/european.ini --paths "$sizes" --repeat 5 \
        --set simulation.precision=$precision -o "$out/sweep-$precision.h5" 2> "$out/sweep-$precision.log"
done
$mcsim validate "$out"/sweep-single.h5 "$out"/sweep-double.h5 --report "$out/report.html" \
    > "$out/validate.txt"
cat "$out/calibrate.log" "$out/validate.txt"
