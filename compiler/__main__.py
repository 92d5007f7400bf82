"""`python -m durakc ...` behaves exactly like `durakc ...`."""

import sys

try:
    from durakc.cli import main
except ModuleNotFoundError as exc:  # `python -m compiler` in a checkout that was never installed
    sys.exit(f"error: {exc.msg}: install the project first (`python -m pip install -e .`, "
             "README, Set up), then run `durakc ...` or `python -m durakc ...`")

sys.exit(main())
