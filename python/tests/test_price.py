"""test_price.py - mcsim.price gives the mcsim command's numbers bit for bit
for the same job (every config in configs/), whatever form the config and
its overrides take; the Result's fields, its JSON document, its log."""
import configparser
import math

import numpy as np
import pytest

import mcsim
from conftest import CONFIGS, REPO, cli_json

# fields of the JSON document that measure the run (seconds) or echo how it
# was launched, not what it computed
VOLATILE = {"seconds", "simulate_seconds", "paths_per_second", "timings", "log_file", "threads"}
SMALL = ["--paths", "20000", "--seed", "7", "--threads", "2", "--backend", "cpu"]


def same(a, b):
    """Equal floats, bit for bit (NaN as JSON's null)."""
    if a is None or b is None:
        return (a is None or math.isnan(a)) and (b is None or math.isnan(b))
    return a == b


def assert_same_document(py, cli):
    """The two JSON documents agree on every field but the run's seconds."""
    for key in set(py) | set(cli):
        if key in VOLATILE:
            continue
        if key == "parameters":
            assert {k: v for k, v in py[key].items() if k != "log"} == \
                   {k: v for k, v in cli[key].items() if k != "log"}
        else:
            assert py.get(key) == cli.get(key), key


@pytest.mark.parametrize("config", CONFIGS, ids=lambda p: p.stem)
def test_price_equals_the_command_bit_for_bit(config):
    doc = cli_json(config, *SMALL)
    r = mcsim.price(config, backend="cpu", threads=2, paths=20000, seed=7)
    for field in ("price", "std_error", "ci_low", "ci_high", "analytic"):
        assert same(getattr(r, field), doc.get(field)), field
    assert r.paths == doc["paths"] == 20000 and r.backend == doc["backend"] == "cpu"
    assert [o.name for o in r.outputs] == [o["name"] for o in doc["outputs"]]
    for o, d in zip(r.outputs, doc["outputs"]):
        for field in ("std_error", "ci_low", "ci_high", "analytic"):
            assert same(getattr(o, field), d.get(field)), (o.name, field)
        assert o.value == d["price"]
    conv = np.array([(c["paths"], c["price"], c["std_error"]) for c in doc["convergence"]])
    assert np.array_equal(r.convergence["price"], conv[:, 1])
    assert np.array_equal(r.convergence["paths"], conv[:, 0])
    assert_same_document(r.to_dict(), doc)
    assert set(r.timings) == set(doc["timings"]) and r.timings["simulate"] > 0


def ini_as_dict(path):
    parser = configparser.ConfigParser(inline_comment_prefixes=(";", "#"))
    parser.read(path)
    return {s: dict(parser[s]) for s in parser.sections()}


def test_every_form_of_a_config_gives_the_same_bits():
    path = REPO / "configs" / "barrier.ini"
    doc = cli_json(path, *SMALL, "--set", "option.strike=105", "--set", "model.volatility=0.25")
    want = [(o["price"], o["std_error"]) for o in doc["outputs"]]
    nested = ini_as_dict(path)
    flat = {f"{s}.{k}": v for s, keys in nested.items() for k, v in keys.items()}
    run = dict(backend="cpu", threads=2, paths=20000, seed=7)
    forms = [
        mcsim.price(path, strike=105, volatility=0.25, **run),  # bare keys
        mcsim.price(str(path), option__strike=105, model__volatility=0.25, **run),
        mcsim.price(path.read_text(), strike=105.0, volatility=0.25, **run),  # INI text
        mcsim.price(nested, strike=105, volatility=0.25, **run),
        mcsim.price({**flat, "option.strike": 105, "model.volatility": 0.25}, **run),
        mcsim.price(mcsim.Job(path, strike=105).derive(volatility=0.25), **run),
        mcsim.Engine("cpu", threads=2).price(path, strike=105, volatility=0.25, paths=2e4, seed=7),
    ]
    for r in forms:
        assert [(o.value, o.std_error) for o in r.outputs] == want


def test_result_fields():
    r = mcsim.price(REPO / "configs" / "barrier.ini", backend="cpu", paths=20000)
    assert [o.name for o in r.outputs] == ["down-out", "down-in"]
    assert r.output("down-in") is r.outputs[1] and r.outputs[1].analytic_source
    assert r.price == r.outputs[0].value and r.analytic == r.outputs[0].analytic
    assert r.ci_low < r.price < r.ci_high and r.std_error > 0
    assert len(r.rows) == 1 and r.rows[0] == r.outputs
    assert "[option]" in r.config and "barrier" in r.config
    assert r.seconds == r.timings["total"] > 0 and r.warnings == []
    assert r.convergence.dtype.names == ("paths", "price", "std_error")
    assert r.parameters["barrier_type"] == "down-out"  # any JSON field is an attribute
    with pytest.raises(AttributeError):
        r.no_such_field
    with pytest.raises(KeyError, match="down-out, down-in"):
        r.output("up-in")


def test_job_resolves_and_derives():
    job = mcsim.Job(REPO / "configs" / "asian.ini", fixings=24)
    assert job.get("option.fixings") == "24" and job.get("option__fixings") == "24"
    assert job.get("option.nonsense") is None
    assert "fixings = 24" in job.config.replace("  ", " ")
    assert job.derive(fixings=6).get("option.fixings") == "6"
    assert job.get("option.fixings") == "24"  # the base is unchanged


def test_log_written_and_read_back(tmp_path):
    log = tmp_path / "run.h5"
    r = mcsim.price(REPO / "configs" / "european.ini", backend="cpu", paths=20000, log=log)
    df = mcsim.read_log(log)
    assert list(df["price"]) == [r.price] and list(df["std_error"]) == [r.std_error]
    assert df["backend"][0] == "cpu" and df["paths"][0] == 20000


def test_threads_each_price_with_their_own_engine():
    """mcsim.price from several threads at once: each thread its own engine
    (one thread at a time per engine), every result the sequential one's."""
    from concurrent.futures import ThreadPoolExecutor
    path = REPO / "configs" / "asian.ini"
    want = [mcsim.price(path, backend="cpu", threads=1, paths=5000, strike=k).price
            for k in (90, 100, 110, 120)]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda k: mcsim.price(path, backend="cpu", threads=1, paths=5000,
                                                  strike=k).price, (90, 100, 110, 120) * 3))
    assert got == want * 3
