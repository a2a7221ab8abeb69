"""mcsim._research - what a notebook does with many runs: a grid of prices
on one engine and common random numbers (price_grid), an implied volatility
by Brent's method on common random numbers with its standard error
(implied_volatility), and the speedup estimator and its validation
(estimate, validate) through the C library."""
from __future__ import annotations

import ctypes
import itertools
import math
import sys
import warnings
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

from . import _capi
from ._core import Config, Engine, Job, Result, format_value, key_name
from ._errors import DataError, ResultWarning, UsageError

lib = _capi.lib


def _is_axis(value: Any) -> bool:
    """A grid axis: a list, tuple, range or array of values (not a string)."""
    return not isinstance(value, (str, bytes, Mapping)) and hasattr(value, "__iter__")


def _grid_row(settings: Mapping[str, Any], r: Result) -> Dict[str, Any]:
    row: Dict[str, Any] = {key_name(k): v for k, v in settings.items()}
    row.update(price=r.price, std_error=r.std_error, ci_low=r.ci_low, ci_high=r.ci_high,
               analytic=math.nan if r.analytic is None else r.analytic)
    if len(r.outputs) > 1:  # a barrier's in and out, ...: a value and an error each
        for o in r.outputs:
            row[o.name] = o.value
            row[f"{o.name}_std_error"] = o.std_error
            row[f"{o.name}_analytic"] = math.nan if o.analytic is None else o.analytic
    row["seconds"] = r.seconds
    return row


def price_grid(base: Config = None, *, backend: str = "auto", threads: int = 0, device: int = 0,
               **axes: Any):
    """Price every point of a grid on one engine (one backend start, one GPU
    context) and common random numbers (every point with the base's seed):
    the cartesian product of the keywords given as lists, in their order;
    the keywords given as one value are fixed for the whole grid.

        mcsim.price_grid("configs/barrier.ini", strike=[90, 100, 110],
                         volatility=[0.1, 0.2], paths=100_000)

    Returns a pandas DataFrame, a row per point: a column per varied key
    (its name as given, `option__strike` as `option.strike`), `price`,
    `std_error`, `ci_low`, `ci_high`, `analytic` (NaN where no closed form)
    of output 0; for a payoff with several outputs, each output's value,
    `<name>_std_error` and `<name>_analytic`; `seconds` (the run's total).
    `df.attrs`: "timings" (a DataFrame, a row per point, a column per
    phase), "backend", "config" (the base's resolved INI text). A point
    whose checks find an error keeps its row, with a mcsim.ResultWarning.
    """
    import pandas as pd
    varied = {k: list(v) for k, v in axes.items() if _is_axis(v)}
    fixed = {k: v for k, v in axes.items() if not _is_axis(v)}
    if not varied:
        raise UsageError("mcsim.price_grid: give at least one key as a list of values, "
                         "e.g. strike=[90, 100, 110]")
    job = Job(base, **fixed)
    rows: List[Dict[str, Any]] = []
    timings: List[Dict[str, float]] = []
    with Engine(backend, threads, device) as eng:
        for point in itertools.product(*varied.values()):
            settings = dict(zip(varied, point))
            try:
                r = eng.run(job.derive(settings))
            except DataError as e:
                if e.result is None:
                    raise
                warnings.warn(f"{settings}: {e.message}", ResultWarning, stacklevel=2)
                r = e.result
            rows.append(_grid_row(settings, r))
            timings.append(r.timings)
        backend_used = eng.backend
    df = pd.DataFrame(rows)
    df.attrs.update(timings=pd.DataFrame(timings), backend=backend_used, config=job.config)
    return df


# ---- implied volatility -------------------------------------------------

_EPS = sys.float_info.epsilon


def brent(f: Callable[[float], float], a: float, b: float, fa: float, fb: float,
          xtol: float, max_iterations: int = 100) -> Tuple[float, int]:
    """A root of f in [a, b], where fa = f(a) and fb = f(b) differ in sign,
    to within xtol, by Brent's method (R. P. Brent, Algorithms for
    Minimization without Derivatives, 1973, ch. 4: bisection, secant and
    inverse quadratic interpolation). Returns the root and the evaluations
    of f it made."""
    c, fc = b, fb
    d = e = b - a
    for i in range(max_iterations):
        if (fb > 0) == (fc > 0):
            c, fc = a, fa
            d = e = b - a
        if abs(fc) < abs(fb):
            a, b, c = b, c, b
            fa, fb, fc = fb, fc, fb
        tol = 2 * _EPS * abs(b) + 0.5 * xtol
        half = 0.5 * (c - b)
        if abs(half) <= tol or fb == 0:
            return b, i
        if abs(e) >= tol and abs(fa) > abs(fb):
            s = fb / fa
            if a == c:  # secant
                p, q = 2 * half * s, 1 - s
            else:  # inverse quadratic interpolation
                q, r = fa / fc, fb / fc
                p = s * (2 * half * q * (q - r) - (b - a) * (r - 1))
                q = (q - 1) * (r - 1) * (s - 1)
            if p > 0:
                q = -q
            p = abs(p)
            if 2 * p < min(3 * half * q - abs(tol * q), abs(e * q)):
                e, d = d, p / q
            else:
                d = e = half
        else:
            d = e = half
        a, fa = b, fb
        b += d if abs(d) > tol else math.copysign(tol, half)
        fb = f(b)
    raise DataError(f"mcsim: Brent's method did not converge in {max_iterations} iterations "
                    f"(last bracket [{b}, {c}])")


