"""Test-suite settings shared by every test folder."""

import os

from hypothesis import settings

# CI must be reproducible: property tests replay the same examples every run. For a wider,
# random search run `HYPOTHESIS_PROFILE=explore python -m pytest tests/fuzz`.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
