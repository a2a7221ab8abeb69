"""The Heston and 64-asset basket jobs of bench/bench_models.py, written once
for the driver (its --set overrides) and the GPU peers (torch_heston.py,
cupy_heston.py, torch_basket.py, cupy_basket.py), and the Heston QE step's
coefficients (Andersen 2008, "Simple and efficient simulation of the Heston
stochastic volatility model", J. Comp. Fin. 11(3): the QE scheme, psi_c =
1.5, gamma1 = gamma2 = 1/2, with the martingale correction K0*)."""

import math

from benchlib import S0, K, R, Q, T  # noqa: F401  (the peers' discounting: R, T)

# Heston: [model] keys of configs/heston.ini
HESTON = {"v0": 0.04, "kappa": 1.5, "theta": 0.04, "xi": 0.3, "rho": -0.7}
# 64-asset basket call: equal spots, vols and weights, one correlation
BASKET_ASSETS = 64
BASKET_VOL = 0.2
BASKET_CORRELATION = 0.3


def heston_sets():
    """The mcsim --set overrides that make a Heston config this job."""
    sets = ["model.type=heston", "model.spot=%r" % S0, "model.rate=%r" % R,
            "model.dividend=%r" % Q, "option.strike=%r" % K,
            "option.maturity=%r" % T, "model.scheme=qe"]
    return sets + ["model.%s=%r" % kv for kv in HESTON.items()]


def basket_sets(assets=BASKET_ASSETS):
    """The mcsim --set overrides that make a multi_gbm basket config this job."""
    def lst(x):
        return ",".join([repr(x)] * assets)
    return ["model.type=multi_gbm", "model.assets=%d" % assets,
            "model.spots=" + lst(S0), "model.volatilities=" + lst(BASKET_VOL),
            "model.dividends=" + lst(Q), "model.rate=%r" % R,
            "model.correlation=%r" % BASKET_CORRELATION,
            "option.type=call", "option.strike=%r" % K, "option.maturity=%r" % T,
            "option.weights=" + lst(1.0 / assets)]


def basket_cholesky(assets=BASKET_ASSETS, rho=BASKET_CORRELATION):
    """The lower Cholesky factor of the constant-correlation matrix, as rows
    of Python floats (the peers turn it into a device array)."""
    c = [[1.0 if i == j else rho for j in range(assets)] for i in range(assets)]
    low = [[0.0] * assets for _ in range(assets)]
    for i in range(assets):
        for j in range(i + 1):
            s = c[i][j] - sum(low[i][k] * low[j][k] for k in range(j))
            low[i][j] = math.sqrt(s) if i == j else s / low[j][j]
    return low


def heston_qe_constants(steps):
    """The step's constants of the QE scheme at dt = T / steps: a dict the
    peers read (e = e^{-kappa dt}, the K1..K4 of the log step, A = K2 + K4/2)."""
    p = HESTON
    dt = T / steps
    kappa, theta, xi, rho = p["kappa"], p["theta"], p["xi"], p["rho"]
    e = math.exp(-kappa * dt)
    k1 = 0.5 * dt * (kappa * rho / xi - 0.5) - rho / xi
    k2 = 0.5 * dt * (kappa * rho / xi - 0.5) + rho / xi
    k3 = 0.5 * dt * (1 - rho * rho)
    k4 = k3
    return {"dt": dt, "e": e, "theta": theta, "xi2": xi * xi, "kappa": kappa,
            "k1": k1, "k2": k2, "k3": k3, "k4": k4, "A": k2 + 0.5 * k4,
            "drift": (R - Q) * dt, "psi_c": 1.5, "v0": p["v0"]}
