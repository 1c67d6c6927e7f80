"""``python -m engine COMMAND ...``: every engine capability without the browser.

Each command lives in ``engine/cli/<name>.py`` and exposes ``register(subparsers)``, which adds its
parser and sets ``func`` (taking the parsed args, returning an exit code).
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = ("schema", "ask", "extract", "discover", "label", "ground", "export")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.splitlines()[0])
    subparsers = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f"engine.cli.{name}").register(subparsers)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
