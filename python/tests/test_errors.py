"""test_errors.py - bad input raises the mcsim.Error subclass of the mcsim
command's exit code, with the command's message (its stderr line); a stop
request ends a run with mcsim.Interrupted and the next run is whole."""
import threading
import time

import pytest

import mcsim
from conftest import REPO, cli_message, run_cli

CFG = REPO / "configs"

# (config, --set assignments): each refused by the command
BAD_CONFIGS = [
    (CFG / "european.ini", ["option.strike=-1"]),
    (CFG / "european.ini", ["option.strike=abc"]),
    (CFG / "european.ini", ["option.bogus=1"]),
    (CFG / "european.ini", ["bogus.key=1"]),
    (CFG / "european.ini", ["simulation.paths=0"]),
    (CFG / "european.ini", ["simulation.rng=dice"]),
    (CFG / "european.ini", ["model.type=nonsense"]),
    (CFG / "barrier.ini", ["option.barrier_type=sideways"]),
    (CFG / "asian.ini", ["option.fixings=0"]),
    (CFG / "lookback.ini", ["option.strike=100"]),
    (CFG / "no-such-config.ini", []),
]
CLASSES = {64: mcsim.UsageError, 65: mcsim.DataError, 66: mcsim.InputError,
           69: mcsim.BackendError, 74: mcsim.OutputError, 78: mcsim.ConfigError,
           130: mcsim.Interrupted}


@pytest.mark.parametrize("config,sets", BAD_CONFIGS, ids=lambda v: str(v)[-40:])
def test_bad_config_raises_the_commands_error(config, sets):
    args = [a for s in sets for a in ("--set", s)]
    rc, _, err = run_cli(config, "--backend", "cpu", "--paths", "1000", *args)
    assert rc in CLASSES, err
    overrides = {s.split("=", 1)[0].replace(".", "__"): s.split("=", 1)[1] for s in sets}
    with pytest.raises(CLASSES[rc]) as info:
        mcsim.price(config, backend="cpu", paths=1000, **overrides)
    assert info.value.status == rc
    assert info.value.message == cli_message(err)
    assert isinstance(info.value, mcsim.Error)


def test_bad_ini_text_names_the_line():
    text = (CFG / "european.ini").read_text().replace("strike = 100", "strike = -5")
    bad = CFG / "european.ini"
    with pytest.raises(mcsim.ConfigError, match=r"<string>:\d+: \[option\] strike = -5"):
        mcsim.price(text)
    assert bad.exists()


@pytest.mark.parametrize("backend", ["tpu", "gpu"])
def test_bad_backend(backend):
    rc, _, err = run_cli(CFG / "european.ini", "--backend", backend, "--paths", "1000")
    try:
        r = mcsim.price(CFG / "european.ini", backend=backend, paths=1000)
    except mcsim.Error as e:
        assert e.status == rc and type(e) is CLASSES[rc]
        assert backend in e.message and backend in cli_message(err)
        return
    assert rc == 0 and r.backend == backend  # a GPU here


def test_unknown_backend_message_is_the_commands():
    """After the name of the option or argument, the same words."""
    rc, _, err = run_cli(CFG / "european.ini", "--backend", "tpu", "--paths", "1000")
    with pytest.raises(mcsim.UsageError) as info:
        mcsim.price(CFG / "european.ini", backend="tpu", paths=1000)
    assert info.value.message.split(": ", 1)[1] == cli_message(err).split(": ", 1)[1]


def test_bad_arguments_are_usage_errors():
    with pytest.raises(mcsim.UsageError):
        mcsim.price(CFG / "european.ini", threads=-1)
    with pytest.raises(mcsim.UsageError):
        mcsim.price(42)
    with pytest.raises(mcsim.UsageError, match="list of values"):
        mcsim.price_grid(CFG / "european.ini", strike=100)


def test_stop_request_interrupts_and_the_next_run_is_whole():
    job = mcsim.Job(CFG / "european.ini", paths=1e10, seed=3)  # minutes, uninterrupted
    timer = threading.Timer(0.3, mcsim.request_stop)
    timer.start()
    start = time.perf_counter()
    with pytest.raises(mcsim.Interrupted) as info:
        mcsim.Engine("cpu").run(job)
    assert info.value.status == 130 and time.perf_counter() - start < 60
    r = mcsim.price(CFG / "european.ini", backend="cpu", paths=20000, seed=3)
    assert r.paths == 20000 and r.std_error > 0


def test_ctrl_c_in_the_main_thread_interrupts_the_run():
    """A notebook's interrupt: SIGINT to the process while the main thread
    waits on a run; the run stops and raises Interrupted."""
    import os
    import signal
    assert threading.current_thread() is threading.main_thread()
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    start = time.perf_counter()
    with pytest.raises(mcsim.Interrupted):
        mcsim.price(CFG / "european.ini", backend="cpu", paths=1e10)
    assert time.perf_counter() - start < 60
    assert mcsim.price(CFG / "european.ini", backend="cpu", paths=1000).paths == 1000
