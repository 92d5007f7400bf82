"""The `durakc` command line: one sub-command per module in `durakc.commands`.

Each command module defines `NAME`, `HELP`, `add_arguments(parser)` and
`run(args) -> int`.  Exit codes: 0 success, 1 spec errors (or a failed check),
2 usage errors, 3 a run whose Dask cluster stopped (`durakc.sim.executors.CLUSTER_LOST`).
"""

from __future__ import annotations

import argparse
import importlib
import sys

from durakc import __version__

COMMAND_MODULES = (
    "compile", "build", "check", "explain", "list", "capabilities", "bench",
    "simulate", "compare", "report", "diff", "play", "serve", "playground", "reference", "schema",
    "verify", "docs",
)
"""Sub-commands in the order `--help` lists them (modules of durakc.commands)."""


def _load_commands():
    return [importlib.import_module(f"durakc.commands.{name}_cmd") for name in COMMAND_MODULES]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available sub-command."""
    parser = argparse.ArgumentParser(
        prog="durakc",
        description="Compile Durak variant specs (YAML) into engines: standalone Python modules, C, "
                    "WebAssembly and an npm package; simulate, compare and play them.",
    )
    parser.add_argument("--version", action="version", version=f"durakc {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _load_commands():
        cmd = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(cmd)
        cmd.set_defaults(_run=module.run)
    return parser


def main(argv=None) -> int:
    """Run the CLI; returns the process exit code (130 after Ctrl-C, at any point of it)."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "_run", None):
            parser.print_help(sys.stderr)
            return 2
        return args._run(args)
    except KeyboardInterrupt:
        executors = sys.modules.get("durakc.sim.executors")  # loaded when a run used it
        if executors is not None:
            executors.stop_pools()
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
