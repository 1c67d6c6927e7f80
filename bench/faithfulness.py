"""Faithfulness benchmark: is every claim a user is shown stated by the sentence it cites?

    HF_HUB_OFFLINE=1 .venv/bin/python bench/faithfulness.py [--questions FILE] [--index DIR | --data-dir DIR]
        [--limit N] [--out RECORDS.json] [--records RECORDS.json] [--export-unjudged FILE] [--json]
    .venv/bin/python bench/faithfulness.py --import-verdicts FILE [--records RECORDS.json] [--json]

Each question of ``bench/faithfulness_questions.jsonl`` (written by hand over the default corpus's topics;
a third held out by a seeded draw recorded on its first line) is asked once with the offline backend and
the default settings, of the default index unless ``--index`` / ``--data-dir`` names another. From each
result the bench collects what the user is shown:

- *claims*: every edge of the answer's statements (each step, and each opposing edge, with each sentence
  it cites) and every edge drawn in the default graph view (``engine.explain.focus.question_focus``: the
  edges it draws between its shown nodes, each with every evidence sentence, as the evidence panel lists
  them). A claim is keyed by the SHA-256 of its normalised (source label, target label, sign, sentence);
- *nodes*: every node drawn in the view or named on a statement's path, keyed by its normalised label;
- *mechanisms*: every statement whose path has two steps or more, keyed by its ordered node labels,
  signs and cited sentences.

Verdicts, judged by reading, are kept in ``bench/faithfulness_claims.jsonl`` (supports | partial |
does_not, and sign_error), ``bench/faithfulness_nodes.jsonl`` (entity or not) and
``bench/faithfulness_mechanisms.jsonl`` (sound | partly | unsound), keyed as above with a short note and
no paper text. ``--export-unjudged FILE`` writes only the items no verdict covers yet, with the
sentences, labels, signs and questions a reader needs and empty verdict fields; the reader fills them
in and ``--import-verdicts FILE`` merges them (items still without a verdict are skipped). So after a
change to the pipeline only the new pairs need reading.

Per split (tune, held-out, all) the report gives: the answered share; shown claims, the share supported
and supported-or-partial among judged ones, unjudged ones; the supported share apart for claims whose edge
is drawn as established (status ``supported``: the readers agree) and for those drawn as possible or
contested; the sign-error share; the share of shown
nodes that are not entities; the share of answered questions whose graph holds a source -> target path of
two steps or more (at most ``engine.explain.answer.MAX_PATH_EDGES``), and of those the share whose answer states
such a mechanism, and states one judged sound; mechanism soundness; the median seconds per question.
Shares are over shown occurrences (an item shown for two questions counts twice) of judged items.
``--out`` keeps the per-question records (they hold paper sentences: write them outside the repo) and
``--records`` reports from them again without asking.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import statistics
import sys
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.results import parts, write_results  # noqa: E402
from engine.explain.answer import MAX_PATH_EDGES, Answer  # noqa: E402
from engine.explain.focus import question_focus  # noqa: E402
from engine.model.graph import Graph  # noqa: E402

QUESTIONS = REPO / "bench" / "faithfulness_questions.jsonl"
VERDICTS_DIR = REPO / "bench"
VERDICT_FILES = {"claim": "faithfulness_claims.jsonl", "node": "faithfulness_nodes.jsonl",
                 "mechanism": "faithfulness_mechanisms.jsonl"}
CLAIM_VERDICTS = ("supports", "partial", "does_not")
MECHANISM_VERDICTS = ("sound", "partly", "unsound")
MAX_NOTE = 200  # a note says why, briefly; it is no place for the paper's sentence
SPLITS = ("tune", "held-out", "all")


class VerdictError(ValueError):
    """A verdict line that cannot be merged; the message names the line and the problem."""


# --- questions ---------------------------------------------------------------------------------

def load_questions(path: Path) -> list[dict]:
    """The questions, after checking that their held-out flags are the draw the first line records."""
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if not lines or "_split" not in lines[0]:
        raise ValueError(f"{path}: the first line must record the held-out draw as {{'_split': ...}}")
    split, questions = lines[0]["_split"], lines[1:]
    missing = [n for n, q in enumerate(questions, start=2) if not {"id", "question", "held_out"} <= set(q)]
    if missing:
        raise ValueError(f"{path}: lines {missing} lack one of id, question, held_out")
    ids = [q["id"] for q in questions]
    held = set(random.Random(split["seed"]).sample(ids, split["held_out"]))
    wrong = [q["id"] for q in questions if q["held_out"] != (q["id"] in held)]
    if wrong or len(set(ids)) != len(ids):
        raise ValueError(f"{path}: held-out flags differ from the recorded draw or ids repeat: {wrong}")
    return questions


def split_of(question: dict) -> str:
    return "held-out" if question["held_out"] else "tune"


# --- keys --------------------------------------------------------------------------------------

def normalise(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).lower().split())


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(normalise(p) for p in parts).encode()).hexdigest()


def sign_text(sign: int) -> str:
    return "+" if sign > 0 else "-"


def claim_key(source: str, target: str, sign: int, sentence: str) -> str:
    return _digest(source, target, sign_text(sign), sentence)


def node_key(label: str) -> str:
    return _digest(label)


def mechanism_key(steps: list[dict]) -> str:
    """Ordered labels, signs and each step's cited sentences (in citation order)."""
    parts = [steps[0]["source"]]
    for step in steps:
        parts += [sign_text(step["sign"]), step["target"], *step["sentences"], "\x1e"]
    return _digest(*parts)


