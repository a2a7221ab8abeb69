"""mcsim._errors - the exceptions of the mcsim package: one class per status
of the C library (include/mcsim.h), which are the mcsim command's exit codes,
each carrying the status and the command's message for the same input."""
from __future__ import annotations

from typing import Any, Dict, Optional, Type


class Error(Exception):
    """An mcsim call failed. `status` is the C library's status, the exit code
    the mcsim command gives for the same input (docs/user-guide.md), and
    `message` its one-line message (the command prints it on stderr)."""

    status: int = 70

    def __init__(self, message: str, status: Optional[int] = None, result: Any = None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        #: for a DataError raised by a run whose checks found an error: the
        #: Result anyway (its warnings say what was found)
        self.result = result


class UsageError(Error, ValueError):
    """A call's arguments are wrong (status 64)."""
    status = 64


class DataError(Error):
    """Bad data, or a result its checks cannot trust (status 65)."""
    status = 65


class InputError(Error, FileNotFoundError):
    """An input file is missing or unreadable (status 66)."""
    status = 66


class BackendError(Error):
    """The backend asked for cannot run here (status 69)."""
    status = 69


class OutputError(Error, OSError):
    """An output cannot be written (status 74)."""
    status = 74


class ConfigError(Error, ValueError):
    """The config is invalid (status 78); the message names the file, line,
    section and key, as the mcsim command's does."""
    status = 78


class Interrupted(Error):
    """The run was stopped (status 130): mcsim_request_stop(), e.g. Ctrl-C
    or a notebook's interrupt during mcsim.price."""
    status = 130


class ResultWarning(UserWarning):
    """What a result's checks found that does not make it unusable (the
    lines the mcsim command prints on stderr after a result)."""


_BY_STATUS: Dict[int, Type[Error]] = {
    cls.status: cls
    for cls in (UsageError, DataError, InputError, BackendError, OutputError, ConfigError,
                Interrupted)
}


def error_for(status: int, message: str, result: Any = None) -> Error:
    """The exception for a C status (the base Error for 70 internal, 71 out of
    memory and any status this package does not know)."""
    cls = _BY_STATUS.get(status, Error)
    return cls(message, status, result)
