"""mcsim - the mcsim Monte Carlo option-pricing engine in Python, in process,
over libmcsim (include/mcsim.h, docs/api.md; guide: docs/python.md).

    import mcsim
    r = mcsim.price("configs/asian.ini", strike=105, paths=1e6)
    r.price, r.std_error, r.timings["simulate"], r.to_dict()
    mcsim.price_grid("configs/barrier.ini", strike=[90, 100, 110])   # DataFrame
    mcsim.implied_volatility(10.45, "configs/european.ini")
    mcsim.estimate("configs/asian.ini", paths=1e8)                   # dict
    mcsim.read_log("output/")                                        # DataFrame

The keys a config may hold come from the C library's type tables: see
help(mcsim.price) or mcsim.keys(). Errors raise mcsim.Error subclasses
with the mcsim command's status and message.
"""
import inspect as _inspect

from . import _capi
from ._core import Config, Engine, Job, Output, Check, Result, engine, price
from ._errors import (BackendError, ConfigError, DataError, Error, InputError, Interrupted,
                      OutputError, ResultWarning, UsageError)
from ._keys import Key, key_help, keys
from ._logs import read_log, read_sweep
from ._research import ImpliedVolatility, estimate, implied_volatility, price_grid, validate

#: the package's version: the C library's it was built with (include/mcsim.h)
__version__ = _capi.PACKAGE_VERSION
#: the loaded library's version (mcsim_version()), same major version
library_version = _capi.LIBRARY_VERSION
#: where the loaded library is
library_path = _capi.LIBRARY_PATH



def request_stop() -> None:
    """Ask every running job in this process to stop at its next chunk: its
    mcsim.price raises mcsim.Interrupted (safe from any thread)."""
    _capi.lib.mcsim_request_stop()


# help(mcsim.price) lists the keys of the library's key table
_KEY_HELP = key_help()
for _fn in (price, Engine.price, Job.__init__, price_grid, implied_volatility):
    _fn.__doc__ = _inspect.cleandoc(_fn.__doc__ or "") + "\n\n" + _KEY_HELP + "\n"
del _fn

__all__ = [
    "price", "price_grid", "implied_volatility", "estimate", "validate", "read_log",
    "read_sweep", "keys", "key_help", "engine", "request_stop", "Engine", "Job", "Result",
    "Output", "Check", "Key", "Config", "ImpliedVolatility", "Error", "UsageError", "DataError",
    "InputError", "BackendError", "OutputError", "ConfigError", "Interrupted", "ResultWarning",
    "__version__", "library_version", "library_path",
]
