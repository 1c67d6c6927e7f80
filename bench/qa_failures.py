"""Where each unanswered question of bench/qa_eval.py is lost: the gold path, step by step.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/qa_failures.py --records QA.json [--half tune|held-out]
        [--questions FILE] [--out FILE.json] [--show-reader-misses]

``--records`` is a ``bench/qa_eval.py --out`` file; its unanswered questions (of one half) are asked
again with the default settings. Each gold step (X → Y of a gold path) is looked up among the
curated statements of the ``hbp-knowledge`` package (subject and object names, signed relation) for
its evidence sentences, and each sentence is followed through the pipeline's trace:

1. ``not in index``: the sentence is not one of the default index's passages;
2. ``not retrieved``: no round's query reached it;
3. ``reader: no claim X -> Y``: read, but neither reader states a claim from a name matching X to one
   matching Y (``terms_match``), or no claim at all;
4. ``pruned: REASON``: such a claim was read and pruned (Verify, a node filter, or outside the grown graph);
5. ``edge in graph``: an edge between nodes named like X and Y cites it.

A question's stage is the earliest stage of the worst step of its best gold path; a question whose
every step has its edge in the graph is ``steps in graph, not joined``: the edges' ends are different
entities (a form of the gold entity, or a name a reader cut or padded). Only the tune half should be
read while working on a fix. The figures are counts of questions per stage, and of steps per stage.

``--show-reader-misses`` also prints, for every step of a best gold path lost at the reader (stage 3),
the gold step (X, Y, sign), each of its sentences that was read, and what each reader reads from that
sentence on its own (the rule reader's and the parse reader's claims); with ``--out`` they are kept
under ``reader_misses``. This is the material for grouping reader misses by construction.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.qa_eval import DEFAULT_QUESTIONS, question_half  # noqa: E402
from engine.model.annotations import AnnotationError, parse_annotation  # noqa: E402
from engine.reading.language.text import terms_match  # noqa: E402

SIGNED = {"increases", "directlyIncreases", "decreases", "directlyDecreases"}
STEPS_JOINED = "steps in graph, not joined"


def gold_statements() -> dict[tuple[str, str], list[tuple[str, int]]]:
    """(subject, object) names, lower case → (evidence sentence, sign) of the package's signed statements."""
    from corpus.hbp import cache_path
    from retrieval.documents import clean_text

    graph = json.loads(cache_path().read_text(encoding="utf-8"))
    nodes, found = graph["nodes"], defaultdict(list)
    for link in graph["links"]:
        subject, obj = nodes[link["source"]].get("name"), nodes[link["target"]].get("name")
        if link.get("relation") in SIGNED and link.get("evidence") and subject and obj:
            sign = -1 if "ecreases" in link["relation"] else 1
            found[(subject.lower(), obj.lower())].append((clean_text(link["evidence"]), sign))
    return found


def gold_sentences() -> dict[tuple[str, str], list[str]]:
    """(subject, object) names, lower case → the evidence sentences of the package's signed statements."""
    return {step: [sentence for sentence, _ in found] for step, found in gold_statements().items()}


def _named(name: str, names: list[str]) -> bool:
    return any(n and terms_match(name, n) for n in names)


def step_stage(step: tuple[str, str], sentence: str, seen: dict) -> str:
    """The stage of one gold step's sentence; ``seen`` holds the trace's passages, annotation lines,
    pruned (line, reason) pairs and graph edges (source names, target names) by sentence."""
    x, y = step
    if sentence not in seen["index"]:
        return "1 not in index"
    if sentence not in seen["retrieved"]:
        return "2 not retrieved"
    if any(_named(x, a) and _named(y, b) for a, b in seen["edges"].get(sentence, [])):
        return "5 edge in graph"
    claims = []
    for line in seen["annotations"].get(sentence, []):
        try:
            claims.append(parse_annotation(line))
        except AnnotationError:
            continue
    matching = {line for line, c in zip(seen["annotations"].get(sentence, []), claims)
                if _named(x, [c.subject]) and _named(y, [c.object])}
    if not matching:
        return "3 reader: no claim X -> Y" if claims else "3 reader: no claim at all"
    reasons = [reason for line, reason in seen["pruned"].get(sentence, []) if line in matching]
    return f"4 pruned: {reasons[0][:90]}" if reasons else "4 read, no edge between these ends"


def question_stage(stages: list[list[str]]) -> tuple[str, list[str]]:
    """The best gold path's stages (the one whose worst step got furthest) and the question's stage."""
    best = max(stages, key=lambda path: (min(path), sorted(path)))
    if all(s.startswith("5") for s in best):
        return STEPS_JOINED, best
    return min(best), best


def path_stages(question: dict, gold: dict, seen: dict) -> list[list[str]]:
    """Each gold path's step stages: the furthest stage any of the step's sentences reached."""
    return [[max((step_stage(step, s, seen) for s in gold.get(step, [])), default="0 no statement")
             for step in zip(path["nodes"], path["nodes"][1:])] for path in question["gold_paths"]]


