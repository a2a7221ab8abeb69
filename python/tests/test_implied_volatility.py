"""test_implied_volatility.py - mcsim.implied_volatility: on common random
numbers it recovers the volatility a price came from, to the tolerance; from
a Black-Scholes price it lands within 4 of its standard errors of the
volatility used; its vega agrees with the closed form; a price out of reach
is refused with the range it could reach; Brent's method itself."""
import math

import pytest

import mcsim
from mcsim._research import brent
from conftest import REPO

EURO = REPO / "configs" / "european.ini"  # S=100, K=100, r=5%, q=0, T=1
RUN = dict(backend="cpu", threads=2, paths=200_000, seed=11)


def black_scholes_call(s, k, r, sigma, t):
    """Black and Scholes (1973), J. Political Economy 81(3), eq. (13); and its vega."""
    d1 = (math.log(s / k) + (r + sigma * sigma / 2) * t) / (sigma * math.sqrt(t))
    d2 = d1 - sigma * math.sqrt(t)
    cdf = lambda x: 0.5 * (1 + math.erf(x / math.sqrt(2)))
    vega = s * math.exp(-d1 * d1 / 2) / math.sqrt(2 * math.pi) * math.sqrt(t)
    return s * cdf(d1) - k * math.exp(-r * t) * cdf(d2), vega


def test_recovers_the_volatility_of_a_price_on_the_same_paths():
    target = mcsim.price(EURO, volatility=0.3, **RUN).price
    iv = mcsim.implied_volatility(target, EURO, tol=1e-8, **RUN)
    assert abs(iv.volatility - 0.3) < 1e-6
    assert iv.result.price == pytest.approx(target, rel=1e-6)  # single-precision paths
    assert iv.evaluations < 20


def test_black_scholes_price_within_4_standard_errors():
    price, vega = black_scholes_call(100, 100, 0.05, 0.25, 1.0)
    iv = mcsim.implied_volatility(price, EURO, lo=0.05, hi=1.0, **RUN)
    assert abs(iv.volatility - 0.25) < 4 * iv.std_error, (iv.volatility, iv.std_error)
    assert iv.ci_low < iv.volatility < iv.ci_high
    # the finite difference on common paths against the closed-form vega
    assert iv.vega == pytest.approx(vega, rel=0.03)
    # the error propagated: the price's standard error over |vega|
    assert iv.std_error == pytest.approx(iv.result.std_error / abs(iv.vega))


def test_price_out_of_reach_is_refused_with_the_range():
    with pytest.raises(mcsim.UsageError, match=r"price 150 is outside .* volatility in \[0.01, 2\]"):
        mcsim.implied_volatility(150, EURO, **{**RUN, "paths": 20000})
    with pytest.raises(mcsim.UsageError, match="lo"):
        mcsim.implied_volatility(10, EURO, lo=0.5, hi=0.1)


def test_brent_finds_roots_to_tolerance():
    calls = []
    f = lambda x: calls.append(x) or x ** 3 - 2 * x - 5  # Wallis's cubic, root 2.0945514815...
    root, n = brent(f, 2.0, 3.0, f(2.0), f(3.0), 1e-12)
    assert abs(root - 2.0945514815423265) < 1e-11 and n < 12
    root, _ = brent(math.cos, 0.0, 3.0, 1.0, math.cos(3.0), 1e-10)
    assert abs(root - math.pi / 2) < 1e-9
