"""Question benchmark: the whole pipeline on ../shared/data/hbp/questions_dev.jsonl (DESIGN §9).

    HF_HUB_OFFLINE=1 .venv/bin/python bench/qa_eval.py [--limit N] [--index DIR] [--out FILE.json]
        [--backend offline|openai] [--questions FILE.jsonl]

``--questions`` asks another set (``load_questions``): one JSON object a line with ``id``, ``question``
and ``expected_sign``; ``gold_paths`` and ``half`` are optional. The PubMedQA set
(``--questions bench/pubmedqa_questions.jsonl --index data/pubmedqa-index``, built by
bench/pubmedqa_library.py) has no gold paths, so its path-overlap figures are None, and its own
``half``, a split by PMID.

Each question is asked once, with the default settings, of the default corpus index (``python -m
corpus ensure``), opened once before the clock starts. The backend is the offline one unless
``--backend openai`` names the settings' OpenAI-compatible endpoint (``CAUSEWAY_LLM__BASE_URL``,
``CAUSEWAY_LLM__MODEL``, ``CAUSEWAY_LLM__API_KEY``). Figures:

- answered: the share of questions not abstained on (a source–target path was found);
- sign accuracy on answered questions: the target's label when the source increases (the question's
  default scenario) against ``expected_sign``. The predicted sign is +1 for increasing or active, −1 for
  decreasing; an uncertain label counts by its one non-neutral possible value when it has exactly one
  ("may decrease or stay stable" → −1), otherwise it is 0 and wrong. Also reported: certain-only.
- path overlap: for each gold path, the share of its intermediate nodes (nodes strictly between source
  and target) that are intermediate nodes of one graph path from source to target (the answer's path
  statements), names compared with ``terms_match`` on the node label and aliases; the best pair counts.
  Reported as the mean over answered questions, the share with overlap 1, and the share whose graph
  path has exactly the gold intermediates in order ("exact path").
- seconds per question: median (and 90th percentile) of the wall time of ``ask``; beside it the
  process CPU time of ``ask`` (all threads), which a shared machine's load inflates far less.
- answer checks over every step (one edge claim) of every path statement: with a citation; citations to
  documents the index does not hold (must be 0); claims with a cited sentence that mentions both ends
  (``engine.assembly.verify.mentions`` on the node label and aliases).
- answered without a path statement: connected only through chains longer than the answer states
  (``engine.explain.answer.MAX_PATH_EDGES``), so the answer names no chain;
- mechanism stated: of the answered questions whose graph holds a source → target path of two or
  more steps (at most ``MAX_PATH_EDGES``), the share whose answer states one (a path statement of two
  or more steps; ``mechanism`` statements once the answer has them).
- with the reader cross-check (``pipeline.cross_check``): the share of path-statement edges that are
  only *possible* (no sentence two readers agree on), and the answered questions whose stated path
  uses agreed edges only;
- failure kinds: why unanswered questions failed and how wrong signs arose.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import networkx as nx  # noqa: E402

from engine.explain.answer import MAX_PATH_EDGES  # noqa: E402
from engine.backends import BackendError  # noqa: E402
from engine.model.graph import Graph, Labelling, Node  # noqa: E402
from engine.reading.language.text import terms_match  # noqa: E402
from engine.pipeline import AskResult, ask  # noqa: E402
from engine.settings import Settings  # noqa: E402
from bench.results import parts, write_results  # noqa: E402
from engine.assembly.verify import mentions  # noqa: E402

DEFAULT_QUESTIONS = REPO.parent / "shared" / "data" / "hbp" / "questions_dev.jsonl"
PUBMEDQA_QUESTIONS = REPO / "bench" / "pubmedqa_questions.jsonl"
PUBMEDQA_INDEX = REPO / "data" / "pubmedqa-index"
_SIGN = {"increasing": 1, "decreasing": -1, "active": 1}
# Statements that follow one source → target path (older answers called them all "path").
PATH_KINDS = frozenset({"path", "mechanism", "direct", "chain"})


def predicted_sign(labelling: Labelling, node_id: str) -> tuple[int, bool]:
    label = labelling.labels.get(node_id)
    if label is None:
        return 0, False
    if label.certain:
        return _SIGN.get(label.label, 0), True
    moving = [v for v in label.possible if v in _SIGN]
    return (_SIGN[moving[0]] if len(moving) == 1 else 0), False


def answering_target(graph: Graph) -> str:
    """The target node whose label answers the question: the question's own target where a source
    reaches it, else the first node that answers for it (a kind or a part of it, ``Node.answers_for``)
    that a source reaches, else the question's target."""
    digraph = nx.DiGraph([(e.source, e.target) for e in graph.edges if e.orientation == "directed"])
    for target in graph.targets:
        if any(s in digraph and target in digraph and nx.has_path(digraph, s, target) for s in graph.sources):
            return target
    return graph.targets[0]


