"""`durakc docs [TOPIC] [--path]`: the documentation pages installed with the package."""

from __future__ import annotations

from durakc.commands._common import usage_error
from durakc.docpages import ONLINE_BASE, docs_dir, page_path, topics

NAME = "docs"
HELP = ("the documentation installed with durakc: the topics, one page's text, or with --path "
        "where it is (what `explain` and the error messages cite)")


def add_arguments(parser) -> None:
    parser.add_argument("topic", nargs="?", metavar="TOPIC",
                        help="a page, e.g. rules, engine-api, wasm (default: list the pages)")
    parser.add_argument("--path", action="store_true",
                        help="print the page's (or, without TOPIC, the folder's) installed path")


def run(args) -> int:
    if args.topic is None:
        if args.path:
            print(docs_dir())
            return 0
        print(f"documentation in {docs_dir()} (online: {ONLINE_BASE})")
        for topic in topics():
            print(f"  {topic}")
        return 0
    path = page_path(args.topic)
    if path is None:
        return usage_error(f"no documentation page {args.topic!r}; the pages: "
                           + ", ".join(topics()))
    if args.path:
        print(path)
    else:
        print(path.read_text(encoding="utf-8"), end="")
    return 0
