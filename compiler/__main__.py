"""`python -m durakc ...` behaves exactly like `durakc ...`."""

import sys

from durakc.cli import main

sys.exit(main())
