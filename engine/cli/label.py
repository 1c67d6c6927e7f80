"""``python -m engine label GRAPH.json``: label a graph with the QPT reasoner (DESIGN §4).

Interventions default to the graph's question sources (a state active, a quantity increasing);
``--set`` adds or overrides them, ``--observe`` gives measured values to check (``up``, ``down``,
``stable``, ``on``, ``off``, or uncertain: ``not up``, ``not down``) with minimum-cost repairs and the
minimal inconsistent cores when the graph cannot explain them, ``--experiments`` checks several
observation sets (each with its own interventions) against the one graph, ``--contrast`` labels a
second scenario with extra interventions and lists what changes per node. Exit codes: 0 labelled,
1 the solver timed out or found no labelling, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from pydantic import ValidationError

from engine.model.graph import (
    Contrast,
    Experiment,
    Graph,
    GraphError,
    Labelling,
    NodeLabel,
    ObservedValue,
    Scenario,
    Value,
    parse_observed,
    parse_value,
)
from engine.solver.reasoner import Reasoner, compare_labellings
from engine.settings import Settings


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "label",
        help="label a graph's nodes (increasing/decreasing/stable, active/inactive)",
        description=__doc__.splitlines()[0],
    )
    parser.add_argument("graph", type=Path, help="graph JSON file")
    parser.add_argument("--set", dest="interventions", action="append", default=[], metavar="NODE=VALUE",
                        help="intervene: hold NODE at VALUE (repeatable)")
    parser.add_argument("--observe", dest="observations", action="append", default=[], metavar="NODE=VALUE",
                        help="a measured value to check against the graph: up, down, stable, on, off, "
                             "'not up', 'not down' (repeatable)")
    parser.add_argument("--experiments", type=Path, default=None, metavar="FILE.json",
                        help="several observation sets to check: a JSON list of "
                             '{"name": ..., "scenario": {"interventions": {...}, "observations": {...}}}')
    parser.add_argument("--contrast", action="append", default=[], metavar="NODE=VALUE",
                        help="also label with these interventions added and list the differences (repeatable)")
    parser.add_argument("--no-defaults", action="store_true",
                        help="do not intervene on the question's sources by default")
    parser.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                        help="solver time limit (default: the CAUSEWAY_SOLVER__TIME_LIMIT_S setting)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def parse_assignments(items: list[str], option: str, parse=parse_value) -> dict[str, Value]:
    """``["a=up", "b=inactive"]`` → ``{"a": "increasing", "b": "inactive"}``; GraphError on a bad item."""
    values: dict[str, Value] = {}
    for item in items:
        node, sep, value = item.partition("=")
        if not sep or not node.strip() or not value.strip():
            raise GraphError(f"{option} {item!r}: expected NODE=VALUE")
        values[node.strip()] = parse(value)
    return values


def parse_observations(items: list[str]) -> dict[str, ObservedValue]:
    return parse_assignments(items, "--observe", parse_observed)


def load_experiments(path: Path, graph: Graph) -> list[Experiment]:
    """The observation sets of an ``--experiments`` file, values written as ``--set`` / ``--observe``
    take them, each checked against the graph's nodes."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise GraphError(f"cannot read experiments file {str(path)!r}: {exc}") from exc
    except RecursionError:
        raise GraphError(f"cannot read experiments file {str(path)!r}: nested too deeply") from None
    if not isinstance(data, list) or not data:
        raise GraphError(f"{path}: expected a non-empty JSON list of experiments")
    experiments = [_experiment(item, number, graph, path) for number, item in enumerate(data, 1)]
    if len({e.name for e in experiments}) < len(experiments):
        raise GraphError(f"{path}: two experiments share a name")
    return experiments


