#!/bin/bash
# held-out CPU workloads: sweep + validate against /tmp/est/cpu.ini
M=/work/main/build/mcsim; C=/work/main/configs; O=/tmp/est/sw
run() { name=$1; cfg=$2; paths=$3; shift 3
  $M sweep $C/$cfg.ini --paths $paths --backend cpu --mode warm --repeat 3 -o $O/$name.h5 -q "$@" 2>$O/$name.err
  $M validate $O/$name.h5 --profile /tmp/est/cpu.ini > $O/$name.txt 2>&1
}
run merton_l10_s50 merton 1e4:1e6 --set model.jump_intensity=10 --set simulation.steps=50
run merton_l05_s50 merton 1e4:1e6 --set simulation.steps=50
run heston_xi1_lookback heston 1e4:1e5 --set model.xi=1 --set option.payoff=lookback --set option.strike_type=floating --set simulation.steps=100
run basket8_s52 basket 1e4:1e6 --set model.assets=8 --set model.spots=100 --set model.volatilities=0.25 --set simulation.steps=52
run bach_asian100_dbl bachelier 1e4:1e6 --set option.payoff=asian --set option.fixings=100 --set simulation.precision=double
run digital_s50_1thr digital 1e4:1e6 --set simulation.steps=50 --threads 1
run barrier_cont_dbl barrier 1e4:1e6 --set option.monitoring=continuous --set simulation.steps=30 --set simulation.precision=double
run bestof3 best_of 1e4:1e6 --set model.assets=3 --set model.spots=100 --set model.volatilities=0.3 --set model.dividends=0 --set simulation.steps=12
