"""mcsim._logs - the HDF5 files mcsim writes as tidy pandas DataFrames: run
logs (read_log) and sweep files (read_sweep), read with h5py after checking
their seal as mcsim does (docs/hdf5-schema.md, "The seal"); the C library
is not involved."""
from __future__ import annotations

import glob
import hashlib
import io
import os
from pathlib import Path
from typing import Any, Dict, List, Sequence, Union

from ._errors import DataError, InputError

SEAL_BYTES = 512
HDF5_SIGNATURE = b"\x89HDF\r\n\x1a\n"
RUN_LOG_SCHEMA = 3
SWEEP_SCHEMA = 2

PathArg = Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]]


def seal_problem(data: bytes) -> str:
    """Why the bytes of a file are not what mcsim sealed ("" when they are):
    engine/h5seal.c's mcs_h5_check_seal in Python, with its messages."""
    if not data.startswith(b"mcsim seal "):
        if data.startswith(HDF5_SIGNATURE):
            return ("no mcsim seal: an HDF5 file written by an mcsim from before files were "
                    "sealed, or not by mcsim. Make it again with this mcsim (rerun the command "
                    "that wrote it); an older file you trust reads with MCSIM_ACCEPT_UNSEALED=1 "
                    "(unchecked)")
        return "no mcsim seal: not a file mcsim wrote, or damaged at its start"
    if len(data) < SEAL_BYTES + len(HDF5_SIGNATURE):
        return f"{len(data)} bytes, too short for its seal and an HDF5 file: cut short"
    if not data.startswith(b"mcsim seal 1\n"):
        return ("a seal of version '%s', this mcsim reads version 1 (a newer mcsim wrote it, "
                "or it is damaged)" % data[11:19].decode("latin-1"))
    digest = hashlib.sha256(data[SEAL_BYTES:]).hexdigest()
    want = b"mcsim seal 1\nbytes %d\nsha256 %s\n" % (len(data), digest.encode())
    seal = data[:SEAL_BYTES]
    if seal == want.ljust(SEAL_BYTES, b"\0"):
        return ""
    fields = dict(line.split(b" ", 1) for line in seal.rstrip(b"\0").split(b"\n") if b" " in line)
    if fields.get(b"bytes", b"").isdigit() and int(fields[b"bytes"]) != len(data):
        return (f"length mismatch: its seal says {int(fields[b'bytes'])} bytes, the file has "
                f"{len(data)} (cut short, or bytes added)")
    if b"sha256" in fields and fields[b"sha256"] != digest.encode():
        return ("checksum mismatch: the SHA-256 of its bytes is not the one its seal holds "
                "(damaged, or changed since mcsim wrote it)")
    return f"a malformed seal: its first {SEAL_BYTES} bytes are not the seal its bytes give (damaged)"


def open_sealed(path: Union[str, "os.PathLike[str]"], what: str, check_seal: bool = True):
    """An h5py.File over the bytes of `path`, read whole and checked first
    (so what is parsed is what was checked); DataError (65) naming the file
    and what failed, InputError (66) when it cannot be read. An unsealed
    HDF5 file is read, unchecked, with MCSIM_ACCEPT_UNSEALED=1 (as mcsim)."""
    import h5py
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise InputError(f"{os.fspath(path)}: cannot read the {what}: {e.strerror}") from None
    if check_seal:
        why = seal_problem(data)
        unsealed = data.startswith(HDF5_SIGNATURE)
        if why and not (unsealed and os.environ.get("MCSIM_ACCEPT_UNSEALED") == "1"):
            raise DataError(f"{os.fspath(path)}: refused as a {what}: {why}")
    try:
        return h5py.File(io.BytesIO(data), "r")
    except OSError as e:
        raise DataError(f"{os.fspath(path)}: not an HDF5 {what} ({e})") from None


def _files(paths: PathArg) -> List[str]:
    """A path, a folder (its *.h5), a glob pattern, or a list of them."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out: List[str] = []
    for p in map(os.fspath, paths):
        if os.path.isdir(p):
            out.extend(sorted(glob.glob(os.path.join(p, "*.h5"))))
        elif any(c in p for c in "*?[") and not os.path.exists(p):
            out.extend(sorted(glob.glob(p)))
        else:
            out.append(p)
    return out


def _text(v: Any) -> Any:
    return v.decode("utf-8") if isinstance(v, bytes) else v


def _records(dataset) -> List[Dict[str, Any]]:
    """A compound dataset's rows as dicts, strings decoded (h5py returns a
    compound's string fields as bytes)."""
    rows = dataset[()]
    names = rows.dtype.names or ()
    return [{n: _text(_scalar(row[n])) for n in names} for row in rows]


def _scalar(v: Any) -> Any:
    """A NumPy scalar as the Python one; arrays stay arrays."""
    return v.item() if getattr(v, "shape", None) == () else v


def _attrs(group) -> Dict[str, Any]:
    return {k: _text(_scalar(v)) for k, v in group.attrs.items()}


