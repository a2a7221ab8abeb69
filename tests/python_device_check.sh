#!/bin/bash
# python_device_check.sh [BUNDLE] - the Python package's tests on the device
# machine (a GPU; Python with NumPy, pandas, h5py, pytest, matplotlib, none of
# the Debian libraries), over the GPU bundle (`make gpu-bundle`, default
# .gpu): the package from python/ (PYTHONPATH), the bundle's libmcsim.so.0
# (MCSIM_LIBRARY; its GPU module beside it) and mcsim (MCSIM_CLI). The GPU
# test (python/tests/test_grid.py: a GPU grid pays the CUDA context once)
# runs there; the CPU ones too, against the bundle's command. Then
# bench/python_binding.py on that host. Output in $OUT (or /tmp) too.
set -u
gpu=$(cd "${1:-.gpu}" && pwd)
out=${OUT:-/tmp}
. "$(dirname "$0")/device_env.sh"  # the machine's libcurand
export LD_LIBRARY_PATH=$gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
library=
for f in "$gpu"/bin/libmcsim.so.0 "$gpu"/lib/libmcsim.so.0; do
    [ -z "$library" ] && [ -e "$f" ] && library=$f
done
[ -n "$library" ] || { echo "python_device_check: no libmcsim.so.0 in $gpu/bin or $gpu/lib" >&2; exit 1; }
export MCSIM_LIBRARY=$library MCSIM_CLI=$gpu/bin/mcsim PYTHONPATH=$PWD/python
py=${MCSIM_PYTHON:-python3}
{
    nvidia-smi -L
    "$py" - <<'PY'
import sys, mcsim
print("python", sys.version.split()[0], "mcsim", mcsim.__version__, mcsim.library_path)
try:
    print("gpu engine:", mcsim.Engine("gpu").backend)
except mcsim.Error as e:
    print("no gpu engine:", e.message)
PY
    "$py" -m pytest -q -p no:cacheprovider -rs python/tests
    rc=$?
    "$py" bench/python_binding.py --library "$library" --mcsim "$MCSIM_CLI"
    exit $rc
} 2>&1 | tee "$out/python_device_check.log"
exit "${PIPESTATUS[0]}"
