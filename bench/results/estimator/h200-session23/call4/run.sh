#!/bin/bash
# H200, session 23, call 4: is the CPU slower after the GPU has been calibrated? CPU sweeps of
# european before and after `calibrate --backend gpu`, with the processes and load between.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
C=configs/european.ini
mkdir -p $OUT/d; D=$OUT/d
snap() { echo "== $1 t=$(( $(date +%s) - T0 )) load $(cat /proc/loadavg)"; ps -eo pid,ppid,pcpu,stat,etime,comm --sort=-pcpu | head -8; }
snap start > $D/ps.txt
timeout 90 $M calibrate --backend cpu -o $D/c1.ini > $D/c1.log 2>&1; echo "calibrate cpu rc=$?"
export MCSIM_PROFILE=$D/c1.ini
timeout 60 $M sweep $C --paths 1e8:1e9 --backend cpu --repeat 3 -q -o $D/a1.h5; echo "a1 rc=$?"
snap after-a1 >> $D/ps.txt
timeout 200 $M calibrate --backend gpu -o $D/g.ini > $D/g.log 2>&1; echo "calibrate gpu rc=$? t=$(( $(date +%s) - T0 ))"
snap after-gpu-calibrate >> $D/ps.txt
timeout 60 $M sweep $C --paths 1e8:1e9 --backend cpu --repeat 3 -q -o $D/a2.h5; echo "a2 rc=$?"
snap after-a2 >> $D/ps.txt
sleep 15
timeout 60 $M sweep $C --paths 1e8:1e9 --backend cpu --repeat 3 -q -o $D/a3.h5; echo "a3 rc=$?"
timeout 60 $M sweep $C --paths 1e8:1e9 --repeat 3 -q -o $D/a4.h5; echo "a4 (both backends) rc=$?"
timeout 60 $M sweep $C --paths 1e8:1e9 --backend cpu --repeat 3 -q -o $D/a5.h5; echo "a5 rc=$?"
snap end >> $D/ps.txt
cat $D/ps.txt | cut -c1-150
/usr/bin/python3 -c "import h5py" 2>/dev/null && echo has-h5py
tar -czf $OUT/d.tgz -C $OUT d; rm -rf $D
echo "t=$(( $(date +%s) - T0 ))"
