"""Where each unanswered PubMedQA question of bench/qa_eval.py is lost, its stating sentences followed.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/pubmedqa_failures.py --records QA.json [--half tune|held-out]
        [--index DIR] [--questions FILE] [--out FILE.json] [--show-reader-misses | --answered]

``--records`` is a ``bench/qa_eval.py --out`` file of the PubMedQA set; its unanswered questions (of
one half) are asked again of the PubMedQA index with the default settings. A PubMedQA question has no
gold path: its one step is X → Y (the record's ``source`` and ``target``), stated by the abstract
sentences the judgement names (``sentences``, indices into the PMID's document of the index). Each
sentence is followed through the trace with bench/qa_failures.py's stages: 1 not in index, 2 not
retrieved, 3 read but no claim from a name matching X to one matching Y (or no claim at all), 4 read
and pruned, 5 an edge between nodes named like X and Y cites it. A question's stage is the furthest
any of its sentences got; "steps in graph, not joined" when that is 5 (the edge's ends are not the
question's nodes, or the route was not stated).

``--answered`` instead asks the answered questions of the half again and says whether the answer's
stated path cites one of the judged stating sentences (right for the stated reason) or only other
sentences.

``--show-reader-misses`` prints, for each stage-3 sentence, what each reader reads from it alone:
the material for telling names that never meet (a claim between other names) from constructions
the readers do not read (no claim at all).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.pubmedqa_library import DEFAULT_INDEX  # noqa: E402
from bench.pubmedqa_questions import QUESTIONS_FILE  # noqa: E402
from bench.qa_eval import half_of, load_questions  # noqa: E402
from bench.qa_failures import (  # noqa: E402
    STEPS_JOINED, question_arguments, report_stages, step_stage, trace_seen,
)


def unanswered(records: Path, questions: list[dict], half: str) -> list[dict]:
    """The questions of ``half`` that a ``bench/qa_eval.py --out`` file records as unanswered."""
    answered = {r["id"]: r["answered"] for r in json.loads(records.read_text())["records"]}
    return [q for q in questions if half_of(q) == half and answered.get(q["id"]) is False]


def stating_sentences(question: dict, documents: dict[str, list[str]]) -> list[str]:
    """The abstract sentences the judgement names, as the index holds them."""
    sentences = documents.get(question["pmid"], [])
    return [sentences[i] for i in question["sentences"] if i < len(sentences)]


def _progress(stage: str) -> tuple[str, bool]:
    """A stage's place: by its number, and within stage 3 a sentence read with some claim is further
    than one read with none."""
    return stage[0], stage != "3 reader: no claim at all"


def question_stage(stages: list[str]) -> str:
    furthest = max(stages, key=_progress, default="1 not in index")
    return STEPS_JOINED if furthest.startswith("5") else furthest


def reader_misses(question: dict, sentences: list[str], stages: list[str]) -> list[dict]:
    """Each stage-3 stating sentence with what each reader reads from it alone."""
    from engine.model.annotations import format_annotation
    from engine.reading.parse import read_sentence
    from engine.reading.rules.reader import extract_annotations

    return [{"id": question["id"], "x": question["source"], "y": question["target"],
             "sign": question["expected_sign"], "stage": stage, "sentence": sentence,
             "rules": [format_annotation(a) for a in extract_annotations(sentence)],
             "parse": [format_annotation(a) for a in read_sentence(sentence)]}
            for sentence, stage in zip(sentences, stages) if stage.startswith("3")]


def cites_stating(result, sentences: list[str]) -> bool:
    """Whether a step of the answer's stated path cites one of ``sentences``."""
    from bench.qa_eval import PATH_KINDS

    cited = {sentence for statement in result.answer.statements if statement.kind in PATH_KINDS
             for step in statement.steps for sentence in step.sentences}
    return bool(cited & set(sentences))


def answered_report(records: Path, questions: list[dict], half: str, ask_question, documents) -> dict:
    answered = {r["id"] for r in json.loads(records.read_text())["records"] if r["answered"]}
    chosen = [q for q in questions if half_of(q) == half and q["id"] in answered]
    cites = {q["id"]: cites_stating(ask_question(q["question"]), stating_sentences(q, documents)) for q in chosen}
    return {"half": half, "answered": len(chosen), "cites_a_stating_sentence": sum(cites.values()),
            "cites_other_sentences_only": sorted(qid for qid, ok in cites.items() if not ok)}


def main() -> int:
    parser = question_arguments(__doc__.splitlines()[0])
    parser.set_defaults(questions=QUESTIONS_FILE)
    parser.add_argument("--index", type=Path, default=DEFAULT_INDEX)
    parser.add_argument("--out", type=Path, default=None, help="per-question stages (JSON)")
    parser.add_argument("--show-reader-misses", action="store_true",
                        help="print each reader-stage sentence and both readers' claims")
    parser.add_argument("--answered", action="store_true",
                        help="for the answered questions: does the stated path cite a stating sentence")
    args = parser.parse_args()
    from engine.pipeline import ask
    from engine.settings import Settings
    from retrieval.index import PaperIndex

    settings = Settings()
    index = PaperIndex.open(args.index, settings.embedding_model)
    documents = {d.id: d.sentences for d in index.documents()}
    index_sentences = {s for sentences in documents.values() for s in sentences}
    if args.answered:
        print(json.dumps(answered_report(args.records, load_questions(args.questions), args.half,
                                         lambda text: ask(text, index, settings), documents), indent=2))
        return 0
    per_question, sentence_counts, misses = [], Counter(), []
    for question in unanswered(args.records, load_questions(args.questions), args.half):
        seen = trace_seen(ask(question["question"], index, settings), index_sentences)
        sentences = stating_sentences(question, documents)
        stages = [step_stage((question["source"], question["target"]), s, seen) for s in sentences]
        stage = question_stage(stages)
        sentence_counts.update(stages)
        if args.show_reader_misses:
            misses += reader_misses(question, sentences, stages)
        per_question.append({"id": question["id"], "question": question["question"], "stage": stage,
                             "sentences": stages})
        print(f"{question['id']} {stage}", file=sys.stderr)
    report_stages(args, per_question, "sentences_by_stage", sentence_counts, misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