# --- what the user is shown --------------------------------------------------------------------

def shown_claims(graph: Graph, answer: Answer) -> list[dict]:
    """Every (edge, sentence) pair of the answer's statements and of the default view, once each."""
    labels = {node.id: node.label for node in graph.nodes}
    edges = {edge.id: edge for edge in graph.edges}
    claims: dict[str, dict] = {}

    def add(edge, sentence: str, where: str) -> None:
        source, target = labels[edge.source], labels[edge.target]
        key = claim_key(source, target, edge.sign, sentence)
        before = next((e.before for e in edge.evidence if e.sentence == sentence and e.before), "")
        claim = claims.setdefault(key, {
            "key": key, "source": source, "target": target, "sign": edge.sign, "relation": edge.relation,
            "sentence": sentence, "status": edge.status, "where": [], **({"before": before} if before else {}),
        })
        if where not in claim["where"]:
            claim["where"].append(where)

    for statement in answer.statements:
        # the opposing edges (the other side of a contested step, competing influences) are cited too
        for step in [*statement.steps, *statement.opposing]:
            if step.edge in edges:
                for sentence in step.sentences:
                    add(edges[step.edge], sentence, "answer")
    for edge in question_focus(graph).drawn_edges(graph):
        for evidence in edge.evidence:
            add(edge, evidence.sentence, "view")
    return list(claims.values())


def shown_nodes(graph: Graph, answer: Answer) -> list[dict]:
    """The nodes drawn by default and those named on a statement's path, once each (by label)."""
    labels = {node.id: node.label for node in graph.nodes}
    ids = [*question_focus(graph).shown, *(n for s in answer.statements for n in s.path)]
    nodes: dict[str, dict] = {}
    for node_id in ids:
        if node_id in labels:
            label = labels[node_id]
            nodes.setdefault(node_key(label), {"key": node_key(label), "label": label})
    return list(nodes.values())


def stated_mechanisms(graph: Graph, answer: Answer) -> list[dict]:
    """Source -> target statements of two steps or more (the summary repeats a path: counted once)."""
    labels = {node.id: node.label for node in graph.nodes}
    edges = {edge.id: edge for edge in graph.edges}
    mechanisms: dict[str, dict] = {}
    for statement in answer.statements:
        if statement.kind not in ("mechanism", "chain", "direct", "summary") or len(statement.steps) < 2:
            continue
        if any(step.edge not in edges for step in statement.steps):
            continue
        steps = [{"source": labels[s.source], "target": labels[s.target], "sign": edges[s.edge].sign,
                  "sentences": list(s.sentences)} for s in statement.steps]
        key = mechanism_key(steps)
        mechanisms.setdefault(key, {"key": key, "steps": steps})
    return list(mechanisms.values())


