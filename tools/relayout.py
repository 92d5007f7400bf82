#!/usr/bin/env python3
"""Issue 30 item 4 (part B): the compile half of `compiler/` into packages named for their layer.

Run once, from the root of a checkout (clean work tree advised), after every branch that still
uses the flat layout is merged:

    python tools/relayout.py            # moves (git mv) and rewrites; prints what it did
    python tools/relayout.py --dry-run  # only checks that the table fits this checkout

It runs nothing else but ruff's import sorter over the Python files it rewrote (generated/
excepted): afterwards run `pip install -e .`, `durakc build && durakc check`, ruff, the tests.  `MOVES` below is the whole layout change (old path -> new path, both under compiler/);
every reference to a moved module is then rewritten by that table in every file git tracks
(compiler/, tests/, generated/, docs, README, pyproject, .ci/, tools/), files never seen before
included:

- dotted names anywhere (`durakc.ir_play`, in imports, `import_module("durakc.X")`, monkeypatch
  targets, mypy's module lists, docs): `durakc.<old>` -> `durakc.<new>`;
- `from durakc import X` of a moved module: `from durakc.<new package> import <leaf> as X`;
- relative imports (`from .X import`, `from . import X`, `from .. import`) inside compiler/ that
  reach a moved module, or sit in a moved file: made absolute, then rewritten as above;
- paths (`compiler/ir.py`, `durakc/expr.lark` in an installed layout), a moved folder's paths
  relative to compiler/ (`ctarget/openings.py`) and, in tests/, .ci/ and tools/, quoted paths
  relative to compiler/ (`"analysis.py"`);
- pyproject: every package folder under compiler/ listed in `packages`, `*.lark` package data
  following the grammar to `durakc.expr`;
- `FIXUPS`: the few lines that depend on a module's own folder (templating's templates path).

A flat module whose name says it belongs to a moved layer (`expr_*`, `ir_*`, `analysis_*`,
`schema*`, `yaml*`, `spec*`) but that is not in `MOVES` stops the run before anything changes
(add it to the table).  Exit status: 0 done, 2 the checkout does not fit the table.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

# Old path -> new path, relative to compiler/.  Lowest layer first; a folder moves whole.
MOVES: dict[str, str] = {
    # schema: every rule key and the expression vocabulary (imports nothing of durakc)
    "schema.py": "schema/keys.py",
    "schema_envs.py": "schema/envs.py",
    "schema_text.py": "schema/text.py",
    # yamltree: YAML files as position-tracked trees (imports only diagnostics)
    "yamlsrc.py": "yamltree/read.py",
    "yamlnodes.py": "yamltree/nodes.py",
    "yamloffsets.py": "yamltree/offsets.py",
    "yamlerrors.py": "yamltree/errors.py",
    # expr: the expression language (over schema)
    "expr.lark": "expr/expr.lark",
    "expressions.py": "expr/language.py",
    "expr_syntax.py": "expr/syntax.py",
    "expr_nodes.py": "expr/nodes.py",
    "expr_types.py": "expr/type_rules.py",
    "expr_check.py": "expr/check.py",
    "expr_check_sets.py": "expr/check_sets.py",
    "expr_sets.py": "expr/sets.py",
    "expr_simplify.py": "expr/simplify.py",
    "expr_partial.py": "expr/partial.py",
    "expr_ranges.py": "expr/ranges.py",
    "expr_sizes.py": "expr/sizes.py",
    "expr_c.py": "expr/emit_c.py",
    "domains.py": "expr/domains.py",
    # spec (already a package): loading and checking a spec file; its JSON Schema joins it
    "specschema.py": "spec/json_schema.py",
    # ir: a checked spec turned into what the templates need
    "ir.py": "ir/build.py",
    "ir_beats.py": "ir/beats.py",
    "ir_decks.py": "ir/decks.py",
    "ir_play.py": "ir/play.py",
    "ir_results.py": "ir/results.py",
    "ir_sets.py": "ir/sets.py",
    "ir_transfer.py": "ir/transfer.py",
    "hooks.py": "ir/hooks.py",
    "opening_sizes.py": "ir/opening_sizes.py",
    "pyliteral.py": "ir/pyliteral.py",
    # analysis: warnings for rules that can never take effect
    "analysis.py": "analysis/checks.py",
    "analysis_cards.py": "analysis/cards.py",
    "analysis_results.py": "analysis/results.py",
    "analysis_round.py": "analysis/round.py",
    # targets: the IR rendered as engine source, Python and C
    "templating.py": "targets/templating.py",
    "codegen.py": "targets/python/codegen.py",
    "ctarget": "targets/c",
}

# New packages (relative to compiler/) and the docstring of each one's __init__.py.
PACKAGES: dict[str, str] = {
    "schema": "The spec schema, the lowest layer of the compile half: every rule key "
              "(`keys`),\nthe expression language's vocabulary (`envs`), the README's "
              "reference tables (`text`).",
    "yamltree": "YAML spec files as position-tracked trees (`read`: reading and composing; "
                "`nodes`: the\nnodes and their source text; `offsets`: the column of each "
                "character of a scalar; `errors`:\nsyntax errors in plain words).",
    "expr": "The expression language (over `durakc.schema`): the public API in `language` "
            "(`compile_expr`,\n`Expr`), the grammar `expr.lark`, parsing (`syntax`), the typed "
            "tree (`nodes`), checking\n(`check`, `check_sets`, `type_rules`), `simplify`, "
            "`emit_c`, integer `ranges`, the `sizes` a condition\nallows, `partial` evaluation "
            "and the finite `domains` of names.",
    "ir": "The intermediate form (over `durakc.spec`): `build` turns a checked spec into what "
          "the\ntemplates need, with its sections (`beats`, `decks`, `play`, `results`, "
          "`sets`, `transfer`), the\nhook points (`hooks`), the sizes of opening conditions "
          "(`opening_sizes`) and spec data as\nPython literals (`pyliteral`).",
    "analysis": "Static analysis (over `durakc.ir`): `checks.analyse`, rules a checked "
                "spec sets that can\nnever take effect (by topic in `cards`, `round`, "
                "`results`).",
    "targets": "The code generation targets (over `durakc.ir`): the Jinja2 environment both "
               "use\n(`templating`), the Python engines (`python`) and the C engines (`c`).",
    "targets/python": "The Python target: `codegen.render_engine`, the IR through the "
                      "Jinja2 templates.",
}

# (new path under compiler/, old text, new text): lines that name their own folder.
FIXUPS: list[tuple[str, str, str]] = [
    ("targets/templating.py", 'Path(__file__).resolve().parent / "templates"',
     'Path(__file__).resolve().parent.parent / "templates"'),
]

# Flat modules with these prefixes belong to a moved layer: each must be in MOVES.
LAYER_PREFIXES = ("expr_", "ir_", "analysis", "schema", "yaml", "spec")

# Files left as they are: this script's tests, whose inputs name the flat layout on purpose.
KEEP = ("tests/unit/test_relayout.py",)

SKIP_SUFFIXES = (".png", ".jpg", ".gif", ".ico", ".pdf", ".whl", ".gz", ".zip", ".so", ".wasm")


_DONE = "durakc\0"
"""Stands for `durakc` in a name already rewritten, so that no later rule rewrites it again."""


class Misfit(Exception):
    """The checkout does not fit the table (nothing has been changed)."""


# ---------------------------------------------------------------------------
# The table as module names
# ---------------------------------------------------------------------------
def dotted(rel: str) -> str:
    """`ir/build.py` -> `durakc.ir.build`; a folder names its package."""
    rel = rel.removesuffix(".py").removesuffix("/__init__")
    return "durakc." + rel.replace("/", ".")


def module_moves() -> dict[str, str]:
    """{old dotted name: new dotted name} of every moved module and package."""
    return {dotted(old): dotted(new) for old, new in MOVES.items()
            if old.endswith(".py") or "." not in old}


def _alternation(names) -> str:
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


class Rewriter:
    """Every rewrite of the table, applied to one file's text at a time."""

    def __init__(self) -> None:
        self.modules = module_moves()
        old_tails = [m.removeprefix("durakc.") for m in self.modules]
        self.dotted_re = re.compile(
            r"(?<![\w.])durakc\.(" + _alternation(old_tails) + r")(?!\w)"
            r"(?!\.(?:json|yaml|yml|md|txt|html)\b)")  # a file name such as durakc.schema.json
        self.path_re = re.compile(
            r"(?<![\w/.-])(compiler|durakc)/(" + _alternation(MOVES) + r")(?!\w)")
        folders = [old for old in MOVES if "." not in old]
        self.folder_re = re.compile(r"(?<![\w/.-])(" + _alternation(folders) + r")/")
        self.quoted_re = re.compile(
            r"""(["'])(""" + _alternation(MOVES) + r""")(?=["'/])""")
        self.from_durakc_re = re.compile(
            r"^([ \t]*)from durakc import (\([^)]*\)|[^\n]*)", re.MULTILINE)
        self.relative_re = re.compile(
            r"^([ \t]*)from (\.+)([\w.]*)( import )", re.MULTILINE)

    # -- imports ----------------------------------------------------------
    def absolute_relatives(self, text: str, old_module: str, is_package: bool,
                           moved_file: bool) -> str:
        """Relative imports of a compiler/ file made absolute (old names) where they reach a
        moved module or the file itself moved; other relative imports are left alone."""
        package = old_module if is_package else old_module.rpartition(".")[0]

        def replace(match: re.Match) -> str:
            indent, dots, rest, imp = match.groups()
            parts = package.split(".")
            parts = parts[:len(parts) - len(dots) + 1]
            base = ".".join(parts + ([rest] if rest else []))
            after = text[match.end():]
            names = after[:after.find(")") + 1] if after.startswith("(") else after.split("\n")[0]
            touches = (any(base == m or base.startswith(m + ".") for m in self.modules)
                       or any(f"{base}.{n}" in self.modules
                              for n in re.findall(r"\w+", names)))
            if not (moved_file or touches):
                return match.group(0)
            return f"{indent}from {base}{imp}"

        return self.relative_re.sub(replace, text)

    def split_from_durakc(self, text: str) -> str:
        """`from durakc import a, X as y` with X moved: one import per moved module."""
        def replace(match: re.Match) -> str:
            indent, body = match.groups()
            names_text, comment = body, ""
            if not body.startswith("("):
                names_text, _, comment = body.partition("#")
                comment = f"  #{comment}" if comment else ""
            else:
                names_text = re.sub(r"#[^\n]*", "", body.strip("()"))
            names = [n.strip() for n in names_text.split(",") if n.strip()]
            kept, lines = [], []
            for entry in names:
                name, _, alias = (p.strip() for p in entry.partition(" as "))
                new = self.modules.get(f"durakc.{name}")
                if new is None:
                    kept.append(entry)
                    continue
                parent, _, leaf = new.rpartition(".")
                bound = alias or name
                lines.append(f"{indent}from {parent.replace('durakc', _DONE, 1)} import {leaf}"
                             + ("" if bound == leaf else f" as {bound}"))
            if not lines:
                return match.group(0)
            if kept:
                lines.insert(0, f"{indent}from durakc import {', '.join(kept)}")
            return "\n".join(lines) + comment

        return self.from_durakc_re.sub(replace, text)

    # -- names and paths --------------------------------------------------
    def names(self, text: str) -> str:
        return self.dotted_re.sub(
            lambda m: self.modules["durakc." + m.group(1)], text)

    def paths(self, text: str) -> str:
        return self.path_re.sub(lambda m: f"{m.group(1)}/{MOVES[m.group(2)]}", text)

    def folders(self, text: str) -> str:
        """A moved folder's path relative to compiler/ (`ctarget/openings.py` in a comment)."""
        return self.folder_re.sub(lambda m: MOVES[m.group(1)] + "/", text)

    def quoted(self, text: str) -> str:
        return self.quoted_re.sub(lambda m: m.group(1) + MOVES[m.group(2)], text)

    def rewrite(self, text: str, *, python_in_compiler: tuple[str, bool, bool] | None,
                quoted_paths: bool) -> str:
        """The file's text with every reference moved to the new layout."""
        if python_in_compiler is not None:
            text = self.absolute_relatives(text, *python_in_compiler)
        text = self.split_from_durakc(text)
        text = self.names(text).replace(_DONE, "durakc")
        text = self.folders(self.paths(text))
        if quoted_paths:
            text = self.quoted(text)
        return text


