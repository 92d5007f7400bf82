"""Facts the README states that could go stale (issue 19 4e): counts of bundled variants, the
quick subset and how to run it."""

from __future__ import annotations

import re
from pathlib import Path

import tomllib

from durakc.spec import bundled_names
from tests.quick import QUICK_VARIANTS, is_quick, variant_of

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_no_stale_count_of_bundled_variants():
    """A number of bundled variants in the README is the number there are (better: none)."""
    count = len(bundled_names())
    for match in re.finditer(r"(\d+) bundled\s+variants", README):
        assert int(match.group(1)) == count, f"README says {match.group(0)}; there are {count}"


def test_the_quick_subset_is_documented_and_run_by_ci():
    assert "python -m pytest -n auto -m quick" in README
    assert "`.ci/run --quick`" in README
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert '"--quick"' in ci and "python -m pytest -n auto -m quick" in ci
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(m.startswith("quick:") for m in config["tool"]["pytest"]["ini_options"]["markers"])


def test_the_quick_variants_are_bundled():
    assert QUICK_VARIANTS <= set(bundled_names())


def test_the_variant_of_a_parametrization_id():
    names = ["podkidnoy", "podkidnoy-left", "transfer", "durak52", "pairs"]
    assert variant_of("transfer", names) == "transfer"
    assert variant_of("podkidnoy-left-3", names) == "podkidnoy-left"
    assert variant_of("podkidnoy-3p", names) == "podkidnoy"
    assert variant_of("durak52::T13-transfer-twice", names) == "durak52"
    assert variant_of("2-players", names) is None
    assert variant_of("transferred", names) is None


def test_quick_keeps_representative_variants_and_drops_slow_tests():
    names = sorted(bundled_names())
    assert is_quick("tests/x.py::test_a[transfer-2p]", "transfer-2p", names)
    assert not is_quick("tests/x.py::test_a[durak52-2p]", "durak52-2p", names)
    assert is_quick("tests/x.py::test_b", None, names)
    assert not is_quick("tests/cli/test_packaging.py::test_wheel", None, names)
    assert not is_quick("tests/sim/test_sim_dask.py::test_x[1]", "1", names)
