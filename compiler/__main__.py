"""`python -m compiler ...` behaves exactly like `durakc ...`."""

import sys

from compiler.cli import main

sys.exit(main())
