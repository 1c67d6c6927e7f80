"""``python -m engine discover DATA.csv [--method auto|pc|fci|ges|boss|grasp|lingam|cdnod] [options] [--json]``.

Learns a causal graph from a table (default search: the rule chosen on held-out benchmark data). The
JSON lists the variables and the edges with ``source``, ``target``, ``type`` (directed, undirected,
bidirected, partial), ``sign``, ``weight`` and subsample ``stability`` (on by default; ``--bootstrap 0``
turns it off), plus notes on what was done to the table and any background-knowledge violation.
``--condition COLUMN`` marks a condition, batch or site column (CD-NOD). ``--literature GRAPH.json``
compares with (and with ``--merge-out`` merges into) a literature graph and marks each data edge
confirmed, contradicted or untested; ``--use-literature hint`` orients edges the data leave open as the
literature does, ``orient``/``require`` make its edges hard constraints. Questions on the table:
``--cause X Y``, ``--depends-on Y``, ``--relation X Y``, ``--ask "Is X a cause of Y?"``,
``--independent X Y [--given Z ...]``, ``--direct-cause X Y``, ``--confounder X Y``, ``--collider X Y``,
``--effect X Y``. ``--truth FILE`` scores the learned graph against a known one (an edge list or Tetrad
graph text): SHD, skeleton F1 and oriented F1 (in ``--json`` as ``shd``, ``skeleton_f1``, ``oriented_f1``),
with the edges missed, extra, reversed or left unoriented. A table or option that cannot be used gives a
message and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.discovery.algorithms import METHODS, TESTS, AlgorithmOptions
from engine.discovery.errors import DiscoveryError
from engine.model.graph import Graph, GraphError
from engine.settings import Settings


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("discover", help="learn a signed causal graph from a table",
                                   description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path, help="CSV (or ;, tab, | or space separated) table")
    parser.add_argument("--method", choices=("auto", *METHODS), default="auto",
                        help="auto: Causeway's default rule for the table")
    parser.add_argument("--condition", metavar="COLUMN", help="the condition, batch or site column (for CD-NOD)")
    parser.add_argument("--test", choices=TESTS, help="PC/FCI independence test (default: gsq for discrete data, else fisherz)")
    parser.add_argument("--score", choices=("bic", "bdeu"),
                        help="GES, BOSS, GRaSP score (default: bdeu for discrete data, else bic)")
    parser.add_argument("--alpha", type=float, default=0.05, help="significance level of the tests")
    parser.add_argument("--max-depth", type=int, help="PC/FCI: largest conditioning set")
    parser.add_argument("--columns", nargs="+", help="use only these columns")
    parser.add_argument("--missing", choices=("drop", "impute"), default="drop", help="rows with empty cells")
    parser.add_argument("--require", action="append", default=[], metavar="A->B", help="required edge (repeatable)")
    parser.add_argument("--forbid", action="append", default=[], metavar="A->B", help="forbidden edge (repeatable)")
    parser.add_argument("--tier", action="append", default=[], metavar="A,B",
                        help="a tier of columns, in causal order (repeatable: earlier tiers cannot be caused by later)")
    parser.add_argument("--literature", type=Path, help="a literature graph (JSON) to compare with")
    parser.add_argument("--use-literature", choices=("hint", "orient", "require"),
                        help="hint: orient edges the data leave open as the literature does; orient: forbid "
                             "reversed literature edges; require: require literature edges")
    parser.add_argument("--merge-out", type=Path, help="write the merged graph (JSON) here")
    parser.add_argument("--graph-out", type=Path, help="write the learned graph (JSON) here")
    parser.add_argument("--bootstrap", type=int,
                        help="subsample resamples for edge stability (default: the setting; 0 turns it off)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, help="seconds (default: the discovery setting)")
    parser.add_argument("--independent", nargs=2, metavar=("X", "Y"), help="are X and Y independent (given --given)?")
    parser.add_argument("--given", nargs="+", default=[], metavar="Z")
    parser.add_argument("--direct-cause", nargs=2, action="append", default=[], metavar=("X", "Y"),
                        help="is X a direct cause of Y? (repeatable)")
    parser.add_argument("--confounder", nargs=2, action="append", default=[], metavar=("X", "Y"),
                        help="do X and Y share a cause? (repeatable)")
    parser.add_argument("--collider", nargs=2, action="append", default=[], metavar=("X", "Y"),
                        help="do X and Y have a common effect? (repeatable)")
    parser.add_argument("--effect", nargs=2, action="append", default=[], metavar=("X", "Y"),
                        help="effect of X on Y by adjustment (repeatable)")
    parser.add_argument("--describe", action="store_true", help="what is the graph? (the graph-level question)")
    parser.add_argument("--cause", nargs=2, action="append", default=[], metavar=("X", "Y"),
                        help="is X a cause of Y, directly or not? (repeatable)")
    parser.add_argument("--depends-on", action="append", default=[], metavar="Y",
                        help="which variables does Y depend on? (repeatable)")
    parser.add_argument("--relation", nargs=2, action="append", default=[], metavar=("X", "Y"),
                        help="which of X -> Y, Y -> X, no relation? (repeatable)")
    parser.add_argument("--ask", action="append", default=[], metavar="QUESTION",
                        help='a question in words: "Is X a cause of Y?" or "Which variables does Y depend on?"')
    parser.add_argument("--truth", type=Path, metavar="FILE",
                        help="a known graph (edge list 'A -> B' / 'A,B', or Tetrad graph text) to score against")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def _pairs(items: list[str], flag: str) -> list[tuple[str, str]]:
    pairs = []
    for item in items:
        if "->" not in item:
            raise DiscoveryError(f"{flag} {item!r}: write an edge as SOURCE->TARGET")
        source, target = (part.strip() for part in item.split("->", 1))
        pairs.append((source, target))
    return pairs


def run(args: argparse.Namespace) -> int:
    try:
        output = _discover(args)
    except (DiscoveryError, GraphError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(output, indent=2))
    else:
        print(_as_text(output))
    return 0


def _discover(args: argparse.Namespace) -> dict:
    from engine.discovery.run import discover
    from engine.discovery.tables import read_table

    settings = Settings().discovery
    options = _options(args)
    columns = args.columns
    if columns is not None and args.condition and args.condition not in columns:
        columns = [*columns, args.condition]
    table = read_table(args.data, settings, columns=columns, missing=args.missing).with_condition(args.condition)
    literature = _literature(args)
    truth = None
    if args.truth is not None:
        from engine.discovery.scoring import read_truth_file

        truth = read_truth_file(args.truth)  # read first: a bad file should not wait for the search
    background = _background(args, literature, table.columns)
    result = discover(
        table, options=options, background=None if background.is_empty() else background,
        bootstrap=args.bootstrap, settings=settings, time_limit_s=args.time_limit,
    )
    if literature is not None:
        from engine.discovery.priors import apply_literature_hints, with_literature_verdicts

        if args.use_literature == "hint":
            result, _ = apply_literature_hints(result, literature)
        result = with_literature_verdicts(result, literature)
    output = result.to_summary()
    output["table"] = {"rows_read": table.rows_read, "rows_used": table.n_rows, "kind": table.kind,
                       "dropped_columns": table.dropped_columns}
    graph = result.to_graph()
    if args.graph_out:
        args.graph_out.write_text(graph.to_json(), encoding="utf-8")
    if literature is not None:
        output |= _against_literature(args, literature, graph)
    if truth is not None:
        from engine.discovery.scoring import score_edges

        score = score_edges([(e.source, e.target, e.type) for e in result.edges], truth, result.variables)
        output |= {"shd": score.shd, "skeleton_f1": round(score.skeleton_f1, 3),
                   "oriented_f1": round(score.oriented_f1, 3), "truth": {"file": str(args.truth), **score.model_dump()}}
    answers = _answers(args, table, result)
    if answers:
        output["answers"] = [a.model_dump() for a in answers]
    return output


def _options(args: argparse.Namespace) -> AlgorithmOptions:
    try:
        return AlgorithmOptions(
            method=args.method, test=args.test, score=args.score, alpha=args.alpha, max_depth=args.max_depth,
            seed=args.seed,
        )
    except ValueError as exc:
        raise DiscoveryError(f"invalid option: {exc.errors()[0]['loc'][0]} {exc.errors()[0]['msg']}") from None  # type: ignore[attr-defined]


def _literature(args: argparse.Namespace) -> Graph | None:
    if args.literature is None:
        return None
    if not args.literature.is_file():
        raise DiscoveryError(f"no literature graph at {str(args.literature)!r}")
    return Graph.from_json(args.literature.read_text(encoding="utf-8"))


def _background(args: argparse.Namespace, literature: Graph | None, columns: list[str]):
    """The user's required and forbidden edges and tiers, with the literature's where asked to."""
    from engine.discovery.knowledge import Knowledge, knowledge_from_literature

    background = Knowledge(
        required=_pairs(args.require, "--require"), forbidden=_pairs(args.forbid, "--forbid"),
        tiers=[[c.strip() for c in tier.split(",") if c.strip()] for tier in args.tier],
    )
    if literature is None or args.use_literature not in ("orient", "require"):
        return background
    from_literature = knowledge_from_literature(literature, columns, use=args.use_literature)
    return Knowledge(
        required=sorted(set(background.required) | set(from_literature.required)),
        forbidden=sorted(set(background.forbidden) | set(from_literature.forbidden)),
        tiers=background.tiers,
    )


def _against_literature(args: argparse.Namespace, literature: Graph, graph: Graph) -> dict:
    """The comparison with the literature graph, and the merge when ``--merge-out`` asks for it."""
    from engine.discovery.compare import compare_graphs, merge_with_report

    comparison = compare_graphs(literature, graph)
    found: dict = {"comparison": {"summary": comparison.summary(), **comparison.model_dump()}}
    if args.merge_out:
        merged, report = merge_with_report(literature, graph)
        args.merge_out.write_text(merged.to_json(), encoding="utf-8")
        found["merge"] = {"summary": report.summary(), **report.model_dump()}
    return found


def _answers(args: argparse.Namespace, table, result) -> list:
    """The answers to the questions asked on the command line, in the order of the options."""
    from engine.discovery import ask, questions

    answers = []
    if args.independent:
        answers.append(questions.independence(table, *args.independent, given=args.given,
                                              test=result.options.test if result.method in ("pc", "fci", "cdnod") else None,
                                              alpha=args.alpha))
    answers += [questions.direct_cause(result, *pair) for pair in args.direct_cause]
    answers += [questions.confounder(result, *pair) for pair in args.confounder]
    answers += [questions.collider(result, *pair) for pair in args.collider]
    answers += [questions.effect(table, result, *pair, alpha=args.alpha) for pair in args.effect]
    if args.describe:
        answers.append(questions.describe_graph(result))
    answers += [ask.cause(result, *pair) for pair in args.cause]
    answers += [ask.depends_on(result, name) for name in args.depends_on]
    answers += [ask.relation(result, *pair) for pair in args.relation]
    answers += [ask.ask(result, text) for text in args.ask]
    return answers


def _as_text(output: dict) -> str:
    lines = [f"{output['method'].upper()} on {output['rows_used']} rows ({output['data_kind']} data), "
             f"{len(output['edges'])} edges in {output['seconds']:.1f} s"]
    for edge in output["edges"]:
        weight = "" if edge["weight"] is None else f" weight {edge['weight']:+.3f}"
        stability = "" if edge["stability"] is None else (
            f" stability {edge['stability']:.0%}{'' if edge['stable'] else ' (unstable)'}")
        if edge.get("literature"):
            stability += f", literature: {edge['literature']}"
        if edge.get("oriented_by") == "literature":
            stability += ", direction from the literature"
        sign = ("+" if edge["sign"] > 0 else "-") if edge["sign_defined"] else "n/a"
        lines.append(f"  {edge['source']} {edge['endpoints']} {edge['target']}  [{edge['type']}, sign {sign}{weight}{stability}]")
    lines += [f"violation: {v['message']}" for v in output["violations"]]
    lines += [f"note: {note}" for note in output["notes"]]
    if "comparison" in output:
        lines.append(f"literature: {output['comparison']['summary']}")
        lines += [f"  {m['verdict']}: {m['message']}" for m in output["comparison"]["matches"]]
    if "truth" in output:
        lines += _truth_text(output["truth"])
    for answer in output.get("answers", []):
        lines.append(f"{answer['question']} {answer.get('choice') or answer['answer'] or ''}".rstrip())
        lines.append(f"  {answer['explanation']}")
    return "\n".join(lines)


def _truth_text(truth: dict) -> list[str]:
    lines = [f"against {truth['file']}: SHD {truth['shd']}, skeleton F1 {truth['skeleton_f1']:.3f}, "
             f"oriented F1 {truth['oriented_f1']:.3f} ({truth['true_edges']} true edges, "
             f"{truth['learned_edges']} learned)"]
    lines += [f"  missed: {a} -> {b}" for a, b in truth["missed"]]
    lines += [f"  extra: {a} {_MARKS.get(kind, kind)} {b}" for a, b, kind in truth["extra"]]
    lines += [f"  reversed: {a} -> {b} learned as {b} -> {a}" for a, b in truth["reversed"]]
    lines += [f"  not oriented: {a} -> {b} learned {kind}" for a, b, kind in truth["unoriented"]]
    if truth["unmatched_names"]:
        lines.append(f"  names that are no column: {', '.join(truth['unmatched_names'])}")
    return lines


_MARKS = {"directed": "->", "undirected": "---", "bidirected": "<->", "partial": "o->"}