def _run_log_tables(path: str, f) -> Dict[str, List[Dict[str, Any]]]:
    version = f.attrs.get("schema_version")
    if version != RUN_LOG_SCHEMA:
        raise DataError(f"{path}: a run log of schema_version {version}, this reader knows "
                        f"{RUN_LOG_SCHEMA} (docs/hdf5-schema.md)")
    root = _attrs(f)
    phases = {r["phase"]: r["seconds"] for r in _records(f["timings"])}
    run = {"file": path, "backend": root.get("backend"), "version": root.get("version"),
           "created_utc": root.get("created_utc"), "host": root.get("host"),
           "seconds": phases.get("total")}
    params = _attrs(f["parameters"])
    outputs = []
    for j in range(len(f["outputs"])):
        o = _attrs(f["outputs"][str(j)])
        outputs.append({"file": path, "output": o.pop("name"), **o, **run, **params})
    return {
        "outputs": outputs,
        "timings": [{"file": path, **r} for r in _records(f["timings"])],
        "convergence": [{"file": path, **r} for r in _records(f["convergence"])],
        "warnings": [{"file": path, **r} for r in _records(f["warnings"])]
        if "warnings" in f else [],
    }


_LOG_COLUMNS = {
    "outputs": ["file", "output", "price", "std_error", "ci_low", "ci_high"],
    "timings": ["file", "phase", "seconds", "bytes", "count"],
    "convergence": ["file", "paths", "price", "std_error"],
    "warnings": ["file", "severity", "output", "check", "message"],
}


def read_log(paths: PathArg, table: str = "outputs", *, check_seal: bool = True):
    """Run logs (docs/hdf5-schema.md) as a tidy pandas DataFrame; `paths` is
    a file, a folder (its *.h5), a glob pattern or a list of them.

    table="outputs" (default): a row per log and output of the payoff
    (`output` its name, `price`, `std_error`, `ci_low`, `ci_high`, `analytic`
    and `analytic_source` where there is a closed form), with the run's
    `file`, `backend`, `version`, `created_utc`, `host`, `seconds` (total)
    and every parameter of the job (a column per key of /parameters).
    "timings": a row per log and phase (`phase`, `seconds`, `bytes`, `count`);
    "convergence": a row per log and checkpoint (`paths`, `price`,
    `std_error`); "warnings": a row per finding of the checks (`severity`,
    `output`, `check`, `message`); "all": a dict of the four.

    Each file's seal is checked first as mcsim does (DataError, status 65,
    naming the file; check_seal=False skips it) and its schema_version
    must be 3.
    """
    import pandas as pd
    if table not in _LOG_COLUMNS and table != "all":
        raise ValueError(f"mcsim.read_log: table is one of {', '.join(_LOG_COLUMNS)} or all, "
                         f"not {table!r}")
    tables: Dict[str, List[Dict[str, Any]]] = {name: [] for name in _LOG_COLUMNS}
    for path in _files(paths):
        with open_sealed(path, "run log", check_seal) as f:
            for name, rows in _run_log_tables(path, f).items():
                tables[name].extend(rows)
    frames = {name: pd.DataFrame(rows) if rows else pd.DataFrame(columns=_LOG_COLUMNS[name])
              for name, rows in tables.items()}
    return frames if table == "all" else frames[table]


def read_sweep(paths: PathArg, *, check_seal: bool = True):
    """Sweep files of `mcsim sweep` (docs/hdf5-schema.md, "The sweep file") as
    one tidy DataFrame: a row per measured run, `file`, then the columns of
    /runs (backend, mode, paths, steps, block_size, precision, rng, threads,
    repeat, a column of seconds per phase), strings decoded. Schema 1 files
    (unsealed: MCSIM_ACCEPT_UNSEALED=1) have their `seconds` array spread
    into the same phase columns. `df.attrs` holds the first file's root
    attributes (host, cpu_model, gpu_name, config, ...)."""
    import pandas as pd
    rows: List[Dict[str, Any]] = []
    attrs: Dict[str, Any] = {}
    for path in _files(paths):
        with open_sealed(path, "sweep file", check_seal) as f:
            root = _attrs(f)
            attrs = attrs or root
            schema = str(root.get("sweep_schema", 1))  # schema 1 wrote it as a string
            if schema not in ("1", str(SWEEP_SCHEMA)):
                raise DataError(f"{path}: a sweep file of sweep_schema {schema}, this reader "
                                f"knows 1 and {SWEEP_SCHEMA} (docs/hdf5-schema.md)")
            runs = f["runs"]
            phases = [_text(p) for p in runs.attrs["phases"]]
            if isinstance(runs.attrs["phases"], (str, bytes)):  # schema 1: one string
                phases = _text(runs.attrs["phases"]).split(",")
            for r in _records(runs):
                seconds = r.pop("seconds", None)
                if seconds is not None:  # schema 1: a 13-element array column
                    r.update(zip(phases, (float(s) for s in seconds)))
                rows.append({"file": path, **r})
    df = pd.DataFrame(rows)
    df.attrs.update(attrs)
    return df
