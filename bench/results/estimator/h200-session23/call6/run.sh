#!/bin/bash
# H200, session 23, call 6: the bundle of HEAD: cli_test on a GPU machine (calibrate --backend gpu's
# refusal before measuring), then warm sweeps: the CPU's set-up and the GPU's alloc per size.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
pip install --no-index --target /tmp/pylib .vprof/tools/*.whl -q 2>&1 | grep -v WARNING | tail -2
export PYTHONPATH=/tmp/pylib
mkdir -p /tmp/h5bin && printf "#!/bin/bash\nLD_LIBRARY_PATH=%s/.gpu/lib exec %s/.vprof/tools/h5dump \"\$@\"\n" "$PWD" "$PWD" > /tmp/h5bin/h5dump && chmod +x /tmp/h5bin/h5dump
export PATH=/tmp/h5bin:$PATH
mkdir -p $OUT/t
s=$(date +%s); timeout 240 tests/cli_test.sh $M > $OUT/t/cli.log 2>&1; rc=$?
echo "cli rc=$rc $(( $(date +%s) - s )) s: $(tail -1 $OUT/t/cli.log | cut -c1-150)"
grep -E 'calibrate --backend gpu' $OUT/t/cli.log
grep -A6 '^not ok' $OUT/t/cli.log | cut -c1-300 | head -20
for c in european asian; do
  timeout 60 $M sweep configs/$c.ini --paths 1e3:1e7 --mode warm --repeat 3 -q -o $OUT/t/w-$c.h5; echo "sweep $c rc=$?"
done
timeout 60 $M sweep configs/european.ini --paths 1e3:1e7 --mode warm --repeat 3 --backend gpu --set simulation.rng=sobol -q -o $OUT/t/w-sobol.h5; echo "sweep sobol rc=$?"
python3 - $OUT/t <<'PY'
import sys, glob, h5py, numpy as np
for f in sorted(glob.glob(sys.argv[1] + '/w-*.h5')):
    with h5py.File(f) as h: r = h['runs'][:]
    for b in (b'cpu', b'gpu'):
        out = []
        for n in sorted(set(r['paths'])):
            s = r[(r['paths'] == n) & (r['backend'] == b)]
            if len(s): out.append('%.0e: setup %.3f alloc %.3f sim %.3f' % (n, np.median(s['setup'])*1e3, np.max(s['alloc'])*1e3, np.median(s['simulate'])*1e3))
        if out: print(f.split('/')[-1], b.decode(), ' | '.join(out))
PY
tar -czf $OUT/t.tgz -C $OUT t; rm -rf $OUT/t
echo "t=$(( $(date +%s) - T0 ))"
