"""The intermediate form (over `durakc.spec`): `build` turns a checked spec into what the
templates need, with its sections (`beats`, `decks`, `play`, `results`, `sets`, `transfer`;
the typed ones in `sections`, `groups` and `rule_groups`), the hook points (`hooks`), the
sizes of opening conditions (`opening_sizes`) and spec data as Python literals
(`pyliteral`)."""
