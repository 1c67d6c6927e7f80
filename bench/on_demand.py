"""Literature on demand measured (issue 42): questions answered from a library that starts empty and
grows from a stand-in PubMed, against the same abstracts indexed beforehand.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/on_demand.py [--latency 0.3] [--limit N] [--out F.json]

The question set is bench/pubmedqa_questions.jsonl (68 questions written from PubMedQA-L abstracts,
tune and held-out halves as ``bench/qa_eval.half_of`` gives them). Fully indexed: each question is
asked of ``data/pubmedqa-index`` (the 1,000 PubMedQA-L abstracts, ``bench/pubmedqa_library.py``) with
fetching off, as ``bench/qa_eval.py`` asks it. On demand: ``bench/eutils_standin.py`` serves the same
1,000 abstracts as PubMed XML on 127.0.0.1, each call answered after ``--latency`` seconds, and each
question is asked of a fresh library holding one placeholder document (an index holds at least one)
with a fresh cache and ``CAUSEWAY_PUBMED__ENABLED`` on: everything it reads, it fetched for that
question. Seconds are the wall time of ``ask`` (fetching, embedding and reading included). Only a whole
run goes on record (bench/results/on_demand.json).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.eutils_standin import StandIn, articles_from_pubmedqa  # noqa: E402
from bench.pubmedqa_library import build_library, load_pubmedqa  # noqa: E402
from bench.qa_eval import (PUBMEDQA_INDEX, PUBMEDQA_QUESTIONS, answering_target, half_of,  # noqa: E402
                           load_questions, predicted_sign, stale_claim_store)
from bench.results import parts, write_results  # noqa: E402
from engine.pipeline import ask  # noqa: E402
from engine.settings import Settings  # noqa: E402
from retrieval.documents import Document  # noqa: E402
from retrieval.index import IndexNotFound, PaperIndex  # noqa: E402

PLACEHOLDER = Document(id="placeholder", title="An empty library", sentences=["This library holds no papers yet."])
COMMAND = "HF_HUB_OFFLINE=1 .venv/bin/python bench/on_demand.py --latency 0.3"


def timed_ask(item: dict, index, settings: Settings) -> dict:
    """Ask the question; its record with the wall and CPU seconds of ``ask``."""
    started, cpu_started = time.perf_counter(), time.process_time()
    result = ask(item["question"], index, settings)
    return record_of(item, result, time.perf_counter() - started, time.process_time() - cpu_started)


def record_of(item: dict, result, seconds: float, cpu_seconds: float) -> dict:
    record = {"id": item["id"], "half": half_of(item), "seconds": round(seconds, 3),
              "cpu_seconds": round(cpu_seconds, 3),
              "answered": not result.abstained, "expected": item["expected_sign"]}
    if not result.abstained:
        record["predicted"] = predicted_sign(result.labelling, answering_target(result.graph))[0]
    pubmed = result.trace.pubmed
    if pubmed is not None:
        record.update(fetched=len(pubmed.added), note=pubmed.note, problems=len(pubmed.problems),
                      fetch_seconds=pubmed.seconds)
    return record


def fully_indexed(questions: list[dict]) -> list[dict]:
    try:
        index = PaperIndex.open(PUBMEDQA_INDEX)
    except IndexNotFound:
        build_library(PUBMEDQA_INDEX)
        index = PaperIndex.open(PUBMEDQA_INDEX)
    if stale_claim_store(index) is not None:  # read by another reader version: read it again first
        build_library(PUBMEDQA_INDEX)
        index = PaperIndex.open(PUBMEDQA_INDEX)
    settings = Settings(index_dir=PUBMEDQA_INDEX)
    records = []
    for item in questions:
        records.append(timed_ask(item, index, settings))
        _say("indexed", records[-1])
    return records


def on_demand(questions: list[dict], latency_s: float, work: Path, pubmed: dict | None = None) -> list[dict]:
    standin = StandIn(articles_from_pubmedqa(load_pubmedqa()), latency_s=latency_s)
    base_url = standin.start()
    seed = PaperIndex.build([PLACEHOLDER], work / "seed", Settings().embedding_model)
    records = []
    try:
        for number, item in enumerate(questions):
            folder = work / f"q{number}"
            shutil.copytree(work / "seed", folder / "index")
            index = PaperIndex.open(folder / "index", embedder=seed.embedder)
            settings = Settings(data_dir=folder, index_dir=folder / "index",
                                pubmed={**(pubmed or {}), "enabled": True, "base_url": base_url})
            calls = len(standin.calls)
            records.append({**timed_ask(item, index, settings), "calls": len(standin.calls) - calls})
            _say("on demand", records[-1])
            shutil.rmtree(folder, ignore_errors=True)
    finally:
        standin.stop()
    return records


class LoadSampler:
    """The machine's load average, sampled every ``every_s`` seconds while the run goes on (other jobs
    share its 2 cores, and the seconds per question depend on them)."""

    def __init__(self, every_s: float = 10.0) -> None:
        self.samples = [os.getloadavg()[0]]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, args=(every_s,), daemon=True)
        self._thread.start()

    def _sample(self, every_s: float) -> None:
        while not self._stop.wait(every_s):
            self.samples.append(os.getloadavg()[0])

    def stop(self) -> str:
        self._stop.set()
        self._thread.join()
        return f"load median {statistics.median(self.samples):.0f}, max {max(self.samples):.0f}"


def _say(mode: str, record: dict) -> None:
    print(f"{mode}: {record['id']} {'A' if record['answered'] else '-'} {record['seconds']:5.2f}s "
          f"{record.get('calls', '')}", file=sys.stderr)


def summary(records: list[dict]) -> dict:
    answered = [r for r in records if r["answered"]]
    seconds = sorted(r["seconds"] for r in records)
    return {
        "questions": len(records), "answered": len(answered),
        "answered_share": len(answered) / len(records),
        "sign_accuracy": sum(r["predicted"] == r["expected"] for r in answered) / len(answered) if answered else None,
        "seconds_median": statistics.median(seconds), "seconds_p90": seconds[int(0.9 * (len(seconds) - 1))],
        "cpu_seconds_p90": sorted(r["cpu_seconds"] for r in records)[int(0.9 * (len(records) - 1))],
        "calls_mean": statistics.mean(r.get("calls", 0) for r in records),
        "fetched_mean": statistics.mean(r.get("fetched", 0) for r in records),
    }


def by_half(records: list[dict]) -> dict:
    return {"all": summary(records), **{half: summary([r for r in records if r["half"] == half])
                                        for half in ("tune", "held-out") if any(r["half"] == half for r in records)}}


def figures(indexed: dict, fetched: dict, latency_s: float, load: str) -> list[dict]:
    def of(table: dict, key: str, scale: float = 1.0) -> dict:
        return parts(*(table.get(h, {}).get(key) for h in ("all", "tune", "held-out")), scale=scale)

    def counts(table: dict) -> str:
        return " / ".join(f"{table[h]['answered']} of {table[h]['questions']}" for h in ("tune", "held-out") if h in table)

    gap = {h: 100 * (fetched[h]["answered_share"] - indexed[h]["answered_share"]) for h in fetched}
    return [
        {"figure": "On demand: questions answered, library starting empty", **of(fetched, "answered_share", 100),
         "unit": "%", "note": counts(fetched)},
        {"figure": "Fully indexed: questions answered, same abstracts", **of(indexed, "answered_share", 100),
         "unit": "%", "note": counts(indexed)},
        {"figure": "On demand minus fully indexed, answered", **parts(gap["all"], gap.get("tune"), gap.get("held-out")),
         "unit": "points", "signed": True, "target": {"at_least": -10}},
        {"figure": "On demand: sign accuracy on answered", **of(fetched, "sign_accuracy"), "decimals": 3},
        {"figure": "Fully indexed: sign accuracy on answered", **of(indexed, "sign_accuracy"), "decimals": 3},
        {"figure": "On demand: seconds per question, 90th percentile", **of(fetched, "seconds_p90"), "unit": "s",
         "decimals": 2, "target": {"at_most": 10},
         "note": f"{latency_s * 1000:.0f} ms a call; median {fetched['all']['seconds_median']:.2f} s; {load}"},
        {"figure": "On demand: CPU seconds per question, 90th percentile", **of(fetched, "cpu_seconds_p90"),
         "unit": "s", "decimals": 2, "note": "this process's CPU time in ask: embedding and reading the abstracts"},
        {"figure": "On demand: E-utilities calls per question", **of(fetched, "calls_mean"), "decimals": 2},
        {"figure": "On demand: abstracts fetched per question", **of(fetched, "fetched_mean"), "decimals": 2},
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.3, help="seconds the stand-in waits before each reply")
    parser.add_argument("--limit", type=int, help="only the first N questions (not put on record)")
    parser.add_argument("--out", type=Path, help="write the per-question records and summaries here")
    parser.add_argument("--half", choices=["tune", "held-out"], help="only this half (not put on record)")
    parser.add_argument("--cap", type=int, help="abstracts per question (default: the setting's; not put on record)")
    parser.add_argument("--per-query", type=int, help="abstracts per query (default: the setting's; not on record)")
    parser.add_argument("--skip-indexed", action="store_true", help="only the on-demand run (not put on record)")
    args = parser.parse_args()
    questions = [q for q in load_questions(PUBMEDQA_QUESTIONS) if args.half in (None, half_of(q))][:args.limit]
    pubmed = {key: value for key, value in (("max_abstracts_per_question", args.cap), ("per_query", args.per_query))
              if value is not None}
    load = LoadSampler()
    indexed_records = [] if args.skip_indexed else fully_indexed(questions)
    with tempfile.TemporaryDirectory(prefix="on-demand-") as work:
        fetched_records = on_demand(questions, args.latency, Path(work), pubmed)
    load_text = load.stop()
    indexed, fetched = by_half(indexed_records) if indexed_records else {}, by_half(fetched_records)
    report = {"latency_s": args.latency, "load": load_text, "fully_indexed": indexed, "on_demand": fetched}
    print(json.dumps(report, indent=2))
    if args.out:
        args.out.write_text(json.dumps({**report, "records": {"fully_indexed": indexed_records,
                                                              "on_demand": fetched_records}}, indent=1))
    if (args.limit, args.half, args.latency, args.skip_indexed, pubmed) == (None, None, 0.3, False, {}):
        write_results("on_demand", "Literature on demand", COMMAND, figures(indexed, fetched, args.latency, load_text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
