#!/bin/bash
# H200, session 23, call 7: cli_test on a GPU machine after the message fix.
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
pip install --no-index --target /tmp/pylib .vprof/tools/*.whl -q 2>&1 | grep -v WARNING | tail -2
export PYTHONPATH=/tmp/pylib
mkdir -p /tmp/h5bin && printf "#!/bin/bash\nLD_LIBRARY_PATH=%s/.gpu/lib exec %s/.vprof/tools/h5dump \"\$@\"\n" "$PWD" "$PWD" > /tmp/h5bin/h5dump && chmod +x /tmp/h5bin/h5dump
export PATH=/tmp/h5bin:$PATH
timeout 200 tests/cli_test.sh $M > $OUT/cli.log 2>&1; echo "cli rc=$? $(tail -1 $OUT/cli.log | cut -c1-150)"
grep -E 'calibrate --backend gpu' $OUT/cli.log
grep -A6 '^not ok' $OUT/cli.log | cut -c1-300 | head -20
