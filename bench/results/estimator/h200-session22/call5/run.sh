#!/bin/bash
# H200, session 22, call 5: the bundle of HEAD: tests/gpu_device_check.sh, then the estimator's and
# the command line's suites with h5py and h5dump carried.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
timeout 240 tests/gpu_device_check.sh .gpu > /dev/null 2>&1; echo "gpu_device_check rc=$? t=$(( $(date +%s) - T0 ))"
grep -E "^=== |OK|FAILED|PASSED|paths " $OUT/gpu_check.log | tail -22
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
pip install --no-index --target /tmp/pylib .vprof/tools/*.whl -q 2>&1 | grep -v WARNING | tail -2
export PYTHONPATH=/tmp/pylib
mkdir -p /tmp/h5bin && printf "#!/bin/bash\nLD_LIBRARY_PATH=%s/.gpu/lib exec %s/.vprof/tools/h5dump \"\$@\"\n" "$PWD" "$PWD" > /tmp/h5bin/h5dump && chmod +x /tmp/h5bin/h5dump
export PATH=/tmp/h5bin:$PATH
mkdir -p $OUT/t
for t in estimator_cli cli; do
  s=$(date +%s); timeout 150 tests/${t}_test.sh $M > $OUT/t/$t.log 2>&1; rc=$?
  echo "$t rc=$rc $(( $(date +%s) - s )) s: $(tail -1 $OUT/t/$t.log | cut -c1-150)"
  grep -A6 '^not ok' $OUT/t/$t.log | cut -c1-300 | head -20
done
tar -czf $OUT/t.tgz -C $OUT t; rm -rf $OUT/t
echo "t=$(( $(date +%s) - T0 ))"
