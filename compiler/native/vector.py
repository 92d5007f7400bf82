"""The batched RL environment's extension: `vecenv.c` over one bundled variant's C engine.

A second extension module per variant, `_durak_vecenv_<module>`: its unit includes the
engine's `.c` file itself (the engine's legal-action generator, apply and bots are static
there), then `vecenv.c`.  Cached like the engine's extension (`build.cache_dir`), by the hash
of its sources, so a changed engine or `vecenv.c` is rebuilt and an unchanged one never is.
"""

from __future__ import annotations

import hashlib
import sys
import sysconfig
from pathlib import Path

from durakc.ir.build import module_name
from durakc.native.build import (
    NativeUnavailable,
    cache_dir,
    compile_flags,
    compile_into,
    find_compiler,
    import_extension,
    unavailable_reason,
)
from durakc.native.engine import c_sources

VECENV = Path(__file__).resolve().parent / "vecenv.c"
VECENV_CATCH = VECENV.with_name("vecenv_catch.c")  # included by vecenv.c (HR34's catches)


def _unit(module: str, constants: str) -> str:
    prefix = f"durak_{module}_"
    return (f"/* durakc batched RL environment unit for {module} (generated at build time) */\n"
            f"#define DK_PREFIX {prefix}\n#define DK_UPPER {prefix.upper()}\n"
            f"#define DK_MODULE _durak_vecenv_{module}\n"
            "#define PY_SSIZE_T_CLEAN\n#include <Python.h>  /* before any standard header */\n"
            f'#include "{module}.c"\n{constants}#include "vecenv.c"\n')


def load_vector_extension(variant: str, constants: str):
    """The imported `_durak_vecenv_<module>` extension of bundled variant `variant` (built on
    first use), `constants` the C enums vecenv.c reads (durakc.rl.vector_native.c_constants);
    NativeUnavailable without a C compiler or when compiling fails."""
    reason = unavailable_reason()
    if reason:
        raise NativeUnavailable(reason)
    module = module_name(variant)
    name = f"_durak_vecenv_{module}"
    if name in sys.modules:
        return sys.modules[name]
    c_source, header = c_sources(variant)
    cc = find_compiler() or "cc"
    flags = compile_flags()
    unit = _unit(module, constants)
    vecenv = VECENV.read_text(encoding="utf-8")
    catches = VECENV_CATCH.read_text(encoding="utf-8")
    digest = hashlib.sha256("\0".join([c_source, header, vecenv, catches, unit, sys.version, cc, *flags,
                                       sysconfig.get_config_var("EXT_SUFFIX") or ""]).encode())
    folder = cache_dir() / f"vecenv-{module}-{digest.hexdigest()[:16]}"
    target = folder / f"{name}{sysconfig.get_config_var('EXT_SUFFIX') or '.so'}"
    if not target.exists():
        compile_into(cc, flags, target, {f"{module}.c": c_source, f"{module}.h": header,
                                         "vecenv.c": vecenv, "vecenv_catch.c": catches,
                                         "unit.c": unit}, ["unit.c"], [],
                     f"native vector env unavailable: compiling {target.name}")
    return import_extension(module, target, name)