@dataclass(frozen=True)
class ImpliedVolatility:
    """An implied volatility: `volatility` solves price(volatility) = the
    target on the run's paths; `std_error` is the Monte Carlo error of that
    solution (the price's standard error at it divided by |vega|), `vega` the
    finite difference dPrice/dVolatility on the same paths; `ci_low` and
    `ci_high` its 95% interval; `result` the run at the solution;
    `evaluations` the runs the search made."""
    volatility: float
    std_error: float
    vega: float
    ci_low: float
    ci_high: float
    result: Result
    evaluations: int


def implied_volatility(price: float, config: Config = None, *, lo: float = 0.01,
                       hi: float = 2.0, tol: float = 1e-6, key: str = "volatility",
                       output: int = 0, bump: float = 0.01, backend: str = "auto",
                       threads: int = 0, device: int = 0, max_iterations: int = 100,
                       **overrides: Any) -> ImpliedVolatility:
    """The volatility at which the config's Monte Carlo price equals `price`.

    Every evaluation runs the job on one engine with the same seed (common
    random numbers), so the price is a smooth, deterministic function of the
    volatility and Brent's method finds its root to `tol` in [lo, hi]. The
    root's standard error propagates the price's: std_error(price) / |vega|,
    vega by a central difference of relative size `bump` on the same paths.
    `key` is the config key varied (bare or "section.key"), `output` which
    output of the payoff to match (0: the option as configured). Raises
    UsageError when `price` is outside what the volatilities in [lo, hi]
    give on these paths.
    """
    if not lo < hi:
        raise UsageError(f"mcsim.implied_volatility: lo ({lo}) must be below hi ({hi})")
    base = Job(config, **overrides)
    runs = 0
    with Engine(backend, threads, device) as eng:
        def run(vol: float) -> Result:
            nonlocal runs
            runs += 1
            return eng.run(base.derive({key: vol}))

        def gap(vol: float) -> float:
            return run(vol).outputs[output].value - price

        f_lo, f_hi = gap(lo), gap(hi)
        if f_lo == 0 or f_hi == 0 or (f_lo > 0) != (f_hi > 0):
            vol, _ = brent(gap, lo, hi, f_lo, f_hi, tol, max_iterations)
        else:
            p_lo, p_hi = f_lo + price, f_hi + price
            raise UsageError(
                f"mcsim.implied_volatility: price {format_value(price)} is outside what "
                f"{key} in [{format_value(lo)}, {format_value(hi)}] gives on these paths: "
                f"{p_lo:.6g} at {format_value(lo)} to {p_hi:.6g} at {format_value(hi)}; "
                "widen lo/hi or check the price")
        at = run(vol)
        h = bump * vol
        vega = (run(vol + h).outputs[output].value - run(vol - h).outputs[output].value) / (2 * h)
    error = at.outputs[output].std_error / abs(vega) if vega else math.inf
    return ImpliedVolatility(vol, error, vega, vol - 1.959963984540054 * error,
                             vol + 1.959963984540054 * error, at, runs)


# ---- the estimator ------------------------------------------------------

def _options(options: Mapping[str, Any]) -> List[str]:
    """Keywords as a command's options: pilot=0.2 -> --pilot 0.2, a True
    flag alone, False and None left out; `_` becomes `-`."""
    args: List[str] = []
    for name, value in options.items():
        if value is None or value is False:
            continue
        args.append("--" + name.replace("_", "-"))
        if value is not True:
            args.append(format_value(value))
    return args


def estimate(config: Config = None, *, overrides: Optional[Mapping[str, Any]] = None,
             **options: Any) -> Dict[str, Any]:
    """`mcsim estimate CONFIG --format json` in process: the predicted CPU and
    GPU times of the job, phase by phase (docs/estimator.md), as a dict.
    overrides: config keys as for mcsim.price; options: the command's
    options as keywords (paths=1e6, pilot=0.2, tolerance=1e-4, profile="h100-sxm",
    cpu="desktop"; `pilot=True` for the option alone)."""
    import json
    job = Job(config, **dict(overrides or {}))
    arr, n = _capi.string_array(_options(options))
    out, err = ctypes.c_void_p(), _capi.ErrorStruct()
    status = lib.mcsim_estimate(job._handle, arr, n, ctypes.byref(out), ctypes.byref(err))
    text = _capi.take_string(out)
    _capi.check(status, err)
    return json.loads(text)


def validate(*files: str, **options: Any) -> Dict[str, Any]:
    """`mcsim validate FILES --format json` in process: the estimator's
    predictions against the measured runs of sweep files, as a dict."""
    import json
    arr, n = _capi.string_array([str(f) for f in files] + _options(options))
    out, err = ctypes.c_void_p(), _capi.ErrorStruct()
    status = lib.mcsim_validate(arr, n, ctypes.byref(out), ctypes.byref(err))
    text = _capi.take_string(out)
    _capi.check(status, err)
    return json.loads(text)