def graph_has_mechanism(graph: Graph, max_edges: int = MAX_PATH_EDGES) -> bool:
    """Whether a simple directed source -> target path of 2 .. ``max_edges`` edges exists.

    Such a path leaves the source for some m (not the target) and reaches the target from m without
    passing the source again: a shortest path in the graph without the source is simple.
    """
    digraph = nx.DiGraph((e.source, e.target) for e in graph.edges
                         if e.orientation == "directed" and e.source != e.target)
    for source in graph.sources:
        if source not in digraph:
            continue
        rest = digraph.subgraph(n for n in digraph if n != source)
        for target in graph.targets:
            if target == source or target not in rest:
                continue
            for middle in digraph.successors(source):
                if middle == target:
                    continue
                try:
                    if nx.shortest_path_length(rest, middle, target) + 1 <= max_edges:
                        return True
                except nx.NetworkXNoPath:
                    continue
    return False


def collect(question: dict, graph: Graph, answer: Answer, answered: bool, seconds: float) -> dict:
    """One question's record: what it showed, whether its graph and answer hold a mechanism."""
    return {
        "id": question["id"], "question": question["question"], "split": split_of(question),
        "answered": answered, "seconds": round(seconds, 3),
        "graph_mechanism": answered and graph_has_mechanism(graph),
        "claims": shown_claims(graph, answer), "nodes": shown_nodes(graph, answer),
        "mechanisms": stated_mechanisms(graph, answer),
    }


# --- verdicts ----------------------------------------------------------------------------------

@dataclass
class Verdicts:
    """Verdicts by kind ('claim', 'node', 'mechanism'), each a key -> verdict object."""

    by_kind: dict[str, dict[str, dict]] = field(default_factory=lambda: {k: {} for k in VERDICT_FILES})

    @classmethod
    def load(cls, folder: Path) -> Verdicts:
        verdicts = cls()
        for kind, name in VERDICT_FILES.items():
            path = folder / name
            if path.exists():
                for number, line in enumerate(path.read_text().splitlines(), start=1):
                    if line.strip():
                        item = clean_verdict(kind, json.loads(line), f"{path}:{number}")
                        verdicts.by_kind[kind][item["key"]] = item
        return verdicts

    def save(self, folder: Path) -> None:
        for kind, name in VERDICT_FILES.items():
            rows = [self.by_kind[kind][key] for key in sorted(self.by_kind[kind])]
            (folder / name).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))

    def get(self, kind: str, key: str) -> dict | None:
        return self.by_kind[kind].get(key)


def _note(item: dict, where: str, required: bool) -> str:
    note = str(item.get("note") or "").strip()
    if required and not note:
        raise VerdictError(f"{where}: a verdict other than the best needs a one-line note")
    if len(note) > MAX_NOTE or "\n" in note:
        raise VerdictError(f"{where}: the note must be one line of at most {MAX_NOTE} characters")
    return note


def clean_verdict(kind: str, item: dict, where: str) -> dict:
    """The stored form of one verdict (key, verdict fields, note), or a VerdictError saying why not."""
    key = item.get("key")
    if not isinstance(key, str) or not re.fullmatch(r"[0-9a-f]{64}", key):
        raise VerdictError(f"{where}: 'key' must be a 64-character SHA-256 hex digest")
    if kind == "claim":
        verdict, sign_error = item.get("verdict"), item.get("sign_error", False)
        if verdict not in CLAIM_VERDICTS:
            raise VerdictError(f"{where}: claim verdict must be one of {', '.join(CLAIM_VERDICTS)}, not {verdict!r}")
        if not isinstance(sign_error, bool):
            raise VerdictError(f"{where}: sign_error must be true or false")
        if sign_error and verdict != "does_not":
            raise VerdictError(f"{where}: a claim with a sign error is not supported ('does_not')")
        return {"key": key, "verdict": verdict, "sign_error": sign_error,
                "note": _note(item, where, verdict != "supports")}
    if kind == "node":
        entity, label = item.get("entity"), item.get("label")
        if not isinstance(entity, bool) or not isinstance(label, str):
            raise VerdictError(f"{where}: a node verdict needs 'entity' (true or false) and its 'label'")
        if node_key(label) != key:
            raise VerdictError(f"{where}: the label {label!r} does not hash to the key")
        return {"key": key, "label": label, "entity": entity, "note": _note(item, where, not entity)}
    if kind == "mechanism":
        verdict = item.get("verdict")
        if verdict not in MECHANISM_VERDICTS:
            raise VerdictError(
                f"{where}: mechanism verdict must be one of {', '.join(MECHANISM_VERDICTS)}, not {verdict!r}")
        return {"key": key, "verdict": verdict, "note": _note(item, where, verdict != "sound")}
    raise VerdictError(f"{where}: unknown kind {kind!r} (claim, node or mechanism)")


