"""test_package.py - the package as installed: its version is the C
library's (include/mcsim.h), a library of another major version is refused
at import with a clear error, the library pip bundled is the one loaded
(MCSIM_EXPECT_BUNDLED=1: python_test.sh), and no Python source names a
model, payoff or key of the type tables."""
import os
import re
from pathlib import Path

import pytest

import mcsim
from mcsim import _capi
from conftest import REPO


def header_version():
    text = (REPO / "include" / "mcsim.h").read_text()
    return re.search(r'MCSIM_VERSION_STRING\s+"([^"]+)"', text).group(1)


def test_version_is_the_librarys():
    assert mcsim.__version__ == header_version()
    assert mcsim.library_version.split(".")[0] == mcsim.__version__.split(".")[0]


def test_other_major_version_refused(monkeypatch):
    major = int(mcsim.__version__.split(".")[0])
    monkeypatch.setattr(_capi, "PACKAGE_VERSION", f"{major + 1}.0.0")
    with pytest.raises(ImportError, match=rf"needs libmcsim {major + 1}\.x .* is {mcsim.library_version}"):
        _capi._check_version()
    monkeypatch.setattr(_capi, "PACKAGE_VERSION", f"{major}.999.0")  # a newer minor: may lack calls
    with pytest.raises(ImportError, match="at least"):
        _capi._check_version()


@pytest.mark.skipif(os.environ.get("MCSIM_EXPECT_BUNDLED") != "1", reason="not a pip install test")
def test_pip_install_bundled_the_library():
    package = Path(mcsim.__file__).resolve().parent
    assert Path(mcsim.library_path).resolve().parent == package / "_lib"
    assert "site-packages" in str(package) and (package / "_version.py").exists()


def test_no_python_source_names_a_type_or_key():
    """Models, payoffs and keys come from the C tables; the package's own
    code names none (docstrings and messages aside, which quote examples)."""
    names = {k.key for k in mcsim.keys()} | {c for k in mcsim.keys() for c in k.choices}
    names -= {"type", "file", "log", "yes", "no", "auto",  # words of any code
              "paths"}  # also a column of the HDF5 convergence table (_logs.py)
    for source in (Path(mcsim.__file__).parent).glob("*.py"):
        code = re.sub(r'"""[\s\S]*?"""', "", source.read_text())  # docstrings
        code = re.sub(r"#.*", "", code)
        for literal in re.findall(r"""["']([A-Za-z_.-]+)["']""", code):
            word = literal.split(".")[-1]
            assert word not in names or literal == "volatility", (source.name, literal)


@pytest.mark.skipif(not os.environ.get("MCSIM_BUILD_DIR"), reason="needs MCSIM_BUILD_DIR (python_test.sh)")
def test_an_installed_library_is_found_through_pkg_config(tmp_path):
    """`cmake --install` to a prefix, then the package without a bundled
    library and without MCSIM_LIBRARY finds it through pkg-config."""
    import subprocess
    import sys
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", os.environ["MCSIM_BUILD_DIR"], "--prefix", str(prefix)],
                   check=True, capture_output=True)
    pc = next(prefix.glob("lib*/pkgconfig/mcsim.pc"))
    env = {k: v for k, v in os.environ.items() if k != "MCSIM_LIBRARY"}
    env.update(PKG_CONFIG_PATH=str(pc.parent), PYTHONPATH=str(REPO / "python"))
    code = ("import mcsim; print(mcsim.library_path); "
            f"print(mcsim.price(r'{REPO / 'configs' / 'european.ini'}', backend='cpu', "
            "paths=1000).price)")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       cwd=tmp_path, timeout=120)
    assert p.returncode == 0, p.stderr
    path, price = p.stdout.split()
    assert Path(path).resolve().parent == pc.parent.parent.resolve() and float(price) > 0
