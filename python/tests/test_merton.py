"""test_merton.py - the package prices Merton's jump-diffusion (a model
added after the package, with no change to its Python code): the shipped
configs/merton.ini and a high-intensity put through mcsim.price, within 4
standard errors of Merton's series (tests/reference/merton_refs.h: mpmath,
cross-checked by Fourier inversion and QuantLib), at one step and many."""
import pytest

import mcsim
from conftest import REPO

# tests/reference/merton_refs.h: "standard call, 1 step" and "high intensity put, 100 steps"
STANDARD_CALL = 12.761288593628755
HIGH_INTENSITY_PUT = 14.28427277860045


@pytest.mark.parametrize("steps", [1, 52])
def test_merton_config_within_4_std_errors_of_the_series(steps):
    r = mcsim.price(REPO / "configs" / "merton.ini", backend="cpu", threads=2, paths=400000,
                    seed=3, steps=steps)
    assert r.analytic_source.startswith("Merton")
    assert abs(r.analytic - STANDARD_CALL) < 1e-9
    assert abs(r.price - STANDARD_CALL) < 4 * r.std_error
    assert r.warnings == []


def test_merton_keys_as_arguments():
    r = mcsim.price(REPO / "configs" / "merton.ini", backend="cpu", threads=2, paths=400000,
                    seed=4, jump_intensity=5, option__type="put", steps=100, precision="double")
    assert abs(r.price - HIGH_INTENSITY_PUT) < 4 * r.std_error
    assert r.parameters["jump_intensity"] == 5


def test_too_many_jumps_a_step_is_the_commands_error():
    with pytest.raises(mcsim.ConfigError, match="raise \\[simulation\\] steps to at least 2"):
        mcsim.price(REPO / "configs" / "merton.ini", backend="cpu", paths=1000, jump_intensity=8)
