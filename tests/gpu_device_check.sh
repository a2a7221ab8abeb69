#!/bin/bash
# gpu_device_check.sh - every GPU check that needs a real GPU, in one go, for
# the device machine: the GPU test binaries, compute-sanitizer memcheck on it
# (quick mode), and command-line runs from 1 path to 1e12 paths (price within
# 4 se of Black-Scholes, bounded memory). Run from the repo root with the
# bundle built by `make gpu-bundle`:  tests/gpu_device_check.sh [.gpu]
# Logs go to $OUT (or /tmp) as gpu_check.log.
set -u
gpu=${1:-.gpu}
out=${OUT:-/tmp}
log=$out/gpu_check.log
fail=0
. "$(dirname "$0")/device_env.sh"  # the machine's libcurand
step() { echo; echo "=== $*"; }
{
step "device"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader
"$gpu/run" mcsim --version | tee /tmp/version.txt
# the GPU module (beside mcsim in the bundle) must load here
grep -q "gpu backend: module " /tmp/version.txt || { echo "GPU module not loaded: FAILED"; fail=1; }

step "test_gpu (full)"
"$gpu/run" test_gpu || fail=1

step "test_gpu_math (the special-function unit vs the CPU's arithmetic)"
"$gpu/run" test_gpu_math || fail=1

step "compute-sanitizer memcheck on test_gpu (MCSIM_TEST_QUICK=1)"
MCSIM_TEST_QUICK=1 "$gpu/run" compute-sanitizer --tool memcheck --error-exitcode 9 \
    "$gpu/bin/test_gpu" 2>&1 | grep -E "ERROR|FAILED|OK \]|PASSED|SUMMARY" | tail -40
[ "${PIPESTATUS[0]}" = 0 ] || fail=1

step "CLI: 1 path .. 1e12 paths (philox, single), price vs Black-Scholes"
for n in 1 1000 1e6 1e9 1e12; do
    "$gpu/run" mcsim configs/european.ini --backend gpu --paths $n -q --format json \
        -o /tmp/run-$n.h5 > /tmp/run-$n.json || { fail=1; echo "paths $n: FAILED"; continue; }
    python3 - "$n" /tmp/run-$n.json <<'PY'
import json, sys
n, d = sys.argv[1], json.load(open(sys.argv[2]))
t = d["timings"]
z = (d["price"] - d["analytic"]) / d["std_error"] if d["std_error"] else 0.0  # 1 path: null
print("paths %-6s price %.8f se %.2e z %+.2f  kernel %.4f s (%.1f G paths/s)  total %.3f s  context %.3f s"
      % (n, d["price"], d["std_error"] or float("nan"), z, t["simulate"], d["paths"] / t["simulate"] / 1e9,
         t["total"], t["context"]))
sys.exit(0 if abs(z) <= 4 else 1)
PY
    [ $? = 0 ] || fail=1
done
step "log readers (h5py) on the 1e9 run"
python3 - /tmp/run-1e9.h5 <<'PY'
import h5py, sys
with h5py.File(sys.argv[1]) as f:
    print(dict(f["device"].attrs))
    for row in f["timings"][...]:
        print("  %-13s %10.6f s %12d B %6d" % (row["phase"].decode(), row["seconds"], row["bytes"], row["count"]))
PY
step "result: $([ $fail = 0 ] && echo ALL OK || echo FAILURES)"
exit $fail
} 2>&1 | tee "$log"
exit "${PIPESTATUS[0]}"
