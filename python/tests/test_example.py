"""test_example.py - docs/examples/python_tour.py, the tour docs/python.md
shows, runs as a plain script and writes its PNG."""
import os
import subprocess
import sys

import pytest

from conftest import REPO

pytest.importorskip("matplotlib")


def test_python_tour_writes_its_png(tmp_path):
    out = tmp_path / "tour.png"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    p = subprocess.run([sys.executable, str(REPO / "docs" / "examples" / "python_tour.py"),
                        "--paths", "20000", "--backend", "cpu", "--out", str(out)],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert p.returncode == 0, p.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 20_000
    assert "implied volatility of the Asian" in p.stdout and f"wrote {out}" in p.stdout
