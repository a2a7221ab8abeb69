#!/usr/bin/env bash
# install_test.sh - libmcsim installed: `cmake --install` into a temporary
# prefix gives bin/mcsim, lib/libmcsim.so.VERSION with its links,
# include/mcsim.h, lib/pkgconfig/mcsim.pc and lib/cmake/mcsim/; the library
# exports the mcsim_* API only; the worked example of docs/api.md (taken
# from the markdown, so the doc cannot drift) builds against the prefix with
# pkg-config and with find_package(mcsim), runs, and prices each strike
# within 4 standard errors of Black-Scholes; the prefix still works moved.
# Usage: tests/install_test.sh MCSIM (the build tree's: its folder is the build)
if [ $# -ne 1 ]; then
    echo "usage: $0 MCSIM" >&2
    exit 64
fi
. "$(dirname "$0")/lib.sh" install "$1"
build=$(dirname "$mcsim") src=$repo
unset MCSIM_GPU_MODULE

cmake=$(sed -n 's/^CMAKE_COMMAND:INTERNAL=//p' "$build/CMakeCache.txt")
cmake=${cmake:-cmake}
cc=${CC:-cc}
# a sanitizer build's library needs its runtime in the program too
san=()
grep -q '^MCSIM_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" && san=(-fsanitize=address,undefined)
version=$(sed -n 's/^#define MCSIM_VERSION_STRING "\(.*\)"$/\1/p' "$src/include/mcsim.h")
major=${version%%.*}
p=$tmp/prefix

# --- the files ----------------------------------------------------------------
"$cmake" --install "$build" --prefix "$p" >install.log 2>&1 || problems+=("cmake --install failed: $(tail -n 3 install.log)")
for f in bin/mcsim "lib/libmcsim.so.$version" include/mcsim.h lib/pkgconfig/mcsim.pc \
    lib/cmake/mcsim/mcsimConfig.cmake lib/cmake/mcsim/mcsimConfigVersion.cmake \
    lib/cmake/mcsim/mcsimTargets.cmake; do
    [ -f "$p/$f" ] || problems+=("$f not installed")
done
[ "$(readlink "$p/lib/libmcsim.so.$major")" = "libmcsim.so.$version" ] ||
    problems+=("lib/libmcsim.so.$major is not a link to libmcsim.so.$version")
[ "$(readlink "$p/lib/libmcsim.so")" = "libmcsim.so.$major" ] ||
    problems+=("lib/libmcsim.so is not a link to libmcsim.so.$major")
soname=$(readelf -d "$p/lib/libmcsim.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libmcsim.so.$major" ] || problems+=("SONAME $soname, expected libmcsim.so.$major")
report "cmake --install: bin/mcsim, lib/libmcsim.so.$version and its links (SONAME libmcsim.so.$major), include/mcsim.h, mcsim.pc, the CMake package"

# --- what the library exports ----------------------------------------------------
exported=$(nm -D --defined-only "$p/lib/libmcsim.so.$version" | awk '$2 ~ /^[TDRBVW]$/ {print $3}' |
    sed 's/@.*//' | sort -u)
others=$(printf '%s\n' "$exported" | grep -v '^mcsim_')
[ -z "$others" ] || problems+=("exports beyond mcsim_*: ${others//$'\n'/ }")
for fn in $(sed -n 's/^MCSIM_API [^(]*[ *]\(mcsim_[a-z_]*\)(.*/\1/p' "$src/include/mcsim.h"); do
    printf '%s\n' "$exported" | grep -qx "$fn" || problems+=("$fn (mcsim.h) not exported")
done
[ "$(printf '%s\n' "$exported" | grep -c .)" -ge 30 ] || problems+=("only $(printf '%s\n' "$exported" | grep -c .) symbols exported")
report "the library exports the mcsim_* functions of mcsim.h (and the command's entry), nothing of the engine"

# --- the installed command --------------------------------------------------------
"$p/bin/mcsim" --version >version.txt 2>&1 || problems+=("installed mcsim --version failed: $(head -n 2 version.txt)")
grep -q "^mcsim $version\$" version.txt || problems+=("--version does not say mcsim $version")
report "the installed mcsim finds its library (RUNPATH \$ORIGIN/../lib) and says version $version"

# --- the worked example of docs/api.md -------------------------------------------------
awk '/<!-- example: api_example.c -->/ {take = 1; next} take && /^```c$/ {inside = 1; next}
     inside && /^```$/ {exit} inside {print}' "$src/docs/api.md" >api_example.c
[ -s api_example.c ] || problems+=("no example (<!-- example: api_example.c --> and a \`\`\`c block) in docs/api.md")

# check_example OUTPUT: the three strikes, each within 4 std errors of Black-Scholes
check_example() {
    grep -q "^libmcsim $version on the cpu\$" "$1" || problems+=("$1: no 'libmcsim $version on the cpu' line")
    local n
    n=$(awk '/^strike=[0-9]+: / {
            v = $2; se = $4; bs = $6; sub(/\)$/, "", bs)
            if (se > 0 && (v - bs) ^ 2 <= 16 * se * se) ok++; else bad++
        } END { print ok + 0, bad + 0 }' "$1")
    [ "$n" = "3 0" ] || problems+=("$1: strikes within 4 std errors of Black-Scholes: $n (ok, not): $(cat "$1")")
}

export PKG_CONFIG_PATH=$p/lib/pkgconfig
[ "$(pkg-config --modversion mcsim)" = "$version" ] || problems+=("pkg-config --modversion: $(pkg-config --modversion mcsim 2>&1)")
# shellcheck disable=SC2046
"$cc" -Wall -Werror ${san[@]+"${san[@]}"} -o example_pc api_example.c $(pkg-config --cflags --libs mcsim) \
    -Wl,-rpath,"$(pkg-config --variable=libdir mcsim)" 2>cc.log || problems+=("pkg-config build failed: $(head -n 5 cc.log)")
if [ -x example_pc ]; then
    ./example_pc >out_pc.txt 2>&1 || problems+=("example (pkg-config) failed: $(head -n 3 out_pc.txt)")
    check_example out_pc.txt
fi
report "docs/api.md's example builds with pkg-config (version $version), runs and prices within 4 std errors"

mkdir -p cm
cp api_example.c cm/
cat >cm/CMakeLists.txt <<CMAKE
cmake_minimum_required(VERSION 3.22)
project(api_example C)
find_package(mcsim $major.0 REQUIRED)
add_executable(api_example api_example.c)
target_link_libraries(api_example PRIVATE mcsim::mcsim)
CMAKE
if "$cmake" -S cm -B cm/build -DCMAKE_PREFIX_PATH="$p" -DCMAKE_C_FLAGS="${san[*]}" \
    -DCMAKE_EXE_LINKER_FLAGS="${san[*]}" >cm.log 2>&1 &&
    "$cmake" --build cm/build >>cm.log 2>&1; then
    cm/build/api_example >out_cm.txt 2>&1 || problems+=("example (find_package) failed: $(head -n 3 out_cm.txt)")
    check_example out_cm.txt
else
    problems+=("find_package(mcsim) build failed: $(tail -n 5 cm.log)")
fi
sed -i "s/find_package(mcsim $major.0 REQUIRED)/find_package(mcsim $((major + 1)).0 REQUIRED)/" cm/CMakeLists.txt
"$cmake" -S cm -B cm/build3 -DCMAKE_PREFIX_PATH="$p" >cm3.log 2>&1 &&
    problems+=("find_package(mcsim $((major + 1)).0) accepted version $version")
report "docs/api.md's example builds with find_package(mcsim) (target mcsim::mcsim), runs and prices within 4 std errors; another major version is refused"

# --- relocated -------------------------------------------------------------------------
mv "$p" "$tmp/moved"
export PKG_CONFIG_PATH=$tmp/moved/lib/pkgconfig
# shellcheck disable=SC2046
"$cc" ${san[@]+"${san[@]}"} -o example_moved api_example.c $(pkg-config --cflags --libs mcsim) \
    -Wl,-rpath,"$(pkg-config --variable=libdir mcsim)" 2>cc.log && ./example_moved >out_moved.txt 2>&1 ||
    problems+=("the moved prefix: $(head -n 3 cc.log out_moved.txt 2>/dev/null)")
[ -f out_moved.txt ] && check_example out_moved.txt
"$tmp/moved/bin/mcsim" --version >/dev/null 2>&1 || problems+=("the moved bin/mcsim does not start")
report "the prefix moved elsewhere: pkg-config's paths follow it, bin/mcsim still finds its library"

finish