# ---------------------------------------------------------------------------
# The checkout
# ---------------------------------------------------------------------------
def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True,
                          text=True).stdout


def check_fits(root: Path) -> None:
    """Raise Misfit unless every old path exists, no new one does, and every flat module of
    a moved layer is in the table."""
    compiler = root / "compiler"
    problems = [f"compiler/{old} is missing (already applied?)" for old in MOVES
                if not (compiler / old).exists()]
    problems += [f"compiler/{new} already exists" for new in MOVES.values()
                 if (compiler / new).exists()]
    problems += [f"compiler/{p}/__init__.py already exists" for p in PACKAGES
                 if (compiler / p / "__init__.py").exists()]
    for path in sorted(compiler.glob("*")):
        if (path.suffix in (".py", ".lark") and path.name.startswith(LAYER_PREFIXES)
                and path.name not in MOVES):
            problems.append(f"compiler/{path.name} belongs to a moved layer but is not in "
                            "MOVES: add it to the table in tools/relayout.py")
    if problems:
        raise Misfit("\n".join(problems))


def old_module_names(root: Path) -> dict[Path, tuple[str, bool, bool]]:
    """{new file path: (its old dotted name, is a package __init__, moved)} of every Python
    file under compiler/, computed before the move."""
    compiler = root / "compiler"
    found = {}
    for path in compiler.rglob("*.py"):
        rel = path.relative_to(compiler).as_posix()
        new_rel, moved = rel, False
        for old, new in MOVES.items():
            if rel == old or rel.startswith(old + "/"):
                new_rel, moved = new + rel[len(old):], True
        found[compiler / new_rel] = (dotted(rel), path.name == "__init__.py", moved)
    return found


