"""Static analysis (over `durakc.ir.build`): `checks.analyse`, rules a checked spec sets that can
never take effect (by topic in `cards`, `round`, `results`)."""
