"""test_heston.py - the package prices the Heston model with no code of its
own: configs/heston.ini, and the Feller-failing case as a dict config with
the QE scheme at 50 steps a year, each within 4 std errors of QuantLib's
AnalyticHestonEngine (tests/reference/heston_refs.h, read here so that the
numbers have one origin); the model's keys reach the result's parameters."""
import re

import mcsim
from conftest import REPO


def reference(name):
    """The price of case `name` of tests/reference/heston_refs.h."""
    text = (REPO / "tests" / "reference" / "heston_refs.h").read_text()
    line = next(l for l in text.splitlines() if l.strip().startswith('{"%s",' % name))
    fields = [f.strip() for f in line.strip().strip("{},").split(",")]
    return float(fields[-2])


def within_4_se(result, want):
    z = (result.price - want) / result.std_error
    assert abs(z) < 4, f"{result.price} is {z:.2f} std errors from {want}"


def test_heston_config_file_matches_quantlib():
    r = mcsim.price(REPO / "configs" / "heston.ini", backend="cpu", paths=400000, seed=11)
    within_4_se(r, reference("standard call"))
    d = r.to_dict()
    assert d["parameters"]["model"] == "heston" and d["steps"] == 252  # steps = auto: daily
    assert d["parameters"]["scheme"] == "qe" and d["parameters"]["rho"] == -0.7


def test_heston_dict_config_feller_fails():
    config = {
        "model": {"type": "heston", "spot": 100, "rate": 0.03, "v0": 0.04, "kappa": 0.5,
                  "theta": 0.04, "xi": 1.0, "rho": -0.9, "scheme": "qe"},
        "option": {"payoff": "european", "type": "put", "strike": 90, "maturity": 1},
        "simulation": {"steps": 50, "precision": "double", "rng": "philox"},
    }
    r = mcsim.price(config, backend="cpu", paths=400000, seed=12)
    within_4_se(r, reference("feller fails put k90"))
    assert re.match("Heston", r.analytic_source or "")
