"""setup.py - builds the mcsim Python package (docs/python.md, "Install"):
libmcsim from the enclosing mcsim repository by CMake (with the GPU module
when CMake finds a CUDA compiler), copied into the package as mcsim/_lib/;
the package's version is the header's MCSIM_VERSION_STRING.

Environment:
  MCSIM_CMAKE_BUILD_DIR=DIR  take the library from this build tree of the
                             repository, built already (make test-python, the
                             ctest entry `python`), instead of building one
  MCSIM_CMAKE_ARGS="..."     more arguments for the private configure
                             (e.g. -DMCSIM_CUDA=OFF)
  MCSIM_USE_INSTALLED=1      bundle nothing: the package loads an installed
                             libmcsim (ldconfig, pkg-config) at import
  MCSIM_SOURCE_DIR=DIR       the repository, when python/ was copied elsewhere
"""
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SOURCE = Path(os.environ.get("MCSIM_SOURCE_DIR") or HERE.parent).resolve()
HEADER = SOURCE / "include" / "mcsim.h"


def library_version():
    """The header's MCSIM_VERSION_STRING, else an installed libmcsim's
    (pkg-config), else an error saying what to do."""
    if HEADER.exists():
        m = re.search(r'#define\s+MCSIM_VERSION_STRING\s+"([^"]+)"', HEADER.read_text())
        if m:
            return m.group(1)
    try:
        version = subprocess.run(["pkg-config", "--modversion", "mcsim"], capture_output=True,
                                 text=True, check=True).stdout.strip()
        if version:
            return version
    except (OSError, subprocess.CalledProcessError):
        pass
    raise SystemExit(f"mcsim setup: no {HEADER} (build from the mcsim repository, or set "
                     "MCSIM_SOURCE_DIR) and no installed libmcsim (pkg-config mcsim)")


VERSION = library_version()
MAJOR = VERSION.split(".")[0]


def cmake(*args):
    print("mcsim setup: cmake " + " ".join(map(str, args)), flush=True)
    subprocess.run(["cmake", *map(str, args)], check=True)


def build_libmcsim(build_temp):
    """The build tree holding libmcsim: MCSIM_CMAKE_BUILD_DIR as it is, else
    a Release build of the repository (no tests) in setuptools' build_temp."""
    given = os.environ.get("MCSIM_CMAKE_BUILD_DIR")
    if given:
        return Path(given).resolve()
    tree = Path(build_temp).resolve() / "cmake"
    flags = ["-DCMAKE_BUILD_TYPE=Release", "-DBUILD_TESTING=OFF"]
    nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc"
                                    if os.access("/usr/local/cuda/bin/nvcc", os.X_OK) else None)
    if nvcc:  # as the Makefile: CMake finds nvcc in /usr/local/cuda/bin too
        flags.append(f"-DCMAKE_CUDA_COMPILER={nvcc}")
    cmake("-S", SOURCE, "-B", tree, *flags, *shlex.split(os.environ.get("MCSIM_CMAKE_ARGS", "")))
    cmake("--build", tree, "-j", str(os.cpu_count() or 2))
    return tree


def find_one(tree, name):
    found = sorted(p for p in tree.rglob(name) if "CMakeFiles" not in p.parts)
    return found[0].resolve() if found else None


class BuildPy(build_py):
    """build_py, then the version file and the bundled libraries."""

    def run(self):
        super().run()
        package = Path(self.build_lib) / "mcsim"
        (package / "_version.py").write_text(
            f'"""The libmcsim version this package was built for (written by setup.py)."""\n'
            f'version = "{VERSION}"\n')
        if os.environ.get("MCSIM_USE_INSTALLED") == "1" or not HEADER.exists():
            print("mcsim setup: no library bundled; the package loads an installed libmcsim")
            return
        tree = build_libmcsim(self.get_finalized_command("build").build_temp)
        library = find_one(tree, f"libmcsim.so.{MAJOR}")
        if library is None:
            raise SystemExit(f"mcsim setup: the build in {tree} made no libmcsim.so.{MAJOR}")
        bundle = package / "_lib"
        shutil.rmtree(bundle, ignore_errors=True)
        bundle.mkdir()
        shutil.copy2(library, bundle / f"libmcsim.so.{MAJOR}")
        module = find_one(tree, "libmcsim_gpu.so")
        if module is not None:
            shutil.copy2(module, bundle / "libmcsim_gpu.so")
        print(f"mcsim setup: bundled {library}" + (f" and {module}" if module else
                                                   " (no GPU module: CPU only)"))


class BinaryDistribution(Distribution):
    """The wheel holds a shared library: platform-specific, not pure Python."""

    def has_ext_modules(self):
        return True


setup(version=VERSION, cmdclass={"build_py": BuildPy}, distclass=BinaryDistribution)