def move(root: Path) -> None:
    """git mv every entry of MOVES; the new packages get their __init__.py."""
    compiler = root / "compiler"
    for package, doc in PACKAGES.items():
        (compiler / package).mkdir(parents=True, exist_ok=True)
    for old, new in MOVES.items():
        (compiler / new).parent.mkdir(parents=True, exist_ok=True)
        git(root, "mv", f"compiler/{old}", f"compiler/{new}")
        print(f"moved compiler/{old} -> compiler/{new}")
    for package, doc in PACKAGES.items():
        init = compiler / package / "__init__.py"
        init.write_text(f'"""{doc}"""\n', encoding="utf-8")
        git(root, "add", str(init.relative_to(root)))


def rewrite_all(root: Path, modules: dict[Path, tuple[str, bool, bool]]) -> list[str]:
    """Rewrite every tracked text file; the Python files changed."""
    rewriter = Rewriter()
    me = Path(__file__).resolve()
    changed: list[str] = []
    for rel in git(root, "ls-files", "-z").split("\0"):
        path = root / rel
        if (not rel or path.resolve() == me or rel in KEEP or rel.endswith(SKIP_SUFFIXES)
                or not path.is_file()):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        info = modules.get(path) if rel.endswith(".py") else None
        new = rewriter.rewrite(text, python_in_compiler=info,
                               quoted_paths=rel.startswith(("tests/", ".ci/", "tools/")))
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(rel)
    print(f"rewrote references in {len(changed)} files")
    return [rel for rel in changed if rel.endswith(".py")]


