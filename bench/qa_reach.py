"""Why a gold step's sentence was never retrieved: the nearest query the pipeline asked, and why it missed.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/qa_reach.py --records QA.json [--half tune|held-out]
        [--questions FILE] [--depth N] [--out FILE.json]

For each unanswered question of ``--records`` (a ``bench/qa_eval.py --out`` file) in one half, the
question is asked again and each gold step is staged as ``bench/qa_failures.py`` does. For every step
whose best sentence stops at "2 not retrieved", each query the pipeline asked is run again at
``--depth`` passages and the gold sentence's rank under it noted (None: not among them); beside it:

- whether each end of the step (X, Y) became a node of the graph, and whether a query named it;
- whether the sentence names each end under the gold name (else it uses an alias or another spelling);
- how many sentences of the library name each end (a frequent name's query has many to rank);
- whether a reader, given the sentence, states an X → Y claim (retrieval alone would then suffice);
- the rank under the query "X Y" that the pipeline could ask only knowing the middle name.

Each missed step gets one reason, the first that holds:

1. ``neither end a node``: no query could have been built from the step's names;
2. ``end a node, never queried``: a node but not in any query (the frontier budget passed it by);
3. ``named otherwise``: the sentence names neither queried end under the gold name (alias, spelling);
4. ``frequent end``: the nearest query names an end that more than ``FREQUENT`` sentences name;
5. ``ranked low``: the nearest query ranks it past the passages read.

Only the tune half should be read while working on a fix.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.qa_failures import (  # noqa: E402
    default_index, gold_sentences, path_stages, question_arguments, question_stage, trace_seen, unanswered)
from engine.reading.language.text import terms_match  # noqa: E402
from engine.assembly.verify import mentions  # noqa: E402

NOT_RETRIEVED = "2 not retrieved"
# A name more than this many of the library's sentences mention is a frequent name: a query of it
# has more sentences about it than a round reads.
FREQUENT = 100
REASONS = ("neither end a node", "end a node, never queried", "named otherwise", "frequent end", "ranked low")


def rank_of(index, query: str, sentence: str, depth: int) -> int | None:
    """The 0-based rank of ``sentence`` among the ``depth`` passages ``query`` retrieves, or None."""
    for rank, passage in enumerate(index.search(query, k=depth)):
        if passage.sentence == sentence:
            return rank
    return None


def node_names(graph) -> list[list[str]]:
    return [[node.label, *node.aliases] for node in graph.nodes]


def end_status(name: str, graph_names: list[list[str]], queries: list[str]) -> dict:
    """Whether the gold name ``name`` is a node of the graph, and whether a query names that node."""
    nodes = [names for names in graph_names if any(terms_match(name, n) for n in names)]
    labels = [names[0].lower() for names in nodes] + [name.lower()]
    return {"node": bool(nodes), "queried": any(label in q.lower() for q in queries for label in labels)}


def miss_reason(step: dict) -> str:
    """The first reason of the module docstring that holds for one missed step's record."""
    x, y = step["ends"]
    if not x["node"] and not y["node"]:
        return REASONS[0]
    if not x["queried"] and not y["queried"]:
        return REASONS[1]
    nearest = step["nearest"]
    named = [end for end in (x, y) if nearest and end["name"].lower() in nearest["query"].lower()]
    if not any(end["in_sentence"] for end in (named or [x, y])):
        return REASONS[2]
    if any(end["sentences"] > FREQUENT for end in (named or [x, y])):
        return REASONS[3]
    return REASONS[4]


def reader_states(sentence: str, step: tuple[str, str], claims_of) -> bool:
    """Does a reader's claim on ``sentence`` go from a name matching X to one matching Y?"""
    x, y = step
    return any(terms_match(x, c.subject, (), c.subject_aliases) and terms_match(y, c.object, (), c.object_aliases)
               for c in claims_of(sentence))


def diagnose_step(step: tuple[str, str], sentence: str, result, index, context: dict) -> dict:
    """The record of one missed step (module docstring)."""
    queries = [q.text for q in result.trace.queries]
    ranks = [(q, rank_of(index, q, sentence, context["depth"])) for q in dict.fromkeys(queries)]
    found = sorted((r, q) for q, r in ranks if r is not None)
    graph_names = node_names(result.graph)
    ends = []
    for name in step:
        status = end_status(name, graph_names, queries)
        status.update(name=name, in_sentence=mentions(sentence, [name]), sentences=context["frequency"](name))
        ends.append(status)
    record = {
        "step": list(step), "sentence": sentence, "ends": ends,
        "nearest": {"query": found[0][1], "rank": found[0][0]} if found else None,
        "queries_ranking_it": len(found), "queries": len(ranks),
        "pair_rank": rank_of(index, f"{step[0]} {step[1]}", sentence, context["depth"]),
        "reader_states_it": reader_states(sentence, step, context["claims_of"]),
    }
    record["reason"] = miss_reason(record)
    return record