def _is_filled(kind: str, item: dict) -> bool:
    return item.get("entity" if kind == "node" else "verdict") is not None


def import_verdicts(verdicts: Verdicts, lines: list[str], source: str) -> dict[str, int]:
    """Merge judged lines into ``verdicts`` (all checked before any is merged); counts by outcome."""
    cleaned: list[tuple[str, dict]] = []
    skipped = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{source}:{number}"
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise VerdictError(f"{where}: not JSON ({exc})") from exc
        kind = item.get("kind") if isinstance(item, dict) else None
        if kind not in VERDICT_FILES:
            raise VerdictError(f"{where}: 'kind' must be claim, node or mechanism")
        if not _is_filled(kind, item):
            skipped += 1
            continue
        cleaned.append((kind, clean_verdict(kind, item, where)))
    counts = {"added": 0, "changed": 0, "unchanged": 0, "skipped_unjudged": skipped}
    for kind, item in cleaned:
        old = verdicts.by_kind[kind].get(item["key"])
        counts["added" if old is None else "unchanged" if old == item else "changed"] += 1
        verdicts.by_kind[kind][item["key"]] = item
    return counts


def unjudged_items(records: list[dict], verdicts: Verdicts) -> list[dict]:
    """Items shown but not yet judged, once each, with what a reader needs and empty verdict fields."""
    items: dict[tuple[str, str], dict] = {}
    for record in records:
        for kind, rows in (("claim", record["claims"]), ("node", record["nodes"]),
                           ("mechanism", record["mechanisms"])):
            for row in rows:
                if verdicts.get(kind, row["key"]) is not None:
                    continue
                item = items.get((kind, row["key"]))
                if item is None:
                    item = items[(kind, row["key"])] = _export_form(kind, row)
                if record["question"] not in item["questions"]:
                    item["questions"].append(record["question"])
    return list(items.values())


def _export_form(kind: str, row: dict) -> dict:
    if kind == "claim":
        return {"kind": kind, "key": row["key"], "source": row["source"], "target": row["target"],
                "sign": sign_text(row["sign"]), "relation": row["relation"], "sentence": row["sentence"],
                **({"sentence_before": row["before"]} if row.get("before") else {}), "questions": [], "verdict": None, "sign_error": False, "note": ""}
    if kind == "node":
        return {"kind": kind, "key": row["key"], "label": row["label"], "questions": [],
                "entity": None, "note": ""}
    steps = [{**step, "sign": sign_text(step["sign"])} for step in row["steps"]]
    return {"kind": kind, "key": row["key"], "steps": steps, "questions": [], "verdict": None, "note": ""}


# --- report ------------------------------------------------------------------------------------