def question_half(question_id: str) -> str:
    """The fixed tune/held-out split: the parity of the first byte of the id's SHA-256. Diagnosis
    looks only at the tune half; the held-out half shows whether a fix generalises."""
    return "tune" if hashlib.sha256(question_id.encode()).digest()[0] % 2 == 0 else "held-out"


def half_of(item: dict) -> str:
    """A question's half: the one its file gives, else ``question_half`` of its id."""
    return item.get("half") or question_half(item["id"])


def load_questions(path: Path) -> list[dict]:
    """The questions of a JSONL file, each with ``id``, ``question`` and ``expected_sign`` (+1 or -1);
    ``gold_paths`` defaults to none. A malformed line stops the run with its number."""
    questions = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            raise SystemExit(f"error: {path} line {number}: malformed JSON ({error.msg})") from None
        missing = [k for k in ("id", "question", "expected_sign") if k not in item]
        if missing or item["expected_sign"] not in (1, -1):
            raise SystemExit(f"error: {path} line {number}: needs id, question and an expected_sign of 1 or -1")
        questions.append({"gold_paths": [], **item})
    return questions


class _ModeIndex:
    """The index with every ``search`` in one mode (the pipeline calls ``search(query, k=k)``)."""

    def __init__(self, index, mode: str) -> None:
        self._index, self._mode = index, mode

    def search(self, query: str, k: int = 10, mode: str | None = None):
        return self._index.search(query, k=k, mode=self._mode)

    def __getattr__(self, name: str):
        return getattr(self._index, name)


def _names(node: Node) -> list[str]:
    return [node.label, *node.aliases]


def _matches(name: str, node: Node) -> bool:
    return terms_match(name, node.label, (), node.aliases)


def path_overlap(result: AskResult, gold_paths: list[dict]) -> tuple[float, bool]:
    nodes = {n.id: n for n in result.graph.nodes}
    graph_paths = [s.path[1:-1] for s in result.answer.statements if s.kind in PATH_KINDS]
    best, exact = 0.0, False
    for gold in gold_paths:
        middle = gold["nodes"][1:-1]
        for path in graph_paths:
            found = [any(_matches(name, nodes[n]) for n in path) for name in middle]
            best = max(best, sum(found) / len(middle))
            if len(path) == len(middle) and all(_matches(name, nodes[n]) for name, n in zip(middle, path)):
                exact = True
    return best, exact


def answer_checks(result: AskResult, index) -> dict[str, int]:
    nodes = {n.id: n for n in result.graph.nodes}
    status = {e.id: e.status for e in result.graph.edges}
    counts = Counter()
    for statement in result.answer.statements:
        if statement.kind not in PATH_KINDS:
            continue
        counts["path_edges_possible"] += sum(status.get(e) == "possible" for e in statement.edges)
        counts["path_edges"] += len(statement.edges)
        for step in statement.steps:
            counts["claims"] += 1
            counts["cited"] += bool(step.citations)
            if any(mentions(s, _names(nodes[step.source])) and mentions(s, _names(nodes[step.target]))
                   for s in step.sentences):
                counts["sentence_mentions_both"] += 1
    for reference in result.answer.references:
        counts["references"] += 1
        counts["outside_index"] += not index.has_document(reference.doc_id)
    return dict(counts)


