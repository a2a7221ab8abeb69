"""test_keys.py - every key of the C library's key table works from Python
with no Python code knowing it: each entry, on a config of the type it
belongs to, set to its named values or its value there and a changed one,
gives what `mcsim --set section.key=value` gives, the same bits or the same
error; help(mcsim.price) lists every key."""
import json
import math

import pytest

import mcsim
from conftest import CONFIGS, cli_message, run_cli

KEYS = mcsim.keys()
PATHS = 2000


def applies(job, key):
    """Does the key table's entry apply to the job (its type selected)?"""
    if not key.applies_to:
        return True
    name, value = key.applies_to.split("=", 1)
    return job.get(name) == value


def base_config(key):
    """A config of configs/ whose job the entry applies to: as it is, else
    with the entry's type selected (e.g. option.payoff=digital)."""
    for settings in ({}, dict([key.applies_to.split("=", 1)]) if key.applies_to else {}):
        for path in CONFIGS:
            try:
                job = mcsim.Job(path, **settings)
            except mcsim.ConfigError:
                continue
            if applies(job, key):
                return path, settings, job
    pytest.fail(f"no config in configs/ reaches {key.name} ({key.applies_to}): add one")


def values_for(key, job):
    """The values to try: every named value, else the job's value and, for a
    number, a changed one (which the library may refuse: then so must the
    command)."""
    if key.choices:
        return key.choices
    now = job.get(key.name)
    if now is None:  # not in this job (strike of a floating lookback): another's value
        now = key.default or next((v for v in (mcsim.Job(p).get(key.name) for p in CONFIGS)
                                   if v is not None), "1")
    try:
        number = float(now)
    except (TypeError, ValueError):
        return [now]
    return [now] if number == 0 or math.isinf(number) else [now, mcsim._core.format_value(number * 1.25)]


def outcome_python(path, settings):
    try:
        r = mcsim.price(path, backend="cpu", threads=1, **settings)
    except mcsim.Error as e:
        return ("error", e.status, e.message)
    return ("ok", [(o.name, o.value, o.std_error) for o in r.outputs])


def outcome_cli(path, assignments, tmp_path):
    args = [a for s in assignments for a in ("--set", s)]
    rc, out, err = run_cli(path, "--backend", "cpu", "--threads", "1", "--format", "json", "-q",
                           *args, cwd=tmp_path)
    if rc:
        return ("error", rc, cli_message(err))
    doc = json.loads(out)
    return ("ok", [(o["name"], o["price"], o["std_error"]) for o in doc["outputs"]])


@pytest.mark.parametrize("key", KEYS, ids=lambda k: f"{k.name}@{k.applies_to or 'all'}")
def test_every_key_of_the_table_works_as_the_command(key, tmp_path):
    path, select, job = base_config(key)
    for value in values_for(key, job):
        # the same assignments, in the same order, both ways
        settings = {**select, "simulation.paths": PATHS, key.name: value}
        if key.name == "simulation.paths":
            settings[key.name] = mcsim._core.format_value(float(value) / 500)  # stay small
        assignments = [f"{k}={mcsim._core.format_value(v)}" for k, v in settings.items()]
        py = outcome_python(path, {k.replace(".", "__"): v for k, v in settings.items()})
        assert py == outcome_cli(path, assignments, tmp_path), (key.name, value)
        if py[0] == "ok":  # and the job holds the value set
            shown = mcsim.Job(path, **{k.replace(".", "__"): v for k, v in settings.items()})
            resolved, wanted = shown.get(key.name), settings[key.name]
            try:
                assert float(resolved) == float(wanted), key.name
            except ValueError:
                assert resolved == wanted, key.name


def test_help_lists_every_key():
    text = mcsim.price.__doc__
    for k in KEYS:
        assert f"    {k.key} " in text, k.name
    for applies_to in {k.applies_to for k in KEYS if k.applies_to}:
        assert f"when {applies_to}:" in text
    assert mcsim.key_help() in mcsim.price_grid.__doc__


def test_bare_key_resolved_or_refused_by_the_library():
    path = CONFIGS[0]
    job = mcsim.Job(path)
    for k in KEYS:
        if not applies(job, k):
            continue
        others = {o.section for o in KEYS if o.key == k.key and applies(job, o)}
        value = job.get(k.name)
        if value in (None, ""):
            continue
        if len(others) == 1:
            assert mcsim.Job(path, **{k.key: value}).get(k.name) == value
        else:
            with pytest.raises(mcsim.ConfigError, match="several sections"):
                mcsim.Job(path, **{k.key: value})
