#!/usr/bin/env python3
"""compare_gpu.py SWEEP.h5 PROFILE CONFIG [--set KEY=VALUE ...]: the warm GPU simulate of a
sweep (median of its repeats per size) against `mcsim estimate`'s prediction for the same job
(CONFIG with the same --set overrides), in ms and as (predicted / measured - 1). MCSIM names
the mcsim to ask (default build/mcsim, from the repository root)."""
import json
import os
import subprocess
import sys

import h5py
import numpy as np

if len(sys.argv) < 4:
    sys.exit(__doc__)
sweep, profile, config = sys.argv[1:4]
sets = sys.argv[4:]
mcsim = os.environ.get("MCSIM", "build/mcsim")
runs = h5py.File(sweep, "r")["runs"][:]
gpu_warm = runs[(runs["mode"] == b"warm") & (runs["backend"] == b"gpu")]
for paths in sorted(set(gpu_warm["paths"])):
    measured = np.median(gpu_warm[gpu_warm["paths"] == paths]["simulate"])
    out = subprocess.run([mcsim, "estimate", config, "--profile", profile, "-n", str(paths),
                          "--format", "json"] + sets, capture_output=True, text=True, check=True)
    predicted = json.loads(out.stdout)["warm"]["gpu"]["phases"]["simulate"]
    print(f"{paths} measured {measured * 1e3:.4f} ms predicted {predicted * 1e3:.4f} ms  "
          f"{100 * (predicted / measured - 1):+.1f}%")