def graph_holds_mechanism(graph: Graph) -> bool:
    """A source → target path of two or more steps, short enough for the answer to state."""
    digraph = nx.DiGraph((e.source, e.target) for e in graph.edges
                         if e.orientation == "directed" and e.source != e.target)
    for source in graph.sources:
        for target in graph.targets:
            if source == target or source not in digraph or target not in digraph:
                continue
            without_direct = digraph.copy()
            if without_direct.has_edge(source, target):
                without_direct.remove_edge(source, target)
            if nx.has_path(without_direct, source, target) and \
                    nx.shortest_path_length(without_direct, source, target) <= MAX_PATH_EDGES:
                return True
    return False


def states_mechanism(result: AskResult) -> bool:
    """The answer states a path of two or more steps (a mechanism statement, or in older answers any
    path statement)."""
    kinds = {s.kind for s in result.answer.statements}
    wanted = {"mechanism"} if "mechanism" in kinds else {"path"}
    return any(s.kind in wanted and len(s.edges) >= 2 for s in result.answer.statements)


def failure_kind(result: AskResult) -> str:
    if result.analysis.abstained:
        return "question not analysed as causal"
    graph: Graph = result.graph
    touched = {e.source for e in graph.edges} | {e.target for e in graph.edges}
    source_linked = any(s in touched for s in graph.sources)
    target_linked = any(t in touched for t in graph.targets)
    if not source_linked and not target_linked:
        return "no evidenced claim on the source or the target"
    if not source_linked:
        return "no evidenced claim on the source"
    if not target_linked:
        return "no evidenced claim on the target"
    chains = nx.DiGraph((e.source, e.target) for e in graph.edges)
    if any(nx.has_path(chains, s, t) for s in graph.sources for t in graph.targets
           if s in chains and t in chains):
        return "a chain links the ends, but no route the answer can state"
    return "both ends have claims but no chain meets"


def summarise(records: list[dict]) -> dict:
    """The figures of the module docstring over per-question records."""
    answered = [r for r in records if r["answered"]]
    gold = [r for r in answered if r.get("overlap") is not None]
    checks = Counter()
    for r in answered:
        checks.update(r["checks"])
    seconds = sorted(r["seconds"] for r in records)
    summary = {
        "questions": len(records),
        "answered_share": len(answered) / len(records),
        "answered_without_path_statement": sum(r.get("path") is None for r in answered),
        "sign_accuracy_on_answered": (sum(r["predicted"] == r["expected"] for r in answered) / len(answered))
        if answered else None,
        "certain_share_of_answered": (sum(r["certain"] for r in answered) / len(answered)) if answered else None,
        "sign_accuracy_certain_only": (
            sum(r["predicted"] == r["expected"] for r in answered if r["certain"])
            / max(1, sum(r["certain"] for r in answered))),
        "correct_share_of_all": sum(r.get("predicted") == r["expected"] for r in records) / len(records),
        # path overlap only over questions with gold paths
        "path_overlap_mean": statistics.mean(r["overlap"] for r in gold) if gold else None,
        "path_overlap_full_share": (sum(r["overlap"] == 1 for r in gold) / len(gold)) if gold else None,
        "exact_path_share": (sum(r["exact"] for r in gold) / len(gold)) if gold else None,
        "seconds_median": statistics.median(seconds),
        "seconds_p90": seconds[int(0.9 * (len(seconds) - 1))],
        "cpu_seconds_median": statistics.median(r.get("cpu_seconds", 0.0) for r in records),
        "cpu_seconds_p90": sorted(r.get("cpu_seconds", 0.0) for r in records)[int(0.9 * (len(records) - 1))],
        "seconds_median_without_search": statistics.median(r["seconds"] - r["search_seconds"] for r in records),
        "claims": checks["claims"],
        "claims_cited_share": checks["cited"] / checks["claims"] if checks["claims"] else None,
        "citations_outside_index": checks["outside_index"],
        "claims_sentence_mentions_both_share": (checks["sentence_mentions_both"] / checks["claims"])
        if checks["claims"] else None,
        "graph_holds_mechanism": sum(r.get("graph_mechanism", False) for r in answered),
        "mechanism_stated_share": (
            sum(r.get("stated_mechanism", False) for r in answered if r.get("graph_mechanism"))
            / max(1, sum(r.get("graph_mechanism", False) for r in answered))),

        # with the cross-check: answers whose stated path uses only edges two readers agree on
        "answered_through_agreed_edges_only": sum(
            r["checks"].get("path_edges", 0) > 0 and not r["checks"].get("path_edges_possible", 0) for r in answered),
        "path_edges_possible_share": (checks["path_edges_possible"] / checks["path_edges"])
        if checks["path_edges"] else None,
        "failure_kinds": dict(Counter(r["failure"] for r in records if "failure" in r).most_common()),
    }
    return summary


