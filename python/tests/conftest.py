"""conftest.py - what the tests of the mcsim package share: the repository,
the mcsim command of the same build (MCSIM_CLI, default build/mcsim) to
compare with, and running it.

Run from the repository: `make test-python` (a venv with the package
installed by pip), or against a build tree without installing:
MCSIM_LIBRARY=build/libmcsim.so.0 PYTHONPATH=python python3 -m pytest python/tests
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(os.environ.get("MCSIM_SOURCE_DIR") or Path(__file__).resolve().parents[2])
CONFIGS = sorted((REPO / "configs").glob("*.ini"))
CLI = Path(os.environ.get("MCSIM_CLI") or REPO / "build" / "mcsim")

try:
    import mcsim  # noqa: F401  the installed package
except ImportError:
    sys.path.insert(0, str(REPO / "python"))  # the source tree (MCSIM_LIBRARY set)


def run_cli(*args, cwd=None, env=None):
    """The mcsim command: (exit code, stdout, stderr)."""
    if not CLI.exists():
        pytest.skip(f"no mcsim command at {CLI} (set MCSIM_CLI)")
    full_env = {**os.environ, "MCSIM_LOG": "no", **(env or {})}
    p = subprocess.run([str(CLI), *map(str, args)], capture_output=True, text=True, cwd=cwd,
                       env=full_env, timeout=300)
    return p.returncode, p.stdout, p.stderr


def cli_json(*args, **kwargs):
    """The result document of `mcsim ARGS --format json`."""
    rc, out, err = run_cli(*args, "--format", "json", "-q", **kwargs)
    assert rc == 0, err
    return json.loads(out)


def cli_message(stderr):
    """The mcsim command's error message: its first stderr line without
    "mcsim: " or "mcsim COMMAND: " (what mcsim.Error.message holds)."""
    return re.sub(r"^mcsim( [a-z]+)?: ", "", stderr.strip().splitlines()[0])


@pytest.fixture
def cli():
    return run_cli