def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def summarise(records: list[dict], verdicts: Verdicts) -> dict:
    """The figures of the module docstring over ``records``."""
    answered = [r for r in records if r["answered"]]
    claims = [c for r in records for c in r["claims"]]
    judged = [(c, verdicts.get("claim", c["key"])) for c in claims if verdicts.get("claim", c["key"])]
    answer_judged = [(c, v) for c, v in judged if "answer" in c["where"]]
    # Drawn and worded as established (both readers agree) as against possible or contested.
    established = [(c, v) for c, v in judged if c.get("status") == "supported"]
    nodes = [n for r in records for n in r["nodes"]]
    node_verdicts = [verdicts.get("node", n["key"]) for n in nodes if verdicts.get("node", n["key"])]
    mechanisms = [m for r in records for m in r["mechanisms"]]
    mech_verdicts = [verdicts.get("mechanism", m["key"]) for m in mechanisms if verdicts.get("mechanism", m["key"])]
    with_graph_mechanism = [r for r in answered if r["graph_mechanism"]]

    def sound(record: dict) -> bool:
        return any((verdicts.get("mechanism", m["key"]) or {}).get("verdict") == "sound" for m in record["mechanisms"])

    return {
        "questions": len(records),
        "answered": len(answered),
        "answered_share": _share(len(answered), len(records)),
        "shown_claims": len(claims),
        "judged_claims": len(judged),
        "unjudged_claims": len({c["key"] for c in claims if not verdicts.get("claim", c["key"])}),
        "supported_share": _share(sum(v["verdict"] == "supports" for _, v in judged), len(judged)),
        "supported_or_partial_share": _share(sum(v["verdict"] != "does_not" for _, v in judged), len(judged)),
        "established_claims": len(established),
        "established_supported_share": _share(sum(v["verdict"] == "supports" for _, v in established),
                                              len(established)),
        "possible_claims": len(judged) - len(established),
        "possible_supported_share": _share(
            sum(v["verdict"] == "supports" for c, v in judged if c.get("status") != "supported"),
            len(judged) - len(established)),
        "answer_claims": sum("answer" in c["where"] for c in claims),
        "answer_supported_share": _share(sum(v["verdict"] == "supports" for _, v in answer_judged),
                                         len(answer_judged)),
        "sign_error_share": _share(sum(v["sign_error"] for _, v in judged), len(judged)),
        "shown_nodes": len(nodes),
        "unjudged_nodes": len({n["key"] for n in nodes if not verdicts.get("node", n["key"])}),
        "non_entity_share": _share(sum(not v["entity"] for v in node_verdicts), len(node_verdicts)),
        "graph_mechanism_share": _share(len(with_graph_mechanism), len(answered)),
        "states_mechanism_share": _share(sum(bool(r["mechanisms"]) for r in with_graph_mechanism),
                                         len(with_graph_mechanism)),
        "states_sound_mechanism_share": _share(sum(sound(r) for r in with_graph_mechanism),
                                               len(with_graph_mechanism)),
        "stated_mechanisms": len(mechanisms),
        "unjudged_mechanisms": len({m["key"] for m in mechanisms if not verdicts.get("mechanism", m["key"])}),
        "mechanism_sound_share": _share(sum(v["verdict"] == "sound" for v in mech_verdicts), len(mech_verdicts)),
        "mechanism_sound_or_partly_share": _share(sum(v["verdict"] != "unsound" for v in mech_verdicts),
                                                  len(mech_verdicts)),
        "seconds_median": round(statistics.median(r["seconds"] for r in records), 2) if records else None,
    }


def report(records: list[dict], verdicts: Verdicts) -> dict:
    return {split: summarise([r for r in records if split == "all" or r["split"] == split], verdicts)
            for split in SPLITS}


def format_report(figures: dict) -> str:
    names = list(figures["all"])
    width = max(map(len, names))
    lines = [f"{'':{width}}  " + "  ".join(f"{s:>9}" for s in SPLITS)]
    for name in names:
        cells = []
        for split in SPLITS:
            value = figures[split][name]
            cells.append(f"{'—' if value is None else f'{value:.1%}' if name.endswith('_share') else value:>9}")
        lines.append(f"{name:{width}}  " + "  ".join(cells))
    return "\n".join(lines)


# --- running -----------------------------------------------------------------------------------

