#!/bin/bash
# warp (1) against per-thread (0) kernel by asset count: 33.5M paths, 16 steps, single, Philox,
# 3 interleaved rounds; prints "N W simulate_seconds price" lines, then medians
D=$(mktemp -d)
for N in 2 4 8 12 16 20 24 32 48 64; do
cat > $D/b$N.ini <<EOF
[model]
type = multi_gbm
assets = $N
spots = 100
volatilities = 0.2
rate = 0.03
correlation = 0.3
[option]
payoff = basket
type = call
strike = 100
maturity = 1
[simulation]
paths = 33554432
steps = 16
seed = 42
rng = philox
precision = single
EOF
done
for r in 1 2 3; do
 for N in 2 4 8 12 16 20 24 32 48 64; do
  for W in 0 1; do
   MCSIM_GPU_WARP_KERNEL=$W .gpu/run mcsim $D/b$N.ini --backend gpu -f json -q --no-log | \
     python3 -c "import json,sys; d=json.load(sys.stdin); print($N, $W, d['timings']['simulate'], repr(d['price']))"
  done
 done
done | tee $D/all.txt
python3 - $D/all.txt <<'EOF'
import sys, statistics as st, collections
t = collections.defaultdict(list); pr = {}
for l in open(sys.argv[1]):
    n, w, s, p = l.split(); t[(int(n), int(w))].append(float(s)); pr.setdefault((int(n), int(w)), set()).add(p)
print("assets per_thread_ms warp_ms (medians of 3; spread) same_price")
for n in sorted({k[0] for k in t}):
    a, b = t[(n, 0)], t[(n, 1)]
    sp = lambda x: (max(x) - min(x)) / st.median(x)
    print(n, "%.1f (%.0f%%)" % (1e3 * st.median(a), 100 * sp(a)), "%.1f (%.0f%%)" % (1e3 * st.median(b), 100 * sp(b)), pr[(n, 0)] == pr[(n, 1)])
EOF
