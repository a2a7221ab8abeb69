#!/usr/bin/python3
"""python_binding.py - what each way of calling libmcsim from Python costs
per call (docs/python.md, "The binding"): ctypes (the package's choice),
cffi in ABI mode (dlopen, no compiler), cffi in API mode (a compiled C
extension, the cost a hand-written extension has too) and, for scale, the
mcsim command through subprocess (what notebooks did before the library).

Three calls: a trivial one (mcsim_version), one with arguments
(mcsim_job_get(job, "option.strike")) and mcsim_run of a tiny job (a
one-step European, 1000 paths, one thread) on one engine; plus the whole
mcsim.price (job, engine from the cache, run, Result) around that run.
Each figure is the median over --repeat rounds of the mean per call.

usage: /usr/bin/python3 bench/python_binding.py [--library build/libmcsim.so.0]
                                                [--mcsim build/mcsim] [--repeat 7]
cffi: Debian python3-cffi (only this benchmark needs it; without it those rows
are skipped).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import timeit
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))
from benchlib import cpu_model, usable_cores  # noqa: E402

CDEF = """
typedef struct { int status; char message[2048]; } mcsim_error;
typedef struct mcsim_job mcsim_job;
typedef struct mcsim_engine mcsim_engine;
typedef struct mcsim_result mcsim_result;
typedef struct { const char *backend; int threads; int device; } mcsim_engine_options;
const char *mcsim_version(void);
const char *mcsim_job_get(const mcsim_job *job, const char *key);
int mcsim_job_from_file(const char *path, const char *const *assignments, int n,
                        mcsim_job **out, mcsim_error *err);
int mcsim_engine_new(const mcsim_engine_options *options, mcsim_engine **out, mcsim_error *err);
int mcsim_run(mcsim_engine *engine, const mcsim_job *job, mcsim_result **out, mcsim_error *err);
void mcsim_result_free(mcsim_result *res);
"""
TINY = ["simulation.paths=1000"]


def interleaved(calls, repeat):
    """{name: median over `repeat` rounds of the mean seconds per call}; each
    round times every call once, in turn, so that a loaded machine's slow
    spells fall on all of them alike. calls: {name: (function, calls a round)}."""
    times = {name: [] for name in calls}
    for _ in range(repeat):
        for name, (fn, number) in calls.items():
            times[name].append(timeit.timeit(fn, number=number) / number)
    return {name: statistics.median(t) for name, t in times.items()}


def cffi_calls(ffi, lib, config):
    """(trivial call, tiny run) through a cffi library object."""
    err = ffi.new("mcsim_error *")
    job, engine = ffi.new("mcsim_job **"), ffi.new("mcsim_engine **")
    keep = [ffi.new("char[]", s.encode()) for s in TINY]
    sets = ffi.new("const char *[]", keep)
    assert lib.mcsim_job_from_file(str(config).encode(), sets, len(TINY), job, err) == 0
    opts = ffi.new("mcsim_engine_options *")
    backend = ffi.new("char[]", b"cpu")
    opts.backend, opts.threads = backend, 1
    assert lib.mcsim_engine_new(opts, engine, err) == 0
    out = ffi.new("mcsim_result **")

    def run():
        assert lib.mcsim_run(engine[0], job[0], out, err) == 0
        lib.mcsim_result_free(out[0])
    key = ffi.new("char[]", b"option.strike")
    return lib.mcsim_version, lambda: lib.mcsim_job_get(job[0], key), run, \
        (keep, backend, sets, opts, key)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--library", default=str(REPO / "build" / "libmcsim.so.0"))
    ap.add_argument("--mcsim", default=str(REPO / "build" / "mcsim"))
    ap.add_argument("--config", default=str(REPO / "configs" / "european.ini"))
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    os.environ["MCSIM_LIBRARY"] = os.path.abspath(args.library)
    sys.path.insert(0, str(REPO / "python"))
    import mcsim
    from mcsim import _capi
    R = args.repeat
    calls = {}  # (binding, call): (function, calls a round)

    # ctypes: the package's own binding
    job = mcsim.Job(args.config, paths=1000)
    engine = mcsim.Engine("cpu", threads=1)
    key = b"option.strike"
    calls["ctypes", "version"] = (_capi.lib.mcsim_version, 100_000)
    calls["ctypes", "get"] = (lambda: _capi.lib.mcsim_job_get(job._handle, key), 100_000)
    calls["ctypes", "run"] = (lambda: _capi.lib.mcsim_result_free(engine._run(job)[1]), 200)
    keep = []
    try:
        import cffi
    except ImportError:
        print("cffi not importable (Debian python3-cffi): its rows skipped", file=sys.stderr)
        cffi = None
    tmp = tempfile.TemporaryDirectory()
    if cffi:
        ffi = cffi.FFI()
        ffi.cdef(CDEF)
        lib = ffi.dlopen(args.library)
        version, get, run, k = cffi_calls(ffi, lib, args.config)
        keep.append(k)
        calls["cffi ABI", "version"], calls["cffi ABI", "get"] = (version, 100_000), (get, 100_000)
        calls["cffi ABI", "run"] = (run, 200)
        api = cffi.FFI()
        api.cdef(CDEF)
        libdir = os.path.dirname(os.path.abspath(args.library))
        api.set_source("_mcsim_bench_api", '#include "mcsim.h"',
                       include_dirs=[str(REPO / "include")], library_dirs=[libdir],
                       extra_link_args=[f"-Wl,-rpath,{libdir}", f"-l:{Path(args.library).name}"])
        api.compile(tmpdir=tmp.name, verbose=False)
        sys.path.insert(0, tmp.name)
        import _mcsim_bench_api
        version, get, run, k = cffi_calls(_mcsim_bench_api.ffi, _mcsim_bench_api.lib, args.config)
        keep.append(k)
        name = "cffi API (compiled extension)"
        calls[name, "version"], calls[name, "get"] = (version, 100_000), (get, 100_000)
        calls[name, "run"] = (run, 200)
    calls["price", "run"] = (lambda: mcsim.price(args.config, backend="cpu", threads=1,
                                                 paths=1000), 200)
    calls["command", "run"] = (lambda: subprocess.run(
        [args.mcsim, args.config, "--backend", "cpu", "--threads", "1", "--paths", "1000",
         "--format", "json", "--no-log", "-q"], check=True, capture_output=True), 5)
    t = interleaved(calls, R)
    rows = [(b, t[b, "version"], t[b, "get"], t[b, "run"])
            for b in dict.fromkeys(b for b, c in calls if c == "version")]
    price, command = t["price", "run"], t["command", "run"]

    print(f"# {cpu_model()}, {usable_cores()} usable cores; python {sys.version.split()[0]}; "
          f"libmcsim {mcsim.library_version}; median of {R} rounds")
    print(f"{'binding':<32} {'mcsim_version':>14} {'mcsim_job_get':>14} "
          f"{'mcsim_run, 1000 paths':>22}")
    for name, trivial, get, run in rows:
        print(f"{name:<32} {trivial * 1e9:>11.0f} ns {get * 1e9:>11.0f} ns {run * 1e6:>19.1f} us")
    print(f"{'mcsim.price (whole Python call)':<32} {'':>29} {price * 1e6:>19.1f} us")
    print(f"{'mcsim command (subprocess)':<32} {'':>29} {command * 1e6:>19.1f} us")


if __name__ == "__main__":
    main()
