#!/bin/bash
# H200, session 14, call 1: do idle OpenMP threads spinning at the team's barrier slow the
# working threads (SMT siblings)? The same CPU sweeps under libgomp's default wait policy,
# OMP_WAIT_POLICY=passive and GOMP_SPINCOUNT=1000, interleaved by round; one-thread runs too.
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
m=.gpu/bin/mcsim
T0=$(date +%s)
lscpu > $OUT/lscpu.txt; grep -E 'Model name|^CPU\(s\)|Thread|Core|Socket|NUMA node\(|MHz' $OUT/lscpu.txt
cat /sys/devices/system/cpu/cpu0/topology/thread_siblings_list 2>/dev/null | sed 's/^/cpu0 siblings: /'
run() { # run TAG POLICY ARGS...
  tag=$1 pol=$2; shift 2
  case $pol in
    default) env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT "$@" ;;
    passive) env OMP_WAIT_POLICY=passive "$@" ;;
    spin1k) env GOMP_SPINCOUNT=1000 "$@" ;;
  esac
}
for round in 1 2 3; do
  for pol in default passive spin1k; do
    run x $pol $m sweep configs/european.ini --backend cpu --paths 1e3:1e7 --repeat 2 --set simulation.steps=252 \
        --set simulation.rng=pcg64 --set simulation.precision=single -o $OUT/eu252-$pol-r$round.h5 -q
    run x $pol $m sweep configs/european.ini --backend cpu --paths 1e3:1e7 --repeat 2 \
        --set simulation.rng=pcg64 --set simulation.precision=single -o $OUT/eu1-$pol-r$round.h5 -q
    run x $pol $m sweep configs/asian.ini --backend cpu --paths 1e3:1e7 --repeat 2 --set simulation.steps=252 \
        --set simulation.rng=pcg64 --set simulation.precision=single -o $OUT/as252-$pol-r$round.h5 -q
    run x $pol $m sweep configs/european.ini --backend cpu --threads 1 --paths 1e3:1e5 --repeat 2 --set simulation.steps=252 \
        --set simulation.rng=pcg64 --set simulation.precision=single -o $OUT/eu252t1-$pol-r$round.h5 -q
  done
  echo "round $round t=$(( $(date +%s) - T0 ))"
done
# CPU runs interleaved with the GPU's (does a GPU process's exit slow the next CPU run?)
$m sweep configs/european.ini --backend cpu,gpu --paths 1e3:1e5 --repeat 4 --set simulation.steps=252 \
   --set simulation.precision=single -o $OUT/eu252-cpugpu.h5 -q
echo "done t=$(( $(date +%s) - T0 ))"
cd $OUT && tar -czf all.tgz *.h5 && rm -f *.h5 lscpu.txt
