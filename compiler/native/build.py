"""Compiling a generated C engine and its CPython binding into an extension module.

The C sources are the checked-in `generated/<module>.c` and `.h` of a bundled variant (or
any pair rendered by `durakc.targets.c`).  The extension is cached by the hash of its
sources, the binding and the Python ABI, under $DURAKC_NATIVE_CACHE or
~/.cache/durakc/native, so a changed engine is rebuilt and an unchanged one never is.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.machinery
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

BINDING = Path(__file__).resolve().parent / "binding.c"
STRUCTURAL = BINDING.parent / "binding_structural.c"  # included by binding.c
STOP = BINDING.parent / "binding_stop.c"  # included by binding.c: Ctrl-C in long C runs


class NativeUnavailable(RuntimeError):
    """The native backend can not be used here (no C compiler, or the build failed)."""


def find_compiler() -> str | None:
    """The C compiler to use: $CC, else cc, gcc or clang on the PATH; None when there is none."""
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name.split()[0]):
            return name
    return None


def unavailable_reason() -> str | None:
    """Why the native backend can not be built here (no compiler, no Python headers), or None."""
    if find_compiler() is None:
        return "native backend unavailable: no C compiler (cc) found"
    include = Path(sysconfig.get_paths()["include"])
    if not (include / "Python.h").exists():
        return f"native backend unavailable: no Python headers (Python.h) in {include}"
    return None


POPCNT_ENV = "DURAKC_NATIVE_POPCNT"
"""Set to 0 to build the portable popcount even where the CPU has the instruction."""

_X86 = ("x86_64", "amd64", "i386", "i686", "x86")


def compile_flags() -> list[str]:
    """The optimisation flags of the extension: `-O2`, and `-mpopcnt` on an x86 CPU that has
    the instruction (issue 19, 6b: a hand is a 64-bit mask, so counting cards is a popcount).
    Elsewhere, or with $DURAKC_NATIVE_POPCNT=0, the engine's portable popcount (cards.c.j2);
    both count the same, so every game is the same."""
    return ["-O2", "-mpopcnt"] if has_popcnt() else ["-O2"]


def has_popcnt() -> bool:
    """Whether to build with `-mpopcnt` here: an x86 CPU with POPCNT and a compiler that takes
    the flag (see compile_flags)."""
    if os.environ.get(POPCNT_ENV, "1") == "0" or platform.machine().lower() not in _X86:
        return False
    cc = find_compiler()
    return cc is not None and _cpu_popcnt(cc)


@functools.cache
def _cpu_popcnt(cc: str) -> bool:
    """The CPU's POPCNT flag: /proc/cpuinfo on Linux, else a probe asking the CPU at run time
    (__builtin_cpu_supports), compiled with `cc -mpopcnt` (which checks the flag too)."""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists() and _accepts_popcnt(cc):
        flags = [line for line in cpuinfo.read_text(errors="replace").splitlines()
                 if line.startswith("flags")]
        return bool(flags) and "popcnt" in flags[0].split()
    return _probe(cc)


def _accepts_popcnt(cc: str) -> bool:
    """Does `cc` take -mpopcnt? (it checks nothing about the CPU)"""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text("int probe(unsigned long long m) { return __builtin_popcountll(m); }\n")
        try:
            done = subprocess.run([*cc.split(), "-mpopcnt", "-c", str(source), "-o",
                                   str(Path(tmp) / "probe.o")], capture_output=True, check=False)
        except OSError:
            return False
        return done.returncode == 0


def _probe(cc: str) -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        source, program = Path(tmp) / "probe.c", Path(tmp) / "probe"
        source.write_text("int main(void)\n{\n    __builtin_cpu_init();\n"
                          "    return __builtin_cpu_supports(\"popcnt\") ? 0 : 1;\n}\n")
        try:
            built = subprocess.run([*cc.split(), "-mpopcnt", str(source), "-o", str(program)],
                                   capture_output=True, check=False)
            return built.returncode == 0 and subprocess.run([str(program)], check=False).returncode == 0
        except OSError:
            return False


def cache_dir() -> Path:
    """Where built extensions are kept."""
    root = os.environ.get("DURAKC_NATIVE_CACHE")
    if root:
        return Path(root)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "durakc" / "native"


def _unit(module: str, header: str, prefix: str) -> str:
    """The per-variant C unit: names the engine's prefixes, then includes the binding."""
    return (f"/* durakc native binding unit for {module} (generated at build time) */\n"
            f"#define DK_PREFIX {prefix}\n#define DK_UPPER {prefix.upper()}\n"
            f"#define DK_MODULE _durak_native_{module}\n"
            f'#include "{header}"\n#include "binding.c"\n')


def build_extension(module: str, c_source: str, header: str, *, force: bool = False) -> Path:
    """The path of the built extension for engine `module` (compiled if not cached).

    `c_source` and `header` are the texts of `<module>.c` and `<module>.h`.
    Raises NativeUnavailable without a compiler or when compiling fails.
    """
    reason = unavailable_reason()
    if reason:
        raise NativeUnavailable(reason)
    cc = find_compiler()
    flags = compile_flags()
    prefix = f"durak_{module}_"
    unit = _unit(module, f"{module}.h", prefix)
    digest = hashlib.sha256("\0".join([
        c_source, header, BINDING.read_text(encoding="utf-8"), STRUCTURAL.read_text(encoding="utf-8"),
        STOP.read_text(encoding="utf-8"),
        unit, sys.version,
        sysconfig.get_config_var("EXT_SUFFIX") or "", cc, *flags]).encode()).hexdigest()[:16]
    folder = cache_dir() / f"{module}-{digest}"
    target = folder / f"_durak_native_{module}{sysconfig.get_config_var('EXT_SUFFIX') or '.so'}"
    if target.exists() and not force:
        return target
    compile_into(cc, flags, target, {f"{module}.c": c_source, f"{module}.h": header, "unit.c": unit},
                 ["unit.c", f"{module}.c"], [BINDING.parent], f"native backend unavailable: compiling {module}")
    return target


def compile_into(cc: str, flags: list, target: Path, files: dict[str, str], sources: list[str],
                 include: list[Path], failure: str) -> None:
    """Write `files` into `target`'s folder and compile `sources` (of them) into the shared
    library `target`, atomically (parallel builds of the same sources agree).  Raises
    NativeUnavailable, starting with `failure`, when the compiler can not run or fails."""
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    command = [*cc.split(), *flags, "-shared", "-fPIC", "-I", str(folder),
               *(arg for path in include for arg in ("-I", str(path))),
               "-I", sysconfig.get_paths()["include"], *(str(folder / s) for s in sources),
               "-o", str(tmp)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError as exc:
        raise NativeUnavailable(f"native backend unavailable: can not run {cc}: {exc}") from None
    if done.returncode != 0:
        raise NativeUnavailable(f"{failure} failed:\n{done.stderr.strip()}")
    os.replace(tmp, target)


def import_extension(module: str, path: Path, name: str | None = None):
    """Import the built extension at `path` (module `name`, by default the engine's
    `_durak_native_<module>`)."""
    name = name or f"_durak_native_{module}"
    if name in sys.modules:
        return sys.modules[name]
    loader = importlib.machinery.ExtensionFileLoader(name, str(path))
    spec = importlib.util.spec_from_file_location(name, str(path), loader=loader)
    ext = importlib.util.module_from_spec(spec)
    loader.exec_module(ext)
    sys.modules[name] = ext
    return ext
