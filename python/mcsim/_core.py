"""mcsim._core - jobs, engines and results over the C library: Job (a
validated config), Engine (a backend, ready to run jobs), Result (every
output with its standard error, the timings by phase, the checks'
warnings, the JSON document), and mcsim.price."""
from __future__ import annotations

import concurrent.futures
import ctypes
import json
import math
import numbers
import os
import signal
import threading
import warnings
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _capi
from ._errors import ResultWarning, UsageError

lib = _capi.lib

#: what mcsim.price and its kin take as a config: a path to an INI file, INI
#: text, a dict ({"option": {"strike": 105}} or {"option.strike": 105}), a Job,
#: or None (every key at its default: then the required keys must come as
#: keywords)
Config = Union[str, "os.PathLike[str]", Mapping[str, Any], "Job", None]


# ---- configs as assignments --------------------------------------------

def format_value(value: Any) -> str:
    """A Python value as the config's text: numbers so that they read back
    as the same double (repr; whole floats as integers, so `paths=1e6`
    works), booleans as yes/no, anything else with str()."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        v = float(value)
        if v.is_integer() and abs(v) < 2.0 ** 53:
            return str(int(v))
        return repr(v)
    return str(value)


def key_name(name: str) -> str:
    """A keyword's config key: `option__strike` -> `option.strike`; a bare
    `strike` stays bare (the library resolves it when exactly one section of
    the job has it)."""
    return name.replace("__", ".")


def assignments(settings: Optional[Mapping[str, Any]]) -> List[str]:
    """"section.key=value" strings from a dict, nested ({"option": {"strike":
    105}}) or flat ({"option.strike": 105}, {"option__strike": 105}, or a bare
    {"strike": 105}); None values are left out."""
    out: List[str] = []
    for name, value in (settings or {}).items():
        if isinstance(value, Mapping):
            out.extend(f"{name}.{key_name(k)}={format_value(v)}" for k, v in value.items()
                       if v is not None)
        elif value is not None:
            out.append(f"{key_name(name)}={format_value(value)}")
    return out


def _is_ini_text(config: str) -> bool:
    return "\n" in config or config.lstrip().startswith(("[", ";", "#"))


# ---- jobs ---------------------------------------------------------------

class Job:
    """A validated config (mcsim_job): the INI file, text or dict with the
    assignments applied in order, checked exactly as the mcsim command
    checks it; raises ConfigError (78) or InputError (66) with its message.

    Job("configs/asian.ini", strike=105), Job(ini_text), Job({"option":
    {...}}), job.derive(volatility=0.3)."""

    def __init__(self, config: Config = None, **overrides: Any):
        self._handle = ctypes.c_void_p()
        if isinstance(config, Job):
            config._derive_into(self, assignments(overrides))
            return
        extra = assignments(overrides)
        err = _capi.ErrorStruct()
        if isinstance(config, Mapping) or config is None:
            arr, n = _capi.string_array(assignments(config) + extra)
            status = lib.mcsim_job_from_text(b"<dict>" if config is not None else b"<keywords>",
                                             b"", arr, n, ctypes.byref(self._handle),
                                             ctypes.byref(err))
        elif isinstance(config, str) and _is_ini_text(config):
            arr, n = _capi.string_array(extra)
            status = lib.mcsim_job_from_text(b"<string>", config.encode(), arr, n,
                                             ctypes.byref(self._handle), ctypes.byref(err))
        elif isinstance(config, (str, os.PathLike)):
            arr, n = _capi.string_array(extra)
            status = lib.mcsim_job_from_file(os.fsencode(config), arr, n,
                                             ctypes.byref(self._handle), ctypes.byref(err))
        else:
            raise UsageError(f"mcsim: a config is a path, INI text, a dict or a Job, "
                             f"not {type(config).__name__}")
        _capi.check(status, err)

    def _derive_into(self, new: "Job", items: Sequence[str]) -> None:
        err = _capi.ErrorStruct()
        arr, n = _capi.string_array(list(items))
        _capi.check(lib.mcsim_job_derive(self._handle, arr, n, ctypes.byref(new._handle),
                                         ctypes.byref(err)), err)

    def derive(self, settings: Optional[Mapping[str, Any]] = None, **overrides: Any) -> "Job":
        """A new job: this one with more assignments (a dict as for the
        config, then keywords) applied."""
        new = Job.__new__(Job)
        new._handle = ctypes.c_void_p()
        self._derive_into(new, assignments(settings) + assignments(overrides))
        return new

    @property
    def config(self) -> str:
        """The resolved config: every key with its value, as INI text."""
        return _capi.text(lib.mcsim_job_config(self._handle))

    def get(self, key: str) -> Optional[str]:
        """The resolved value of "section.key" (or "section__key") as text;
        None when the job has no such key."""
        return _capi.text(lib.mcsim_job_get(self._handle, key_name(key).encode()))

    def __del__(self):
        if getattr(self, "_handle", None):
            lib.mcsim_job_free(self._handle)
            self._handle = None

    def __repr__(self) -> str:
        return f"<mcsim.Job\n{self.config}>"


# ---- results ------------------------------------------------------------

@dataclass(frozen=True)
class Output:
    """One output of a result row: its name ("price" for a one-output
    payoff; a barrier's "down-out" and "down-in"), the discounted mean, its
    standard error and 95% interval, and the closed form when there is one."""
    name: str
    value: float
    std_error: float
    ci_low: float
    ci_high: float
    analytic: Optional[float] = None
    analytic_source: Optional[str] = None

    @property
    def price(self) -> float:
        """The value (an output of a payoff is a price)."""
        return self.value


@dataclass(frozen=True)
class Check:
    """A finding of the result's checks: severity "warning" or "error", and
    the line the mcsim command prints."""
    severity: str
    message: str


def _table(value: Any) -> Any:
    """A JSON array as NumPy: records with the same numeric fields as a
    structured array (conv["price"]), numbers as an array; else as it is."""
    if not isinstance(value, list) or not value:
        return value
    import numpy as np
    if all(isinstance(v, (int, float)) or v is None for v in value):
        return np.array([math.nan if v is None else v for v in value])
    if all(isinstance(v, dict) for v in value):
        names = list(value[0])
        if all(list(v) == names and all(isinstance(x, (int, float)) or x is None
                                        for x in v.values()) for v in value):
            dtype = [(n, "u8" if all(isinstance(v[n], int) and v[n] >= 0 for v in value) else "f8")
                     for n in names]
            return np.array([tuple(math.nan if v[n] is None else v[n] for n in names)
                             for v in value], dtype=dtype)
    return value


class Result:
    """What a run gives (mcsim_result): `price`, `std_error`, `ci_low`,
    `ci_high`, `analytic` and `analytic_source` of output 0 (the option as
    configured); `outputs` (every output of row 0), `rows` (every row's
    outputs; one row today); `paths`, `backend`, `timings` (seconds by
    phase, the HDF5 log's phases), `seconds` (the total), `warnings` (the
    checks' findings), `config` (the resolved INI text). `to_dict()` is the
    document of `mcsim CONFIG --format json`; any field of it is also an
    attribute (`result.convergence`, a NumPy structured array with fields
    paths, price, std_error), so fields the C library adds later need no
    Python change."""

    def __init__(self, handle: ctypes.c_void_p, job: Job):
        self._handle = handle
        self.config: str = job.config
        out, err = _capi.OutputStruct(), _capi.ErrorStruct()
        rows = []
        for r in range(lib.mcsim_result_rows(handle)):
            row = []
            for i in range(lib.mcsim_result_outputs(handle)):
                _capi.check(lib.mcsim_result_output(handle, r, i, ctypes.byref(out),
                                                    ctypes.byref(err)), err)
                row.append(Output(_capi.text(out.name), out.value, out.std_error, out.ci_low,
                                  out.ci_high, out.analytic if out.has_analytic else None,
                                  _capi.text(out.analytic_source) if out.has_analytic else None))
            rows.append(row)
        self.rows: List[List[Output]] = rows
        self.outputs: List[Output] = rows[0] if rows else []
        first = self.outputs[0] if self.outputs else Output("price", *[math.nan] * 4)
        self.price, self.std_error = first.value, first.std_error
        self.ci_low, self.ci_high = first.ci_low, first.ci_high
        self.analytic, self.analytic_source = first.analytic, first.analytic_source
        self.paths: int = int(lib.mcsim_result_paths(handle))
        self.backend: str = _capi.text(lib.mcsim_result_backend(handle))
        self.timings: Dict[str, float] = {
            _capi.text(lib.mcsim_phase_name(i)): lib.mcsim_result_seconds(handle, i)
            for i in range(lib.mcsim_phase_count())}
        severity = ctypes.c_int()
        self.warnings: List[Check] = []
        for i in range(lib.mcsim_result_warnings(handle)):
            message = _capi.text(lib.mcsim_result_warning(handle, i, ctypes.byref(severity)))
            self.warnings.append(Check("error" if severity.value else "warning", message))
        self._dict: Optional[Dict[str, Any]] = None

    @property
    def seconds(self) -> float:
        """The run's total seconds (the `total` phase)."""
        return self.timings.get("total", math.nan)

    def output(self, name: str, row: int = 0) -> Output:
        """The output called `name` ("down-in", ...) of a row."""
        for o in self.rows[row]:
            if o.name == name:
                return o
        raise KeyError(f"no output {name!r}; this result has "
                       f"{', '.join(o.name for o in self.rows[row])}")

    def to_dict(self) -> Dict[str, Any]:
        """The result as the JSON document `mcsim CONFIG --format json`
        prints (docs/user-guide.md), parsed."""
        if self._dict is None:
            self._dict = json.loads(_capi.text(lib.mcsim_result_json(self._handle)))
        return self._dict

    def write_log(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Write the run's HDF5 log (docs/hdf5-schema.md) to path, as -o does."""
        err = _capi.ErrorStruct()
        _capi.check(lib.mcsim_result_write_log(self._handle, os.fsencode(path),
                                               ctypes.byref(err)), err)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        doc = self.to_dict()
        if name in doc:
            return _table(doc[name])
        raise AttributeError(f"mcsim.Result has no {name!r} (nor has its JSON document)")

    def __del__(self):
        if getattr(self, "_handle", None):
            lib.mcsim_result_free(self._handle)
            self._handle = None

    def __repr__(self) -> str:
        outs = ", ".join(f"{o.name}={o.value:.6g}±{o.std_error:.2g}" for o in self.outputs)
        return f"<mcsim.Result {outs}; {self.paths} paths on {self.backend}, {self.seconds:.3g} s>"


# ---- running: interruptible from the main thread -----------------------

_runner: Optional[concurrent.futures.ThreadPoolExecutor] = None
_runner_lock = threading.Lock()


def _interruptible(fn, *args):
    """fn(*args) in the package's one runner thread while the main thread
    waits, so that Ctrl-C (a notebook's interrupt) reaches Python during a
    long run: it asks the library to stop (mcsim_request_stop), and the run
    returns MCSIM_E_INTERRUPTED, raised as mcsim.Interrupted. The runner is
    one long-lived thread, so OpenMP keeps its thread team from run to run.
    Called from another thread, or with SIGINT not Python's, fn runs there."""
    global _runner
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        return fn(*args)
    with _runner_lock:
        if _runner is None:
            _runner = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="mcsim")
    future = _runner.submit(fn, *args)
    try:
        return future.result()
    except KeyboardInterrupt:
        lib.mcsim_request_stop()
        return future.result()


class Engine:
    """A backend ready to run jobs (mcsim_engine): "cpu", "gpu" or "auto"
    (resolved at once: `engine.backend`), CPU `threads` (0: OpenMP's
    default) and CUDA `device`. Reuse one for many runs (a grid): the GPU
    context is made once per process either way. One thread at a time may
    use an engine; two engines may run in two threads at once."""

    def __init__(self, backend: str = "auto", threads: int = 0, device: int = 0):
        self._handle = ctypes.c_void_p()
        self._lock = threading.Lock()
        options = _capi.EngineOptions(backend.encode() if backend else None, threads, device)
        err = _capi.ErrorStruct()
        _capi.check(lib.mcsim_engine_new(ctypes.byref(options), ctypes.byref(self._handle),
                                         ctypes.byref(err)), err)

    @property
    def backend(self) -> str:
        """The backend the engine runs on: "cpu" or "gpu"."""
        return _capi.text(lib.mcsim_engine_backend(self._handle))

    def _run(self, job: Job) -> Tuple[int, ctypes.c_void_p, _capi.ErrorStruct]:
        out, err = ctypes.c_void_p(), _capi.ErrorStruct()
        status = lib.mcsim_run(self._handle, job._handle, ctypes.byref(out), ctypes.byref(err))
        return status, out, err

    def run(self, job: Job, log: Union[str, "os.PathLike[str]", None] = None) -> Result:
        """Run a job; write its HDF5 log to `log` when given. Raises
        DataError (with `.result`) when the result's checks found an error,
        Interrupted on Ctrl-C; a warning of the checks is also issued as a
        mcsim.ResultWarning."""
        if not self._handle:
            raise UsageError("mcsim: this engine is closed")
        with self._lock:
            status, handle, err = _interruptible(self._run, job)
        result = Result(handle, job) if handle else None
        if result is not None and log is not None:
            result.write_log(log)
        _capi.check(status, err, result)
        for w in result.warnings:
            warnings.warn(w.message, ResultWarning, stacklevel=3)
        return result

    def price(self, config: Config = None, *, log: Union[str, "os.PathLike[str]", None] = None,
              **overrides: Any) -> Result:
        """Price a config on this engine (see mcsim.price)."""
        return self.run(Job(config, **overrides), log=log)

    def close(self) -> None:
        """Free the engine now (else when it is garbage-collected)."""
        if getattr(self, "_handle", None):
            lib.mcsim_engine_free(self._handle)
            self._handle = None

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    __del__ = close

    def __repr__(self) -> str:
        return f"<mcsim.Engine {self.backend if self._handle else 'closed'}>"


_engines = threading.local()


def engine(backend: str = "auto", threads: int = 0, device: int = 0) -> Engine:
    """This thread's engine for (backend, threads, device), made on first
    use and kept: mcsim.price reuses it from call to call."""
    cache = _engines.__dict__.setdefault("cache", {})
    key = (backend, threads, device)
    if key not in cache:
        cache[key] = Engine(backend, threads, device)
    return cache[key]


def price(config: Config = None, *, backend: str = "auto", threads: int = 0, device: int = 0,
          log: Union[str, "os.PathLike[str]", None] = None, **overrides: Any) -> Result:
    """Price an option by Monte Carlo, in process: the job of `mcsim CONFIG`,
    bit for bit the same numbers.

    config: a path to an INI file, INI text, a dict ({"option": {"strike":
    105}} or {"option.strike": 105}), a Job, or None (every key at its
    default). overrides: more keys, applied after the config in order, as
    `--set` does: `strike=105` (bare, when exactly one section of the job has
    the key) or `option__strike=105`. backend "cpu", "gpu" or "auto"; threads
    (0: OpenMP's default); device (CUDA); log: a path to write the HDF5 run
    log to (none by default).

    Raises ConfigError (78), InputError (66), BackendError (69), DataError
    (65, the result in `.result`), OutputError (74), Interrupted (130), with
    the mcsim command's message.
    """
    return engine(backend, threads, device).price(config, log=log, **overrides)