def sort_imports(root: Path, files: list[str]) -> None:
    """The rewritten imports in ruff's isort order (the project's lint checks I001)."""
    command = [sys.executable, "-m", "ruff", "check", "--fix", "--select", "I", "--quiet"]
    files = [f for f in files if not f.startswith("generated/")]
    if files and subprocess.run([*command, *files], cwd=root, check=False).returncode:
        print("ruff did not sort every import: run `ruff check --fix --select I compiler tests "
              "tools`", file=sys.stderr)


def fix_pyproject(root: Path) -> None:
    """Every package folder under compiler/ in `packages`; `*.lark` data with the grammar."""
    path = root / "pyproject.toml"
    text = path.read_text(encoding="utf-8")
    compiler = root / "compiler"
    found = sorted("durakc." + ".".join(p.parent.relative_to(compiler).parts)
                   for p in compiler.rglob("__init__.py") if p.parent != compiler)
    listed = re.search(r'^packages = \[("durakc",[^\]]*)\]', text, re.MULTILINE)
    if listed is None:
        raise Misfit(f"pyproject.toml: no `packages = [\"durakc\", ...]`; list {found} by hand")
    names = re.findall(r'"([\w.]+)"', listed.group(1))
    missing = [p for p in found if p not in names]
    tail = [n for n in names if n in ("durakc.engines", "durakc.variants")]
    names = [n for n in names if n not in tail] + missing + tail
    lines, line = [], "packages = ["
    for name in names:
        item = f'"{name}", '
        if len(line) + len(item) > 99:
            lines.append(line.rstrip())
            line = " " * len("packages = [")
        line += item
    lines.append(line.rstrip().rstrip(",") + "]")
    text = text[:listed.start()] + "\n".join(lines) + text[listed.end():]
    lark_data = '"py.typed", "*.lark", '
    grammar = MOVES["expr.lark"].rpartition("/")[0].replace("/", ".")
    if lark_data in text:
        text = text.replace(lark_data, '"py.typed", ', 1)
        anchor = "[tool.setuptools.package-data]\n"
        at = text.index(anchor) + len(anchor)
        end = text.index("]\n", at) + 2
        text = text[:end] + f'"durakc.{grammar}" = ["*.lark"]\n' + text[end:]
    else:
        print(f'pyproject.toml: no "*.lark" in durakc\'s package data: give durakc.{grammar} '
              '["*.lark"] by hand', file=sys.stderr)
    text = _mypy_modules_outside_packages(text)
    path.write_text(text, encoding="utf-8")
    print(f"pyproject.toml: packages added {missing}")


