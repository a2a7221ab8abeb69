#!/usr/bin/env bash
# build_test.sh - the set-up a newcomer meets (Makefile, .ci/install-deps,
# CMakeLists.txt): `make run` installs only what building needs and `make
# test` adds the test tools; NODEPS=1 installs nothing; where install-deps
# cannot install (not root and no sudo, or no dpkg/apt-get: not Debian) it
# says what to install and exits 0 so the build goes on; CMake configures
# without cmocka when the tests are off, and names cmocka when they are
# asked for. Nothing is installed: install-deps runs with DRY_RUN=1 or
# where it cannot install. Usage: tests/build_test.sh MCSIM SOURCE_DIR [CMAKE]
set -u
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 MCSIM SOURCE_DIR [CMAKE]" >&2
    exit 64
fi
src=$(cd "$2" && pwd)
cmake=${3:-cmake}
. "$(dirname "$0")/lib.sh" build_test "$1"
chmod 755 "$tmp" # the unprivileged user below reads its PATH folders
out=$tmp/stdout
err=$tmp/stderr
# has FILE PATTERN / lacks FILE PATTERN (fixed strings): a problem otherwise
has() { grep -qF -- "$2" "$1" || problems+=("$(basename "$1") lacks '$2'"); }
lacks() { ! grep -qF -- "$2" "$1" || problems+=("$(basename "$1") holds '$2'"); }

# --- the Makefile: what each target would run (make -n; a caller's NODEPS=1, which
# `make test NODEPS=1` puts in the environment, unset) -------------------------------
# make_n TARGET [VAR=VALUE]...: the commands of `make TARGET` into $out
make_n() {
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u NODEPS make -n -C "$src" BUILD="$tmp/b" "$@" >"$out" 2>"$err" ||
        problems+=("make -n $* failed: $(tail -n 2 "$err")")
}
make_n run NODEPS=1
lacks "$out" "install-deps"
has "$out" "cmake --build $tmp/b"
has "$out" "mcsim configs/european.ini"
make_n test NODEPS=1
lacks "$out" "install-deps"
has "$out" "-DBUILD_TESTING=ON"
report "NODEPS=1: make run and make test install nothing, and build"

make_n run
has "$out" "install-deps"
for p in build-essential cmake pkg-config libhdf5-dev libinih-dev; do
    grep -q "PACKAGES=\".*\b$p\b" "$out" || problems+=("make run does not install $p")
done
for p in libcmocka-dev slurm-wlm munge chromium clang openmpi-bin python3-pandas python3-pytest; do
    grep -q "PACKAGES=\".*\b$p\b" "$out" && problems+=("make run installs $p, a test tool")
done
make_n test
for p in libhdf5-dev libcmocka-dev slurm-wlm chromium clang openmpi-bin python3-pandas \
         python3-numpy python3-pytest python3-matplotlib python3-pip python3-setuptools python3-wheel; do
    grep -q "PACKAGES=\".*\b$p\b" "$out" || problems+=("make test does not install $p")
done
make_n test-python NODEPS=1
has "$out" "ctest -R '^python\$' --output-on-failure"
report "make run installs only what building needs; make test adds the test tools"

# --- .ci/install-deps -------------------------------------------------------------
deps=$src/.ci/install-deps
nopkg=mcsim-build-test-no-such-package
# a PATH folder holding only the named commands (and an apt-get that must
# not run: it leaves a mark)
bin_with() {
    local d=$tmp/bin-$1 c
    shift
    mkdir -p "$d"
    for c in "$@"; do ln -sf "$(command -v "$c")" "$d/$c"; done
    printf '#!/bin/sh\necho "apt-get $*" >>%s/apt-get.called\nexit 1\n' "$tmp" >"$d/apt-get"
    chmod 755 "$d" "$d/apt-get"
    echo "$d"
}
# as_user CMD...: CMD as an unprivileged user (nobody) when we are root
as_user() {
    if [ "$(id -u)" -eq 0 ]; then
        setpriv --reuid=65534 --regid=65534 --clear-groups -- "$@"
    else
        "$@"
    fi
}

