"""test_multi.py - the package prices the multi-asset GBM (type = multi_gbm)
and its payoffs with no code of its own for them: lists as Python lists or
config text, within 4 std errors of the references of
tests/reference/multi_refs.h (QuantLib's StulzEngine; 1-D integration)."""
import mcsim
from conftest import REPO

RUN = dict(backend="cpu", threads=2, paths=200000, seed=5)


def test_best_of_config_against_stulz():
    r = mcsim.price(REPO / "configs" / "best_of.ini", **RUN)
    ref = 15.4907410693275  # QuantLib 1.44 StulzEngine (multi_refs.h "best_of call rho 0.5")
    assert abs(r.price - ref) < 4 * r.std_error


def test_basket_from_python_lists():
    job = {"model": {"type": "multi_gbm", "assets": 2, "spots": [100, 95],
                     "volatilities": [0.2, 0.3], "dividends": [0.01, 0.02], "rate": 0.05,
                     "correlation": 0.3},
           "option": {"payoff": "basket", "type": "put", "strike": 100, "maturity": 1,
                      "weights": [0.6, 0.4]}}
    r = mcsim.price(job, **RUN)
    ref = 6.62508924024889  # 1-D integration (multi_refs.h "basket put w 0.6 0.4 rho 0.3")
    assert abs(r.price - ref) < 4 * r.std_error
    # the same job with the lists as config text gives the same bits
    text = mcsim.price(job, spots="100, 95", weights="0.6, 0.4", **RUN)
    assert (text.price, text.std_error) == (r.price, r.std_error)


def test_wrong_length_is_a_config_error():
    try:
        mcsim.price(REPO / "configs" / "best_of.ini", spots=[100, 95, 90], **RUN)
    except mcsim.ConfigError as e:
        assert "spots" in str(e) and "has 3 numbers" in str(e)
    else:
        raise AssertionError("a list of the wrong length was accepted")
