D=bench/results/estimator/h200-axes-session20  # run from the repository root, PROF=PROFILE, the sweeps in /tmp/as9/as (tar -xzf call9/as.tgz -C /tmp/as9)
run() { printf "%-14s" $1; f=/tmp/as9/as/$1.h5; cfg=$2; shift 2; /usr/bin/python3 $D/compare_gpu.py $f $PROF configs/$cfg.ini "$@" | awk '{printf " %8s", $NF}'; echo; }
run geo-52-260 asian --set option.average=geometric --set option.fixings=52 --set simulation.steps=260
run ari-12-252 asian --set simulation.steps=252
run ari-4-256 asian --set option.fixings=4 --set simulation.steps=256
run bach-12-252 bachelier --set simulation.steps=252
run bach-50-100 bachelier --set option.fixings=50 --set simulation.steps=100
run merton-12-252 merton --set option.payoff=asian --set option.fixings=12 --set simulation.steps=252