def library_frequency(index):
    """A function: how many of the library's sentences mention a name (cached per name)."""
    sentences = [s for document in index.documents() for s in document.sentences]
    cache: dict[str, int] = {}

    def frequency(name: str) -> int:
        if name not in cache:
            # Only sentences holding the start of the name's longest word can mention it (a cheap
            # filter before the word-by-word comparison).
            stem = max(re.findall(r"\w+", name.lower()) or [""], key=len)[:4]
            cache[name] = sum(mentions(s, [name]) for s in sentences if stem in s.lower())
        return cache[name]
    return frequency


def reader_claims(index, settings):
    """A function: both readers' annotations of one sentence (the rule reader run, the parse
    reader's looked up in the claim store)."""
    from engine.backends import get_backend
    from engine.model.graph import Graph
    from engine.reading.parse.store import alone, store_for
    from retrieval.index import Passage

    backend, store = get_backend(settings), store_for(getattr(index, "index_dir", None))

    def claims_of(sentence: str) -> list:
        passage = Passage(doc_id="-", title="", sentence=sentence, sentence_index=0, score=0.0)
        rules = [c.annotation for c in backend.extract([passage], Graph(), {"-": {}})]
        return rules + store.claims(alone([sentence]))[0]
    return claims_of


def summarise(steps: list[dict], depth: int) -> dict:
    ranks = [s["nearest"]["rank"] for s in steps if s["nearest"]]
    return {
        "missed_steps": len(steps),
        "by_reason": dict(Counter(s["reason"] for s in steps).most_common()),
        "nearest_rank_within": {str(k): sum(r < k for r in ranks) for k in (40, 60, 100, depth)},
        "no_query_ranks_it": sum(s["nearest"] is None for s in steps),
        "pair_query_rank_within_20": sum(s["pair_rank"] is not None and s["pair_rank"] < 20 for s in steps),
        "reader_states_it": sum(s["reader_states_it"] for s in steps),
        "x_not_a_node": sum(not s["ends"][0]["node"] for s in steps),
        "y_not_a_node": sum(not s["ends"][1]["node"] for s in steps),
        "an_end_named_otherwise": sum(not (s["ends"][0]["in_sentence"] and s["ends"][1]["in_sentence"]) for s in steps),
    }


def main() -> int:
    parser = question_arguments(__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=300, help="passages per query when ranking a gold sentence")
    parser.add_argument("--out", type=Path, default=None, help="per-step records (JSON)")
    args = parser.parse_args()
    settings, index, index_sentences = default_index()
    from engine.pipeline import ask

    questions = unanswered(args.records, args.questions, args.half)
    context = {"depth": args.depth, "frequency": library_frequency(index), "claims_of": reader_claims(index, settings)}
    gold = gold_sentences()
    steps: list[dict] = []
    for question in questions:
        result = ask(question["question"], index, settings)
        stages = path_stages(question, gold, trace_seen(result, index_sentences))
        _, best = question_stage(stages)
        path = next(p for p, s in zip(question["gold_paths"], stages) if s == best)
        for step, stage in zip(zip(path["nodes"], path["nodes"][1:]), best):
            if stage != NOT_RETRIEVED:
                continue
            sentences = [s for s in gold.get(step, []) if s in index_sentences]
            records = [diagnose_step(step, s, result, index, context) for s in sentences]
            record = min(records, key=lambda r: r["nearest"]["rank"] if r["nearest"] else args.depth)
            record.update(id=question["id"], question=question["question"])
            steps.append(record)
            print(f"{question['id']} {step[0]} -> {step[1]}: {record['reason']}, nearest "
                  f"{record['nearest']}, pair rank {record['pair_rank']}", file=sys.stderr)
    summary = {"half": args.half, "depth": args.depth, **summarise(steps, args.depth)}
    print(json.dumps(summary, indent=2))
    if args.out:
        args.out.write_text(json.dumps({"summary": summary, "steps": steps}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