def summarise_halves(records: list[dict]) -> dict:
    """The summary over all records, with the same figures for each half of the split present."""
    summary = summarise(records)
    for half in ("tune", "held-out"):
        part = [r for r in records if r.get("half", question_half(r["id"])) == half]
        if part and len(part) < len(records):
            summary[half] = {k: v for k, v in summarise(part).items() if k != "failure_kinds"}
    return summary


def stale_claim_store(index: object) -> str | None:
    """A warning when the parse reader's claim store of ``index`` was read by another version of the
    reader (a reader source changed since ``python -m corpus ensure``): the pipeline then ignores
    every stored claim, its stated look-ups find nothing, and the figures describe another pipeline."""
    from engine.reading.parse.store import store_for

    index_dir = getattr(index, "index_dir", None)
    if index_dir is None or len(store_for(index_dir)):
        return None
    return (f"warning: the claim store in {index_dir} holds no claims of this reader version; "
            "run `python -m corpus ensure` before measuring")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=Path, default=DEFAULT_QUESTIONS)
    parser.add_argument("--index", type=Path, default=None)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--out", type=Path, default=None, help="write per-question records here (JSON)")
    parser.add_argument("--mode", choices=["hybrid", "bm25"], default="hybrid",
                        help="search mode of every query; bm25 skips query embedding, for fast iteration")
    parser.add_argument("--half", choices=["tune", "held-out"], default=None,
                        help="only the questions of one half of the hash split (see question_half)")
    parser.add_argument("--backend", choices=("offline", "openai"), default="offline",
                        help="the language steps: offline rules, or the settings' OpenAI-compatible endpoint")
    parser.add_argument("--summarise", type=Path, default=None, help="only summarise the records of an --out file")
    parser.add_argument("--graphs", type=Path, default=None,
                        help="write each answered question's graph and labelling here (ID.json), for bench/mechanism_share.py")
    args = parser.parse_args()
    if args.summarise:
        records = json.loads(args.summarise.read_text())["records"]
        print(json.dumps(summarise_halves(records), indent=2))
        return 0
    os.environ.setdefault("HF_HUB_OFFLINE", "1")

    from retrieval.index import PaperIndex

    settings = Settings(backend=args.backend)
    questions = load_questions(args.questions)
    if args.half:
        questions = [q for q in questions if half_of(q) == args.half]
    questions = questions[: args.limit] if args.limit else questions
    started = time.perf_counter()
    index = PaperIndex.open(args.index or settings.resolved_index_dir, settings.embedding_model)
    if (warning := stale_claim_store(index)) is not None:
        print(warning, file=sys.stderr)
    if args.mode != "hybrid":
        index = _ModeIndex(index, args.mode)
    index.search("warm up", k=1)
    open_seconds = time.perf_counter() - started

    records = []
    for item in questions:
        start, cpu_start = time.perf_counter(), time.process_time()
        try:
            result = ask(item["question"], index, settings)
        except BackendError as exc:  # the endpoint is down or keeps answering garbage: stop, keep the records
            print(f"{item['id']}: the {args.backend} backend failed: {exc}", file=sys.stderr)
            return 2
        seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
        record = {"id": item["id"], "half": half_of(item), "question": item["question"], "seconds": round(seconds, 3), "cpu_seconds": round(cpu_seconds, 3),
                  "answered": not result.abstained, "expected": item["expected_sign"],
                  "rounds": result.trace.rounds,
                  "search_seconds": round(result.trace.seconds.get("discover", 0.0), 3), "nodes": len(result.graph.nodes), "edges": len(result.graph.edges)}
        if args.graphs and not result.abstained:
            args.graphs.mkdir(parents=True, exist_ok=True)
            (args.graphs / f"{item['id']}.json").write_text(json.dumps({
                "graph": result.graph.model_dump(mode="json"), "labelling": result.labelling.model_dump(mode="json")}))
        if result.abstained:
            record["failure"] = failure_kind(result)
        else:
            sign, certain = predicted_sign(result.labelling, answering_target(result.graph))
            overlap, exact = path_overlap(result, item["gold_paths"]) if item["gold_paths"] else (None, None)
            record.update(predicted=sign, certain=certain, overlap=overlap, exact=exact,
                          checks=answer_checks(result, index),
                          graph_mechanism=graph_holds_mechanism(result.graph),
                          stated_mechanism=states_mechanism(result),
                          path=next((s.path for s in result.answer.statements if s.kind in PATH_KINDS), None))
            if sign != item["expected_sign"]:
                record["failure"] = ("target label ambiguous" if sign == 0 else
                                     "certain but opposite sign" if certain else "uncertain, leaning the wrong way")
        records.append(record)
        if args.out:  # kept current, so an interrupted run still leaves its records
            args.out.write_text(json.dumps({"records": records}, indent=1))
        print(f"{item['id']} {'A' if record['answered'] else '-'} {seconds:5.2f}s {record.get('failure', '')}",
              file=sys.stderr)

    summary = summarise_halves(records)
    summary["search_mode"] = args.mode
    summary["backend"] = args.backend
    summary["index_open_seconds"] = round(open_seconds, 2)
    print(json.dumps(summary, indent=2))
    if args.out:
        args.out.write_text(json.dumps({"summary": summary, "records": records}, indent=1))
    whole_run = (args.limit, args.half, args.mode, args.backend) == (None, None, "hybrid", "offline")
    if whole_run and (args.questions, args.index) == (DEFAULT_QUESTIONS, None):  # only whole runs are on record
        record_figures(summary, "qa_eval", "HBP", ".venv/bin/python bench/qa_eval.py --out F.json")
    elif whole_run and (args.questions.resolve(), args.index and args.index.resolve()) == (
            PUBMEDQA_QUESTIONS, PUBMEDQA_INDEX):
        record_figures(summary, "qa_pubmedqa", "PubMedQA", ".venv/bin/python bench/qa_eval.py --questions "
                       "bench/pubmedqa_questions.jsonl --index data/pubmedqa-index --out F.json", sign_target=0.90)
    return 0


