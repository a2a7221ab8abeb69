sets="--set model.scheme=qe --set simulation.steps=252 --set simulation.precision=single --set simulation.rng=philox --threads 1 --paths 400000 -f json -q --no-log"
for r in 1 2 3 4 5; do
 for v in old new; do
  if [ $v = old ]; then b=/tmp/oldmcsim.sh; else b=/work/main/build/mcsim; fi
  $b /work/main/configs/heston.ini $sets | /usr/bin/python3 -c "import json,sys; d=json.load(sys.stdin); print('$v', d['timings']['simulate'], d['price'])"
 done
done
