#!/bin/bash
# H200, session 14, call 4: the bundle of f12e35e (fresh runs get every CPU of OpenMP's places):
# the bound sweeps' cold runs again, unbound and close-bound interleaved.
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
m=.gpu/bin/mcsim
for round in 1 2 3; do
  for pol in default close; do
    if [ $pol = close ]; then export OMP_PROC_BIND=close OMP_PLACES=cores; else unset OMP_PROC_BIND OMP_PLACES; fi
    $m sweep configs/european.ini --backend cpu --paths 1e4:1e7 --repeat 2 --set simulation.steps=252 \
        --set simulation.rng=pcg64 --set simulation.precision=single -o $OUT/eu252-$pol-r$round.h5 -q
  done
done
unset OMP_PROC_BIND OMP_PLACES
cd $OUT && tar -czf all.tgz *.h5 && rm -f *.h5
