#!/bin/bash
# H200, session 14, call 3: does binding OpenMP threads to vCPUs make the CPU's one-block and
# one-wave runs faster or narrower? The same CPU sweeps unbound (default), OMP_PROC_BIND=close
# with OMP_PLACES=cores, and OMP_PROC_BIND=spread, interleaved by round.
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
m=.gpu/bin/mcsim
T0=$(date +%s)
run() { # run POLICY ARGS...
  pol=$1; shift
  case $pol in
    default) env -u OMP_PROC_BIND -u OMP_PLACES "$@" ;;
    close) env OMP_PROC_BIND=close OMP_PLACES=cores "$@" ;;
    spread) env OMP_PROC_BIND=spread OMP_PLACES=cores "$@" ;;
  esac
}
for round in 1 2 3; do
  for pol in default close spread; do
    run $pol $m sweep configs/european.ini --backend cpu --paths 1e3:1e7 --repeat 2 --set simulation.steps=252 \
        --set simulation.rng=pcg64 --set simulation.precision=single -o $OUT/eu252-$pol-r$round.h5 -q
    run $pol $m sweep configs/european.ini --backend cpu --paths 1e3:1e7 --repeat 2 \
        --set simulation.rng=pcg64 --set simulation.precision=single -o $OUT/eu1-$pol-r$round.h5 -q
    run $pol $m sweep configs/european.ini --backend cpu --threads 1 --paths 1e3:1e5 --repeat 2 --set simulation.steps=252 \
        --set simulation.rng=pcg64 --set simulation.precision=single -o $OUT/eu252t1-$pol-r$round.h5 -q
  done
  echo "round $round t=$(( $(date +%s) - T0 ))"
done
cd $OUT && tar -czf all.tgz *.h5 && rm -f *.h5