def _experiment(item: object, number: int, graph: Graph, path: Path) -> Experiment:
    name = item.get("name") if isinstance(item, dict) else None
    where = f"{path}: experiment {name!r}" if isinstance(name, str) else f"{path}: experiment {number}"
    scenario = item.get("scenario") if isinstance(item, dict) else None
    if not isinstance(name, str) or not isinstance(scenario, dict):
        raise GraphError(f"{where}: expected {{\"name\": ..., \"scenario\": {{...}}}}")
    try:
        interventions = {n: parse_value(str(v)) for n, v in dict(scenario.get("interventions", {})).items()}
        observations = {n: parse_observed(str(v)) for n, v in dict(scenario.get("observations", {})).items()}
        experiment = Experiment(name=name, scenario=Scenario(interventions=interventions, observations=observations))
        experiment.scenario.validate_against(graph)
    except (GraphError, TypeError, ValueError) as exc:
        raise GraphError(f"{where}: {exc}") from exc
    return experiment


# At most this many unknown fields are named in the warning (the rest are counted).
_UNKNOWN_SHOWN = 8


def load_graph(path: Path) -> Graph:
    """The graph in ``path``; fields the graph model does not know are left out with a warning."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GraphError(f"cannot read graph file {str(path)!r}: {exc}") from exc
    try:
        graph = Graph.from_json(text)
    except GraphError as exc:
        raise GraphError(f"{path}: {exc}") from exc
    unknown = Graph.unknown_fields(json.loads(text))
    if unknown:
        more = f" and {len(unknown) - _UNKNOWN_SHOWN} more" if len(unknown) > _UNKNOWN_SHOWN else ""
        print(f"warning: {path}: unknown field(s) left out: {', '.join(unknown[:_UNKNOWN_SHOWN])}{more}",
              file=sys.stderr)
    return graph


def run(args: argparse.Namespace) -> int:
    try:
        graph = load_graph(args.graph)
        interventions = {} if args.no_defaults else dict(Scenario.default_for(graph).interventions)
        interventions.update(parse_assignments(args.interventions, "--set"))
        scenario = Scenario(
            interventions=interventions, observations=parse_observations(args.observations)
        ).validate_against(graph)
        experiments = load_experiments(args.experiments, graph) if args.experiments else []
        contrast_scenario = None
        if args.contrast:
            contrast_scenario = Scenario(
                interventions={**interventions, **parse_assignments(args.contrast, "--contrast")},
                observations=scenario.observations,
            ).validate_against(graph)
        if args.time_limit is not None and args.time_limit <= 0:
            raise GraphError("--time-limit must be a positive number of seconds")
        time_limit = args.time_limit if args.time_limit is not None else Settings().solver.time_limit_s
    except GraphError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ValidationError as exc:  # a bad CAUSEWAY_ setting in the environment
        print(f"error: invalid setting: {exc.errors()[0]['loc']}: {exc.errors()[0]['msg']}", file=sys.stderr)
        return 2

    reasoner = Reasoner(graph, time_limit_s=time_limit)
    # one or two scenarios, each labelled once: no switchable program is needed
    labelling = reasoner.label_once(scenario)
    after = reasoner.label_once(contrast_scenario) if contrast_scenario else None
    contrast = compare_labellings(labelling, after) if after is not None else None
    checks = {experiment.name: reasoner.label(experiment.scenario) for experiment in experiments}

    if args.json:
        result = to_json(scenario, labelling, contrast_scenario, after, contrast)
        if checks:
            result["experiments"] = [experiment_json(e, checks[e.name]) for e in experiments]
        output = json.dumps(result, indent=2)
    else:
        output = to_text(graph, scenario, labelling, contrast_scenario, contrast)
        output += "".join("\n" + experiment_text(e, checks[e.name]) for e in experiments)
    try:
        print(output)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (e.g. `| head`) closed the pipe: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    statuses = {labelling.status} | ({after.status} if after else set()) | {c.status for c in checks.values()}
    return 0 if statuses == {"ok"} else 1


def to_json(
    scenario: Scenario,
    labelling: Labelling,
    contrast_scenario: Scenario | None,
    after: Labelling | None,
    contrast: Contrast | None,
) -> dict:
    exclude = set() if scenario.observations else {"consistent", "repairs", "cores"}
    result: dict = {"scenario": scenario.model_dump(), **labelling.model_dump(exclude=exclude)}
    if contrast_scenario is not None and after is not None and contrast is not None:
        result["contrast"] = {
            "scenario": contrast_scenario.model_dump(),
            "status": after.status,
            "message": after.message,
            "changes": [change.model_dump() for change in contrast.changes],
        }
    return result


def experiment_json(experiment: Experiment, check: Labelling) -> dict:
    """An experiment's check: whether the graph explains it, the repairs and the cores (not the labels)."""
    return {"name": experiment.name, "scenario": experiment.scenario.model_dump(),
            **check.model_dump(include={"status", "message", "consistent", "repairs", "cores"})}


