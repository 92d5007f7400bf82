"""The C target: one standalone C99 engine (source + header) per variant, from the same IR.

`render_c(spec)` returns ``{file name: text}`` for ``<module>.c`` and ``<module>.h``;
`unsupported(spec)` lists what a spec asks that the C target can not build (as
diagnostics naming the key).  The Python binding lives in `durakc.native`.
"""

from durakc.targets.c import capabilities
from durakc.targets.c.render import (
    CTargetError,
    c_files,
    c_sources_or_problems,
    render_c,
    unsupported,
)

__all__ = ["CTargetError", "c_files", "c_sources_or_problems", "capabilities", "render_c", "unsupported"]
