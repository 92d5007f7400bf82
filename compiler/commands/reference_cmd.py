"""`durakc reference`: the spec reference (rule keys and expression names) as Markdown."""

from __future__ import annotations

from pathlib import Path

from durakc.commands._common import usage_error
from durakc.schema.text import environment_table, reference_table

NAME = "reference"
HELP = "print the spec reference tables (or rewrite them in README.md with --write)"

START, END = "<!-- reference:start -->", "<!-- reference:end -->"


def reference_markdown() -> str:
    """The README's generated reference block, markers excluded."""
    return ("\n### Rule keys\n\n" + reference_table()
            + "\n\n### Expression names\n\n" + environment_table() + "\n")


def add_arguments(parser) -> None:
    parser.add_argument("--write", metavar="README", default=None,
                        help="replace the block between the reference markers in this file")


def run(args) -> int:
    block = reference_markdown()
    if not args.write:
        print(block)
        return 0
    path = Path(args.write)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return usage_error(f"can not read {path}: {getattr(exc, 'strerror', None) or exc}")
    if START not in text or END not in text:
        return usage_error(f"{path} has no {START} ... {END} block")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    new = head + START + block + END + tail
    if new == text:
        print(f"{path} is already up to date")
        return 0
    try:
        path.write_text(new, encoding="utf-8")
    except OSError as exc:
        return usage_error(f"can not write {path}: {exc.strerror or exc}")
    print(f"updated {path}")
    return 0
