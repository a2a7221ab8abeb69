"""test_logs.py - mcsim.read_log on the run log of every config in configs/
(written by the mcsim command with -o) gives the command's numbers in tidy
tables; mcsim.read_sweep reads a sweep file; both check the seal as mcsim
does and refuse a damaged file with mcsim's message."""
import json

import h5py
import pytest

import mcsim
from conftest import CONFIGS, REPO, cli_message, run_cli


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """Every config run by the command, 20000 paths, its log in one folder:
    {stem: (log path, the command's JSON document)}."""
    folder = tmp_path_factory.mktemp("logs")
    out = {}
    for config in CONFIGS:
        log = folder / f"{config.stem}.h5"
        rc, text, err = run_cli(config, "--backend", "cpu", "--paths", "20000", "-o", log,
                                "--format", "json", "-q")
        assert rc == 0, err
        out[config.stem] = (log, json.loads(text))
    return folder, out


def test_read_log_on_every_configs_log(logs):
    folder, runs = logs
    df = mcsim.read_log(folder)  # a folder: its *.h5
    assert sorted(set(df["file"])) == sorted(str(log) for log, _ in runs.values())
    for log, doc in runs.values():
        rows = df[df["file"] == str(log)]
        assert list(rows["output"]) == [o["name"] for o in doc["outputs"]]
        assert list(rows["price"]) == [o["price"] for o in doc["outputs"]]
        assert list(rows["std_error"]) == [o["std_error"] for o in doc["outputs"]]
        for key, value in doc["parameters"].items():  # every parameter, typed
            if isinstance(value, list):  # a list or matrix key: an array attribute
                assert list(rows[key].iloc[0]) == value, key
            elif key != "log":
                assert rows[key].iloc[0] == value, key
        assert rows["backend"].iloc[0] == "cpu" and rows["seconds"].iloc[0] > 0
    tables = mcsim.read_log([log for log, _ in runs.values()], table="all")
    timings = tables["timings"]
    assert len(timings) == 13 * len(runs) and timings["phase"].iloc[0] == "config"
    for log, doc in runs.values():
        conv = tables["convergence"][tables["convergence"]["file"] == str(log)]
        assert conv["price"].iloc[-1] == doc["price"] and conv["paths"].iloc[-1] == 20000
        t = timings[timings["file"] == str(log)].set_index("phase")["seconds"]
        assert t["total"] >= t["simulate"] > 0
    assert list(tables["warnings"].columns)[:5] == ["file", "severity", "output", "check",
                                                    "message"]


def damaged(src, dst, cut=False):
    data = bytearray(src.read_bytes())
    if cut:
        data = data[:-10]
    else:
        data[len(data) // 2] ^= 0xFF
    dst.write_bytes(bytes(data))
    return dst


def test_damaged_log_refused_as_mcsim_does(logs, tmp_path):
    folder, runs = logs
    log = runs["european"][0]
    with pytest.raises(mcsim.DataError, match="refused as a run log: checksum mismatch"):
        mcsim.read_log(damaged(log, tmp_path / "flipped.h5"))
    with pytest.raises(mcsim.DataError, match="length mismatch: its seal says"):
        mcsim.read_log(damaged(log, tmp_path / "cut.h5", cut=True))
    with pytest.raises(mcsim.InputError):
        mcsim.read_log(tmp_path / "absent.h5")
    # edited with h5py: a valid HDF5 file, but not what mcsim sealed
    edited = tmp_path / "edited.h5"
    edited.write_bytes(log.read_bytes())
    with h5py.File(edited, "r+") as f:
        f["outputs/0"].attrs["price"] = 1.0
    with pytest.raises(mcsim.DataError, match="mismatch"):
        mcsim.read_log(edited)
    assert mcsim.read_log(edited, check_seal=False)["price"].iloc[0] == 1.0


@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sweep")
    path = folder / "sweep.h5"
    rc, _, err = run_cli("sweep", REPO / "configs" / "european.ini", "--paths", "1000:10000",
                         "--backend", "cpu", "--repeat", "2", "-o", path, "-q", cwd=folder)
    assert rc == 0, err
    return path


def test_read_sweep(sweep):
    df = mcsim.read_sweep(sweep)
    with h5py.File(sweep, "r") as f:
        raw = f["runs"][()]
        phases = list(f["runs"].attrs["phases"])
    assert len(df) == len(raw) == 2 * 2 * 2  # sizes x modes x repeats
    assert set(df["backend"]) == {"cpu"} and set(df["mode"]) == {"cold", "warm"}
    assert sorted(set(df["paths"])) == [1000, 10000]
    for phase in phases:
        assert list(df[phase]) == list(raw[phase])
    assert df.attrs["creator"] == "mcsim sweep"


def test_damaged_sweep_refused_with_validates_message(sweep, tmp_path):
    for name, cut in (("flipped.h5", False), ("cut.h5", True)):
        bad = damaged(sweep, tmp_path / name, cut)
        rc, _, err = run_cli("validate", bad, "--profile", "desktop")
        with pytest.raises(mcsim.DataError) as info:
            mcsim.read_sweep(bad)
        assert rc == info.value.status == 65
        assert info.value.message == cli_message(err)


def test_schema_1_sweep_reads_unsealed_when_asked(monkeypatch):
    old = sorted((REPO / "bench" / "results" / "estimator").glob("*/sweep-*.h5"))
    old = [p for p in old if p.read_bytes()[:8] == b"\x89HDF\r\n\x1a\n"]
    if not old:
        pytest.skip("no unsealed sweep file in bench/results/estimator")
    with pytest.raises(mcsim.DataError, match="no mcsim seal"):
        mcsim.read_sweep(old[0])
    monkeypatch.setenv("MCSIM_ACCEPT_UNSEALED", "1")
    df = mcsim.read_sweep(old[0])
    assert len(df) > 0 and {"simulate", "total", "backend", "paths"} <= set(df.columns)
    assert (df["total"] >= df["simulate"]).all()
