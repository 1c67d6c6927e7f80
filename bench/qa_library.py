"""How many HBP questions the pipeline could answer if it read the whole library: a ceiling for retrieval.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/qa_library.py [--questions FILE] [--limit N]
        [--records QA.json] [--out FILE.json]

bench/qa_eval.py asks each question of the default index in rounds of searches, so a question it
abstains on may have failed to find its sentences or to read them. Here every sentence of the index
is read once, by both readers as the pipeline reads a passage (``pipeline.extract`` with the claim
store, then ``verify``), and each question's graph is grown from all of those claims with the
pipeline's own Integrate, possible-marking, routes and labelling. A question is answered when the
answer could state a route (as ``ask`` decides), and its sign is scored as bench/qa_eval.py scores it.
The answered share is what perfect retrieval would give the readers and the joins of today; where it
is no higher than bench/qa_eval.py's, reading and joining, not search, hold the answers back. With
``--records`` (a bench/qa_eval.py ``--out`` file) each half's questions are cross-tabulated: answered
by the pipeline, by the library reading, by both.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.qa_eval import DEFAULT_QUESTIONS, predicted_sign, question_half  # noqa: E402
from bench.results import parts, write_results  # noqa: E402
from engine.backends import ExtractedClaim, LanguageBackend, get_backend  # noqa: E402
from engine.assembly.integrate import Integrator  # noqa: E402
from engine.explain.mechanism import find_routes  # noqa: E402
from engine.model.graph import Graph  # noqa: E402
from engine.assembly.agreement import mark_possible  # noqa: E402
from engine.reading.parse.store import store_for  # noqa: E402
from engine.pipeline import (Retrieved, abbreviations_for, abstention_reason, extract, label,  # noqa: E402
                             library_abbreviations, scenario_for, verify_claims)
from engine.settings import Settings  # noqa: E402
from retrieval.index import PaperIndex, Passage  # noqa: E402


def library_claims(index: PaperIndex, settings: Settings, backend: LanguageBackend) -> list[ExtractedClaim]:
    """Every verified claim of every sentence of the index, read as the pipeline reads a passage."""
    passages = [Passage(doc_id=d.id, title=d.title, sentence=s, sentence_index=i, score=0.0)
                for d in index.documents() for i, s in enumerate(d.sentences)]
    abbreviations = abbreviations_for(index, sorted({p.doc_id for p in passages}), {})
    claims = extract(backend, [Retrieved(passage=p, query="", round=1) for p in passages],
                     Graph(), abbreviations, store_for(settings.resolved_index_dir))
    return verify_claims(claims).kept


def answer_from(question: dict, claims: list[ExtractedClaim], index: PaperIndex, settings: Settings,
                backend: LanguageBackend) -> dict:
    """The question answered from all of ``claims`` as ``ask`` would answer it: answered or why not
    (``pipeline.abstention_reason``), and the predicted sign."""
    analysis = backend.analyze(question["question"])
    record = {"id": question["id"], "half": question_half(question["id"]), "expected": question["expected_sign"],
              "answered": False, "predicted": 0}
    if analysis.abstained:
        return record | {"failure": "abstained at Analyze"}
    integrator = Integrator(question["question"], analysis.sources, analysis.targets,
                            max_nodes=settings.pipeline.max_nodes, library=library_abbreviations(index))
    integrator.add(claims, 1)
    integration = integrator.build()
    graph = mark_possible(integration.graph) if settings.pipeline.cross_check else integration.graph
    reason = abstention_reason(analysis, integration.connected, bool(find_routes(graph, max_mechanisms=1)),
                               settings.pipeline, rounds=1)
    if reason:
        return record | {"failure": "no route the answer can state" if integration.connected
                         else "no chain links the ends"}
    labelling = label(graph, scenario_for(graph, analysis), settings)
    return record | {"answered": True, "failure": "", "predicted": predicted_sign(labelling, graph.targets[0])[0]}


def summary(records: list[dict], pipeline: dict[str, bool]) -> dict:
    answered = [r for r in records if r["answered"]]
    right = sum(r["predicted"] == r["expected"] for r in answered)
    figures = {
        "questions": len(records),
        "answered_share": len(answered) / len(records) if records else 0.0,
        "sign_accuracy_on_answered": right / len(answered) if answered else 0.0,
        "correct_share_of_all": right / len(records) if records else 0.0,
        "failures": dict(Counter(r["failure"] for r in records if not r["answered"])),
    }
    if pipeline:
        figures["answered_by"] = dict(Counter(
            ("pipeline" if pipeline.get(r["id"]) else "-") + " / " + ("library" if r["answered"] else "-")
            for r in records))
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--questions", type=Path, default=DEFAULT_QUESTIONS)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--records", type=Path, default=None, help="a bench/qa_eval.py --out file")
    parser.add_argument("--out", type=Path, default=None, help="write per-question records here (JSON)")
    args = parser.parse_args()

    settings = Settings()
    index = PaperIndex.open(settings.resolved_index_dir)
    started = time.perf_counter()
    backend = get_backend(settings)
    claims = library_claims(index, settings, backend)
    print(f"read the library: {len(claims)} verified claims ({time.perf_counter() - started:.0f} s)", flush=True)
    questions = [json.loads(line) for line in args.questions.read_text().splitlines() if line.strip()]
    records = []
    for question in questions[:args.limit]:
        records.append(answer_from(question, claims, index, settings, backend))
        print(f"{question['id']} {'A' if records[-1]['answered'] else '-'} {records[-1]['failure']}", flush=True)
    pipeline = {}
    if args.records:
        pipeline = {r["id"]: r["answered"] for r in json.loads(args.records.read_text())["records"]}
    report = {half: summary([r for r in records if half in ("all", r["half"])], pipeline)
              for half in ("tune", "held-out", "all")}
    print(json.dumps(report, indent=2))
    if args.out:
        args.out.write_text(json.dumps({"summary": report, "records": records}, indent=1))
    if (args.questions, args.limit) == (DEFAULT_QUESTIONS, None):  # only the whole set is on record
        record_figures(report)
    return 0


def record_figures(report: dict) -> None:
    """The ceiling's figures, on record in bench/results/qa_library.json (BENCHMARKS.md)."""
    def of(key: str, scale: float = 1.0) -> dict:
        return parts(report["all"][key], report["tune"][key], report["held-out"][key], scale)

    answered = " / ".join(f"{round(report[h]['answered_share'] * report[h]['questions'])} of {report[h]['questions']}"
                          for h in ("tune", "held-out"))
    write_results("qa_library", "Questions", ".venv/bin/python bench/qa_library.py --records F.json", [
        {"figure": "HBP questions answered from every claim of the library", **of("answered_share", 100), "unit": "%",
         "note": f"{answered}; a ceiling for retrieval"},
        {"figure": "HBP sign accuracy on answered, every claim of the library", **of("sign_accuracy_on_answered"),
         "decimals": 3},
    ])


if __name__ == "__main__":
    raise SystemExit(main())