if [ "$(id -u)" -eq 0 ]; then
    DRY_RUN=1 PACKAGES="coreutils $nopkg" "$deps" >"$out" 2>"$err"
    rc=$?
    [ $rc -eq 0 ] || problems+=("exit $rc, expected 0: $(tail -n 2 "$err")")
    has "$out" "+ apt-get update"
    grep -q "^+ env DEBIAN_FRONTEND=noninteractive apt-get install .* $nopkg\$" "$out" ||
        problems+=("no 'apt-get install ... $nopkg' (the missing package alone): $(cat "$out")")
    grep -q "install.*coreutils" "$out" && problems+=("installs coreutils, which is there")
    report "install-deps as root (DRY_RUN=1): apt-get installs the missing package only"
else
    echo "ok - install-deps as root # SKIP not root"
fi

# cannot_install WHAT PATH [RUNNER]: install-deps with only PATH's commands
# (as RUNNER: an unprivileged user) cannot install: it says what to
# install (checked by the caller in $err), exits 0 and runs no apt-get
cannot_install() {
    rm -f "$tmp/apt-get.called"
    ${3:+$3} env PATH="$2" DRY_RUN=1 PACKAGES="coreutils $nopkg" "$deps" >"$out" 2>"$err"
    local rc=$?
    [ $rc -eq 0 ] || problems+=("$1: exit $rc, expected 0 (the build goes on)")
    [ -e "$tmp/apt-get.called" ] && problems+=("$1: apt-get was run: $(cat "$tmp/apt-get.called")")
}
if [ "$(id -u)" -eq 0 ] && ! command -v setpriv >/dev/null; then
    echo "ok - install-deps without root and without sudo # SKIP no setpriv"
else
    cannot_install "no root, no sudo" "$(bin_with nosudo dpkg-query grep id)" as_user
    has "$err" "apt-get install --no-install-recommends $nopkg"
    has "$err" "NODEPS=1"
    lacks "$err" coreutils # installed already
    report "install-deps without root and without sudo: says what to install as root, exits 0"
fi

cannot_install "no dpkg" "$(bin_with nodpkg grep id)"
has "$err" "not Debian"
has "$err" "coreutils $nopkg" # every package: which are there is unknown
has "$err" "cmake -S . -B build"
report "install-deps without dpkg (not Debian): names the packages, exits 0"

# --- CMake without cmocka -----------------------------------------------------------
# pkg-config sees every .pc file of this system but cmocka's
pc=$tmp/pkgconfig
mkdir -p "$pc"
IFS=: read -ra pc_dirs <<<"$(pkg-config --variable pc_path pkg-config 2>/dev/null)"
for dir in ${pc_dirs[@]+"${pc_dirs[@]}"}; do
    for f in "$dir"/*.pc; do
        [ -f "$f" ] && [ "$(basename "$f")" != cmocka.pc ] && ln -sf "$f" "$pc/"
    done
done
if [ ! -e "$pc/hdf5.pc" ]; then
    echo "ok - CMake without cmocka # SKIP pkg-config finds no hdf5.pc here"
else
    configure() { # BUILD_DIR [CMAKE OPTIONS]
        local b=$1
        shift
        PKG_CONFIG_LIBDIR=$pc PKG_CONFIG_PATH='' "$cmake" -S "$src" -B "$b" -DMCSIM_CUDA=OFF \
            -DMCSIM_MPI=OFF "$@" >"$out" 2>"$err"
    }
    configure "$tmp/nocmocka" || problems+=("configure without cmocka failed: $(grep -m 3 -i error "$err")")
    has "$out" "tests OFF"
    grep -q '^BUILD_TESTING:BOOL=ON' "$tmp/nocmocka/CMakeCache.txt" 2>/dev/null &&
        problems+=("BUILD_TESTING cached ON without cmocka")
    configure "$tmp/off" -DBUILD_TESTING=OFF || problems+=("-DBUILD_TESTING=OFF failed: $(grep -m 3 -i error "$err")")
    report "CMake without cmocka: mcsim configures, tests off, said so"
    configure "$tmp/on" -DBUILD_TESTING=ON && problems+=("-DBUILD_TESTING=ON without cmocka succeeded")
    has "$err" "libcmocka-dev"
    has "$err" "-DBUILD_TESTING=OFF"
    report "CMake -DBUILD_TESTING=ON without cmocka: fails naming libcmocka-dev"
fi

finish
