#!/bin/sh
# python_test.sh BUILD_DIR SOURCE_DIR MCSIM - the Python package's tests
# (python/tests, pytest), run by ctest as `python` and by `make test-python`:
# a venv in BUILD_DIR (Debian's python with its numpy, pandas, h5py and
# pytest), `pip install` of python/ taking this build's libmcsim
# (MCSIM_CMAKE_BUILD_DIR), then pytest against MCSIM, the command of the
# same build. Exit 77 (skipped) when that python lacks a module the tests
# need, unless MCSIM_REQUIRE_PYTHON=1 (CI), where that is a failure.
set -eu
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
cli=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
py=${MCSIM_PYTHON:-/usr/bin/python3}
[ -x "$py" ] || py=$(command -v python3 || echo python3)
need="setuptools wheel numpy pandas h5py pytest matplotlib"
if ! "$py" -c "import $(echo "$need" | tr ' ' ',')" 2>/dev/null ||
   ! "$py" -m pip --version >/dev/null 2>&1; then
    echo "python_test: $py lacks one of: pip $need (Debian: python3-numpy python3-pandas" \
         "python3-h5py python3-pytest python3-pip python3-setuptools python3-wheel" \
         "python3-matplotlib; make deps-test installs them)" >&2
    [ "${MCSIM_REQUIRE_PYTHON:-0}" = 1 ] && exit 1
    exit 77
fi
venv=$build/python-venv
rm -rf "$venv" "$build/python-src"
# --without-pip: the system pip (--system-site-packages) installs into it
"$py" -m venv --system-site-packages --without-pip "$venv"
# a copy of python/, so pip's in-tree build leaves the sources clean
cp -r "$src/python" "$build/python-src"
rm -rf "$build/python-src/build" "$build/python-src"/*.egg-info "$build/python-src/mcsim/_lib"
MCSIM_SOURCE_DIR=$src MCSIM_CMAKE_BUILD_DIR=$build \
    "$venv/bin/python" -m pip install -q --no-build-isolation --no-deps --no-index \
    --disable-pip-version-check "$build/python-src"
cd "$build"
# the installed package, not the sources: no MCSIM_LIBRARY, cwd outside python/
env -u MCSIM_LIBRARY MCSIM_CLI="$cli" MCSIM_SOURCE_DIR="$src" MCSIM_BUILD_DIR="$build" \
    MCSIM_EXPECT_BUNDLED=1 \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider "$src/python/tests"