def _mypy_modules_outside_packages(text: str) -> str:
    """mypy refuses a module listed in [tool.mypy] `modules` that a listed package holds (a
    module moved into `durakc.spec` is then checked twice): such entries are dropped."""
    section = text.find("[tool.mypy]")
    packages = re.compile(r"^packages = \[([^\]]*)\]", re.MULTILINE).search(text, section)
    modules = re.compile(r"^modules = \[([^\]]*)\]", re.MULTILINE).search(text, section)
    if section < 0 or packages is None or modules is None:
        return text
    held = tuple(f"{p}." for p in re.findall(r'"([\w.]+)"', packages.group(1)))
    body = modules.group(1)
    for name in re.findall(r'"([\w.]+)"', body):
        if name.startswith(held):
            body = re.sub(rf'"{re.escape(name)}",\s*|,\s*"{re.escape(name)}"(?=\s*$)', "", body)
    return text[:modules.start(1)] + body + text[modules.end(1):]


def apply_fixups(root: Path) -> None:
    for rel, old, new in FIXUPS:
        path = root / "compiler" / rel
        text = path.read_text(encoding="utf-8")
        if old not in text:
            print(f"FIXUP NOT APPLIED: compiler/{rel} has no {old!r}; make it say {new!r}",
                  file=sys.stderr)
            continue
        path.write_text(text.replace(old, new), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the checkout (default: the one this script is in)")
    parser.add_argument("--dry-run", action="store_true", help="only check the table fits")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    try:
        check_fits(root)
    except Misfit as exc:
        print(f"relayout: the checkout does not fit the table, nothing changed:\n{exc}",
              file=sys.stderr)
        return 2
    if args.dry_run:
        print("relayout: the table fits this checkout")
        return 0
    modules = old_module_names(root)
    move(root)
    sort_imports(root, rewrite_all(root, modules))
    fix_pyproject(root)
    apply_fixups(root)
    git(root, "add", "-A", "compiler", "pyproject.toml")
    print("relayout: done; now `pip install -e .`, `durakc build`, `durakc check`, ruff, tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