def run_questions(questions: list[dict], index_dir: Path | None, data_dir: Path | None) -> list[dict]:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from bench.qa_eval import stale_claim_store
    from engine.pipeline import ask
    from engine.settings import Settings
    from retrieval.index import PaperIndex

    settings = Settings(backend="offline", **({"data_dir": data_dir} if data_dir else {}))
    index = PaperIndex.open(index_dir or settings.resolved_index_dir, settings.embedding_model)
    if (warning := stale_claim_store(index)) is not None:
        print(warning, file=sys.stderr)
    index.search("warm up", k=1)
    records = []
    for question in questions:
        start = time.perf_counter()
        result = ask(question["question"], index, settings)
        seconds = time.perf_counter() - start
        records.append(collect(question, result.graph, result.answer, not result.abstained, seconds))
        print(f"{question['id']} {'A' if not result.abstained else '-'} {seconds:5.2f}s "
              f"claims {len(records[-1]['claims'])}", file=sys.stderr)
    return records


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=Path, default=QUESTIONS)
    parser.add_argument("--index", type=Path, default=None, help="index folder (default: the settings' one)")
    parser.add_argument("--data-dir", type=Path, default=None, help="data folder holding index/")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--verdicts", type=Path, default=VERDICTS_DIR, help="folder of the verdict files")
    parser.add_argument("--out", type=Path, default=None, help="write the per-question records here (JSON)")
    parser.add_argument("--records", type=Path, default=None, help="report from the records of an --out file")
    parser.add_argument("--export-unjudged", type=Path, default=None, metavar="FILE")
    parser.add_argument("--import-verdicts", type=Path, default=None, metavar="FILE",
                        help="merge judged items; then report only if --records is given")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    try:
        verdicts = Verdicts.load(args.verdicts)
        if args.import_verdicts:
            counts = import_verdicts(verdicts, args.import_verdicts.read_text().splitlines(),
                                     str(args.import_verdicts))
            verdicts.save(args.verdicts)
            print(f"merged {args.import_verdicts}: {counts}", file=sys.stderr)
            if not args.records:
                return 0
    except (VerdictError, OSError, json.JSONDecodeError) as exc:
        print(f"verdicts not merged: {exc}", file=sys.stderr)
        return 2

    if args.records:
        try:
            records = json.loads(args.records.read_text())["records"]
        except (ValueError, OSError, KeyError) as exc:
            print(f"records not read from {args.records}: {exc!r}", file=sys.stderr)
            return 2
    else:
        try:
            questions = load_questions(args.questions)[: args.limit]
        except (ValueError, OSError) as exc:  # a JSON error is a ValueError too
            print(f"questions not read: {exc}", file=sys.stderr)
            return 2
        records = run_questions(questions, args.index, args.data_dir)
        if args.out:
            args.out.write_text(json.dumps({"records": records}, ensure_ascii=False, indent=1))
    if args.export_unjudged:
        items = unjudged_items(records, verdicts)
        args.export_unjudged.write_text("".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items))
        print(f"{len(items)} unjudged items written to {args.export_unjudged}", file=sys.stderr)
    figures = report(records, verdicts)
    print(json.dumps(figures, indent=2) if args.json else format_report(figures))
    if not args.records and (args.questions, args.index, args.data_dir, args.limit, args.verdicts) == (
            QUESTIONS, None, None, None, VERDICTS_DIR):  # only a whole default run is on record
        record_figures(figures)
    return 0


def record_figures(figures: dict) -> None:
    """The shares of a whole default run, on record in bench/results/faithfulness.json (BENCHMARKS.md)."""
    whole = figures["all"]

    def of(key: str) -> dict:
        return parts(whole[key], figures["tune"][key], figures["held-out"][key], 100)

    write_results("faithfulness", "Faithfulness", ".venv/bin/python bench/faithfulness.py", [
        {"figure": "shown claims supported by their cited sentence", **of("supported_share"), "unit": "%",
         "target": {"at_least": 93, "over": "value"}, "note": f"{whole['judged_claims']} claims; {whole['unjudged_claims']} unjudged"},
        {"figure": "shown claims drawn as established that their sentence supports",
         **of("established_supported_share"), "unit": "%", "target": {"at_least": 90},
         "note": f"{whole['established_claims']} claims"},
        {"figure": "shown claims drawn as possible that their sentence supports", **of("possible_supported_share"),
         "unit": "%", "note": f"{whole['possible_claims']} claims"},
        {"figure": "shown claims supported or partly", **of("supported_or_partial_share"), "unit": "%"},
        {"figure": "sign errors among shown claims", **of("sign_error_share"), "unit": "%", "target": {"at_most": 3}},
        {"figure": "shown nodes that are not entities", **of("non_entity_share"), "unit": "%",
         "target": {"at_most": 3}, "note": f"{whole['shown_nodes']} nodes"},
        {"figure": "answered questions stating a ≥ 2-step mechanism where the graph has one",
         **of("states_mechanism_share"), "unit": "%", "target": {"at_least": 60}},
        {"figure": "faithfulness questions answered", **of("answered_share"), "unit": "%"},
    ])


if __name__ == "__main__":
    sys.exit(main())
