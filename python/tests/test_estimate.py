"""test_estimate.py - mcsim.estimate and mcsim.validate give the documents
of `mcsim estimate --format json` and `mcsim validate --format json` for the
same job, options and files; their errors are the commands'."""
import json

import pytest

import mcsim
from conftest import REPO, cli_message, run_cli

ASIAN = REPO / "configs" / "asian.ini"
PROFILES = ["--cpu", "desktop", "--gpu", "h100-sxm"]


@pytest.mark.parametrize("paths", [1000, 10**6, 10**9])
def test_estimate_is_the_commands(paths):
    rc, out, err = run_cli("estimate", ASIAN, "--paths", paths, *PROFILES, "--format", "json",
                           "--set", "option.strike=105")
    assert rc == 0, err
    py = mcsim.estimate(ASIAN, overrides={"option.strike": 105}, paths=paths, cpu="desktop",
                        gpu="h100-sxm")
    assert py == json.loads(out)
    assert py["cold"]["gpu"]["phases"]["total"] > 0 and py["paths"] == paths


def test_estimate_errors_are_the_commands():
    rc, _, err = run_cli("estimate", ASIAN, "--cpu", "no-such-profile", "--format", "json")
    with pytest.raises(mcsim.Error) as info:
        mcsim.estimate(ASIAN, cpu="no-such-profile")
    assert info.value.status == rc != 0
    assert info.value.message == cli_message(err)


def test_validate_is_the_commands(tmp_path):
    sweep = tmp_path / "sweep.h5"
    rc, _, err = run_cli("sweep", REPO / "configs" / "european.ini", "--paths", "1000:10000",
                         "--backend", "cpu", "--repeat", "2", "-o", sweep, "-q", cwd=tmp_path)
    assert rc == 0, err
    rc, out, err = run_cli("validate", sweep, "--profile", "desktop", "--format", "json")
    assert rc == 0, err
    assert mcsim.validate(sweep, profile="desktop") == json.loads(out)