def record_figures(summary: dict, name: str, label: str, command: str, sign_target: float = 0.80) -> None:
    """The figures of a whole run of a question set, on record in bench/results/NAME.json (BENCHMARKS.md)."""
    tune, held_out = summary.get("tune", {}), summary.get("held-out", {})

    def of(key: str, scale: float = 1.0) -> dict:
        return parts(summary.get(key), tune.get(key), held_out.get(key), scale)

    answered = " / ".join(f"{round(h['answered_share'] * h['questions'])} of {h['questions']}" for h in (tune, held_out) if h)
    write_results(name, "Questions", command, [
        {"figure": f"{label} questions answered", **of("answered_share", 100), "unit": "%",
         "target": {"at_least": 45 if label == "HBP" else 50}, "note": answered},
        {"figure": f"{label} sign accuracy on answered", **of("sign_accuracy_on_answered"), "decimals": 3,
         "target": {"at_least": sign_target}},
        {"figure": f"{label} right answers among all questions", **of("correct_share_of_all", 100), "unit": "%"},
        {"figure": f"{label} seconds per question, 90th percentile", "value": summary["seconds_p90"], "unit": "s",
         "decimals": 2, "target": {"at_most": 3}, "note": f"median {summary['seconds_median']:.2f} s"},
    ])


if __name__ == "__main__":
    sys.exit(main())