def experiment_text(experiment: Experiment, check: Labelling) -> str:
    lines = [f"experiment {experiment.name!r}:"]
    if experiment.scenario.interventions:
        lines.append("  interventions: " + ", ".join(f"{n}={v}" for n, v in experiment.scenario.interventions.items()))
    return "\n".join(lines + _observation_lines(experiment.scenario, check))


def _observation_lines(scenario: Scenario, labelling: Labelling) -> list[str]:
    lines = ["observations: " + ", ".join(f"{n}={v}" for n, v in scenario.observations.items())]
    if labelling.status != "ok":
        lines.append(f"  {labelling.status}: {labelling.message}")
    lines.append("  consistent with the graph" if labelling.consistent else "  NOT consistent with the graph")
    if labelling.message and labelling.status == "ok":
        lines.append(f"  {labelling.message}")
    for number, repair_set in enumerate(labelling.repairs, 1):
        actions = "; ".join(f"{r.action.replace('_', ' ')} {r.target}" for r in repair_set.repairs)
        lines.append(f"  repair {number} (cost {repair_set.cost}): {actions}")
    for number, core in enumerate(labelling.cores, 1):
        measured = ", ".join(f"{n}={scenario.observations[n]}" for n in core.observations)
        clash = f"clash with {', '.join(core.edges)}" if core.edges else "- no edge of the graph can bring this about"
        lines.append(f"  core {number}: {measured} {clash}")
    return lines


def _describe(label: NodeLabel | None) -> str:
    if label is None:
        return "-"
    if label.certain:
        return label.label
    return f"{label.label} (possible: {'/'.join(label.possible)})"


def to_text(
    graph: Graph,
    scenario: Scenario,
    labelling: Labelling,
    contrast_scenario: Scenario | None,
    contrast: Contrast | None,
) -> str:
    lines = []
    if scenario.interventions:
        lines.append("interventions: " + ", ".join(f"{n}={v}" for n, v in scenario.interventions.items()))
    if labelling.status != "ok":
        lines.append(f"{labelling.status}: {labelling.message}")
    width = max((len(node_id) for node_id in labelling.labels), default=0)
    for node_id, label in labelling.labels.items():
        why = " [set]" if label.intervened else (f" <- {', '.join(label.justification)}" if label.justification else "")
        lines.append(f"  {node_id:<{width}}  {_describe(label)}{why}")
    if scenario.observations:
        lines += _observation_lines(scenario, labelling)
    if contrast_scenario is not None and contrast is not None:
        extra = {n: v for n, v in contrast_scenario.interventions.items() if scenario.interventions.get(n) != v}
        lines.append("contrast with " + ", ".join(f"{n}={v}" for n, v in extra.items()) + ":")
        if not contrast.changes:
            lines.append("  no node changes")
        for change in contrast.changes:
            lines.append(f"  {change.node:<{width}}  {_describe(change.before)} -> {_describe(change.after)}")
    return "\n".join(lines)
