"""The engine-loading layer: below sim, native, rl, web and commands (issue 30 item 4).

`engines` finds an engine module for a VARIANT reference (bundled name, spec file, engine
file).
"""