def unanswered(records: Path, questions: Path, half: str) -> list[dict]:
    """The questions of ``half`` that a ``bench/qa_eval.py --out`` file records as unanswered."""
    answered = {r["id"]: r["answered"] for r in json.loads(records.read_text())["records"]}
    items = [json.loads(line) for line in questions.read_text().splitlines() if line.strip()]
    return [q for q in items if question_half(q["id"]) == half and answered.get(q["id"]) is False]


def trace_seen(result, index_sentences: set[str]) -> dict:
    names = {n.id: [n.label, *n.aliases] for n in result.graph.nodes}
    seen: dict = {"index": index_sentences, "retrieved": {p.sentence for p in result.trace.passages},
                  "annotations": defaultdict(list), "pruned": defaultdict(list), "edges": defaultdict(list)}
    for annotation in result.trace.annotations:
        seen["annotations"][annotation.sentence].append(annotation.line)
    for pruned in result.trace.pruned:
        seen["pruned"][pruned.sentence].append((pruned.line, pruned.reason))
    for edge in result.graph.edges:
        for evidence in edge.evidence:
            seen["edges"][evidence.sentence].append((names[edge.source], names[edge.target]))
    return seen


def reader_misses(question_id: str, steps: list[tuple[str, str]], best: list[str], seen: dict,
                  statements: dict) -> list[dict]:
    """The best gold path's steps lost at the reader: each read sentence with what each reader reads
    from it alone."""
    from engine.model.annotations import format_annotation
    from engine.reading.rules.reader import extract_annotations
    from engine.reading.parse import read_sentence

    misses = []
    for step, stage in zip(steps, best):
        if not stage.startswith("3"):
            continue
        for sentence, sign in statements.get(step, []):
            if step_stage(step, sentence, seen).startswith("3"):
                misses.append({"id": question_id, "x": step[0], "y": step[1], "sign": sign, "stage": stage,
                               "sentence": sentence,
                               "rules": [format_annotation(a) for a in extract_annotations(sentence)],
                               "parse": [format_annotation(a) for a in read_sentence(sentence)]})
    return misses


def print_misses(misses: list[dict]) -> None:
    for miss in misses:
        print(f"\n{miss['id']}  {miss['x']} -> {miss['y']}  sign {miss['sign']:+d}  ({miss['stage']})")
        print(f"  S: {miss['sentence']}")
        for reader in ("rules", "parse"):
            for line in miss[reader] or ["(none)"]:
                print(f"  {reader:5s} {line}")


def question_arguments(description: str) -> argparse.ArgumentParser:
    """The options both failure benches take: the records, the questions and the half to read."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--records", type=Path, required=True, help="a bench/qa_eval.py --out file")
    parser.add_argument("--questions", type=Path, default=DEFAULT_QUESTIONS)
    parser.add_argument("--half", choices=["tune", "held-out"], default="tune")
    return parser


def default_index():
    """The default settings, their index and the set of its sentences."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from engine.settings import Settings
    from retrieval.index import PaperIndex

    settings = Settings()
    index = PaperIndex.open(settings.resolved_index_dir, settings.embedding_model)
    return settings, index, {s for document in index.documents() for s in document.sentences}


def main() -> int:
    parser = question_arguments(__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="per-question stages (JSON)")
    parser.add_argument("--show-reader-misses", action="store_true",
                        help="print each reader-stage gold step, its sentence and both readers' claims")
    args = parser.parse_args()
    settings, index, index_sentences = default_index()
    from engine.pipeline import ask

    questions = unanswered(args.records, args.questions, args.half)
    statements = gold_statements()
    gold = {step: [sentence for sentence, _ in found] for step, found in statements.items()}
    per_question, step_counts, misses = [], Counter(), []
    for question in questions:
        seen = trace_seen(ask(question["question"], index, settings), index_sentences)
        stages = path_stages(question, gold, seen)
        stage, best = question_stage(stages)
        step_counts.update(best)
        if args.show_reader_misses:
            path = question["gold_paths"][stages.index(best)]["nodes"]
            misses += reader_misses(question["id"], list(zip(path, path[1:])), best, seen, statements)
        per_question.append({"id": question["id"], "question": question["question"], "stage": stage, "steps": best})
        print(f"{question['id']} {stage}", file=sys.stderr)
    report_stages(args, per_question, "steps_by_stage", step_counts, misses)
    return 0


def report_stages(args: argparse.Namespace, per_question: list[dict], counted: str, counts: Counter,
                  misses: list) -> None:
    """Print where the unanswered questions were lost (and the readers' misses with
    --show-reader-misses), and write it all to --out."""
    summary = {"half": args.half, "unanswered": len(per_question),
               "questions_by_stage": dict(Counter(q["stage"] for q in per_question).most_common()),
               counted: dict(counts.most_common())}
    print(json.dumps(summary, indent=2))
    if args.show_reader_misses:
        print_misses(misses)
    if args.out:
        report = {"summary": summary, "questions": per_question}
        args.out.write_text(json.dumps(report | ({"reader_misses": misses} if args.show_reader_misses else {}),
                                       indent=1))


if __name__ == "__main__":
    sys.exit(main())
