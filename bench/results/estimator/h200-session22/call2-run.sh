#!/bin/bash
# H200, session 22, call 2: the shell suites on a GPU machine, without h5dump/h5py (skips) and with them
# (h5py from wheels, h5dump bundled from Debian 12).
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
mkdir -p $OUT/t
suite() { # suite TAG NAME
  s=$(date +%s)
  timeout 240 tests/$2_test.sh $M > $OUT/t/$1-$2.log 2>&1; rc=$?
  echo "$1 $2 rc=$rc $(( $(date +%s) - s )) s: $(tail -1 $OUT/t/$1-$2.log | cut -c1-150)"
  grep -A6 '^not ok' $OUT/t/$1-$2.log | cut -c1-300 | head -30
}
for t in cli checkpoint fault shard; do suite bare $t; done
echo "t=$(( $(date +%s) - T0 ))"
# the tools
pip install --no-index --target /tmp/pylib .vprof/tools/*.whl -q 2>&1 | tail -2
export PYTHONPATH=/tmp/pylib
mkdir -p /tmp/h5bin && printf "#!/bin/bash\nLD_LIBRARY_PATH=%s/.gpu/lib exec %s/.vprof/tools/h5dump \"\$@\"\n" "$PWD" "$PWD" > /tmp/h5bin/h5dump && chmod +x /tmp/h5bin/h5dump
export PATH=/tmp/h5bin:$PATH
h5dump --version; /usr/bin/python3 -c 'import h5py; print("h5py", h5py.__version__)'
for t in estimator_cli cli golden checkpoint fault shard damage estimator_roundtrip validate_estimator; do
  suite tools $t
  [ $(( $(date +%s) - T0 )) -gt 540 ] && { echo "time up"; break; }
done
tar -czf $OUT/t.tgz -C $OUT t; rm -rf $OUT/t
echo "t=$(( $(date +%s) - T0 ))"
