"""The faithfulness bench on invented graphs: what it collects, how it keys, merges verdicts and counts."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from engine.explain.answer import explain
from engine.model.graph import Edge, Evidence, Graph, Labelling, Node, NodeLabel, edge_id

_PATH = Path(__file__).resolve().parent.parent / "bench" / "faithfulness.py"
_SPEC = importlib.util.spec_from_file_location("bench_faithfulness", _PATH)
fb = importlib.util.module_from_spec(_SPEC)
sys.modules["bench_faithfulness"] = fb
_SPEC.loader.exec_module(fb)


def _edge(source: str, target: str, sign: int = 1, sentences: int = 1) -> Edge:
    return Edge(
        id=edge_id(source, "influence", sign, target), source=source, target=target, sign=sign,
        evidence=[Evidence(doc_id=f"d{source}{target}{i}", sentence=f"Zorbin {source} moves {target} ({i}).",
                           score=1.0 - i / 10) for i in range(sentences)],
    )


def _graph(edges: list[Edge], labels: dict[str, str] | None = None) -> Graph:
    ids = sorted({end for edge in edges for end in (edge.source, edge.target)} | {"x", "y"})
    labels = labels or {}
    return Graph(nodes=[Node(id=i, label=labels.get(i, i.upper())) for i in ids], edges=edges,
                 sources=["x"], targets=["y"]).validate_shapes()


def _labelling(graph: Graph) -> Labelling:
    return Labelling(labels={n: NodeLabel(label="increasing", certain=True, possible=("increasing",))
                             for n in graph.node_ids()})


def _record(graph: Graph, qid: str = "q1", split_held: bool = False, answered: bool = True) -> dict:
    question = {"id": qid, "question": f"How does X affect Y ({qid})?", "held_out": split_held}
    return fb.collect(question, graph, explain(graph, _labelling(graph)), answered, 1.5)


# --- keys --------------------------------------------------------------------------------------

def test_claim_key_ignores_case_and_spacing_but_not_sign_ends_or_sentence():
    key = fb.claim_key("Aβ", "Tau", 1, "Aβ  raises tau.")
    assert key == fb.claim_key("aβ", " TAU", 1, "aβ raises\ntau.")
    assert key != fb.claim_key("Aβ", "Tau", -1, "Aβ raises tau.")
    assert key != fb.claim_key("Tau", "Aβ", 1, "Aβ raises tau.")
    assert key != fb.claim_key("Aβ", "Tau", 1, "Aβ lowers tau.")
    assert len(key) == 64


# --- collection --------------------------------------------------------------------------------

def test_answer_steps_and_drawn_edges_are_collected_with_every_sentence_once():
    side = _edge("r", "y", sentences=2)  # a regulator: listed apart, not drawn
    graph = _graph([_edge("x", "m", sentences=3), _edge("m", "y", sign=-1), _edge("x", "y"), side])
    record = _record(graph)
    claims = {(c["source"], c["target"], c["sentence"][-4:-1]): c for c in record["claims"]}
    # x -> m: the answer cites two sentences, the view shows all three
    assert sorted(k for k in claims if k[:2] == ("X", "M")) == [("X", "M", "(0)"), ("X", "M", "(1)"), ("X", "M", "(2)")]
    assert claims[("X", "M", "(0)")]["where"] == ["answer", "view"]
    assert claims[("X", "M", "(2)")]["where"] == ["view"]
    assert claims[("M", "Y", "(0)")]["sign"] == -1
    assert not any(c["source"] == "R" for c in record["claims"])
    assert len(record["claims"]) == 5  # no pair counted twice though the summary repeats a path
    assert record["claims"][0]["key"] == fb.claim_key("X", "Y", 1, "Zorbin x moves y (0).")
    assert sorted(n["label"] for n in record["nodes"]) == ["M", "X", "Y"]
    assert record["graph_mechanism"] is True
    assert len(record["mechanisms"]) == 1
    steps = record["mechanisms"][0]["steps"]
    assert [(s["source"], s["target"], s["sign"]) for s in steps] == [("X", "M", 1), ("M", "Y", -1)]
    assert steps[0]["sentences"] == ["Zorbin x moves m (0).", "Zorbin x moves m (1)."]


def test_a_summary_repeating_a_path_is_one_mechanism_and_a_relabelled_node_a_new_key():
    edges = [_edge("x", "m"), _edge("m", "y")]
    record = _record(_graph(edges))
    kinds = [s.kind for s in explain(_graph(edges), _labelling(_graph(edges))).statements]
    assert kinds.count("summary") == 1 and kinds.count("mechanism") == 1
    assert len(record["mechanisms"]) == 1
    renamed = _record(_graph(edges, {"m": "Mediator"}))
    assert renamed["mechanisms"][0]["key"] != record["mechanisms"][0]["key"]
    assert {n["key"] for n in renamed["nodes"]} - {n["key"] for n in record["nodes"]} == {fb.node_key("mediator")}


def test_graph_mechanism_needs_a_simple_path_of_two_to_six_steps():
    assert not fb.graph_has_mechanism(_graph([_edge("x", "y")]))
    assert fb.graph_has_mechanism(_graph([_edge("x", "y"), _edge("x", "m"), _edge("m", "y")]))
    # m reaches y only back through the source: no simple path of two steps
    assert not fb.graph_has_mechanism(_graph([_edge("x", "m"), _edge("m", "x"), _edge("x", "y")]))
    chain = ["x", "a", "b", "c", "d", "e", "y"]
    assert fb.graph_has_mechanism(_graph([_edge(s, t) for s, t in zip(chain, chain[1:])]))
    longer = ["x", "a", "b", "c", "d", "e", "f", "y"]
    assert not fb.graph_has_mechanism(_graph([_edge(s, t) for s, t in zip(longer, longer[1:])]))


# --- verdicts ----------------------------------------------------------------------------------

def test_export_lists_only_unjudged_items_and_an_import_fills_them(tmp_path):
    graph = _graph([_edge("x", "m"), _edge("m", "y")])
    records = [_record(graph, "q1"), _record(graph, "q2", split_held=True)]
    verdicts = fb.Verdicts()
    items = fb.unjudged_items(records, verdicts)
    assert sorted(i["kind"] for i in items) == ["claim", "claim", "mechanism", "node", "node", "node"]
    assert all(len(i["questions"]) == 2 for i in items)  # shown by both questions, listed once
    for item in items:  # the reader fills the export in
        if item["kind"] == "claim":
            item.update(verdict="supports" if item["source"] == "X" else "does_not", note="names neither end")
        elif item["kind"] == "node":
            item.update(entity=item["label"] != "M", note="a fragment")
    lines = [json.dumps(i) for i in items]
    counts = fb.import_verdicts(verdicts, lines, "judged.jsonl")
    assert counts == {"added": 5, "changed": 0, "unchanged": 0, "skipped_unjudged": 1}
    left = fb.unjudged_items(records, verdicts)
    assert [i["kind"] for i in left] == ["mechanism"]
    verdicts.save(tmp_path)
    stored = (tmp_path / "faithfulness_claims.jsonl").read_text()
    assert "Zorbin" not in stored  # keys and notes, no sentence
    again = fb.Verdicts.load(tmp_path)
    assert again.by_kind == verdicts.by_kind
    changed = dict(items[0], verdict="partial", note="hedged")
    assert fb.import_verdicts(again, [json.dumps(changed)], "f")["changed"] == 1


@pytest.mark.parametrize("bad, message", [
    ({"kind": "claim", "verdict": "maybe"}, "claim verdict must be one of"),
    ({"kind": "claim", "verdict": "does_not", "note": ""}, "needs a one-line note"),
    ({"kind": "claim", "verdict": "supports", "sign_error": "yes"}, "sign_error must be"),
    ({"kind": "claim", "verdict": "partial", "note": "x" * 300}, "at most"),
    ({"kind": "claim", "verdict": "partial", "note": "n", "sign_error": True}, "sign error is not supported"),
    ({"kind": "node", "entity": True, "label": "not the hashed label"}, "does not hash"),
    ({"kind": "mechanism", "verdict": "good"}, "mechanism verdict must be"),
    ({"kind": "edge", "verdict": "supports"}, "'kind' must be"),
])
def test_a_bad_verdict_line_is_named_and_nothing_is_merged(bad, message):
    key = fb.node_key("TAU")
    verdicts = fb.Verdicts()
    good = {"kind": "node", "key": key, "label": "TAU", "entity": True}
    with pytest.raises(fb.VerdictError, match=message) as caught:
        fb.import_verdicts(verdicts, [json.dumps(good), json.dumps({"key": key, **bad})], "in.jsonl")
    assert "in.jsonl:2" in str(caught.value)
    assert verdicts.by_kind["node"] == {}
    with pytest.raises(fb.VerdictError, match="64-character"):
        fb.import_verdicts(verdicts, [json.dumps({**good, "key": "abc"})], "in.jsonl")


# --- report ------------------------------------------------------------------------------------

def _verdict(kind: str, key: str, **fields) -> str:
    return json.dumps({"kind": kind, "key": key, "note": "n", **fields})


def test_report_arithmetic_over_judged_occurrences_per_split():
    with_chain = _graph([_edge("x", "m"), _edge("m", "y", sentences=2)])  # 3 claims, 3 nodes, 1 mechanism
    direct = _graph([_edge("x", "y")])  # 1 claim, 2 nodes, no mechanism in graph or answer
    records = [_record(with_chain, "t1"), _record(direct, "t2"), _record(direct, "t3", answered=False),
               _record(with_chain, "h1", split_held=True)]
    records[2]["seconds"] = 9.0
    claims = {(c["source"], c["target"], c["sentence"][-4:-1]): c["key"] for c in records[0]["claims"]}
    xy = records[1]["claims"][0]["key"]
    lines = [
        _verdict("claim", claims[("X", "M", "(0)")], verdict="supports"),
        _verdict("claim", claims[("M", "Y", "(0)")], verdict="partial"),
        _verdict("claim", claims[("M", "Y", "(1)")], verdict="does_not", sign_error=True),
        # X -> Y left unjudged
        _verdict("node", fb.node_key("X"), label="X", entity=True),
        _verdict("node", fb.node_key("M"), label="M", entity=False),
        _verdict("mechanism", records[0]["mechanisms"][0]["key"], verdict="sound"),
    ]
    verdicts = fb.Verdicts()
    fb.import_verdicts(verdicts, lines, "v")
    figures = fb.report(records, verdicts)
    tune, held, everything = figures["tune"], figures["held-out"], figures["all"]
    assert (tune["questions"], tune["answered"], tune["answered_share"]) == (3, 2, round(2 / 3, 4))
    assert tune["shown_claims"] == 5 and tune["judged_claims"] == 3 and tune["unjudged_claims"] == 1
    assert tune["supported_share"] == round(1 / 3, 4)
    assert tune["supported_or_partial_share"] == round(2 / 3, 4)
    assert tune["sign_error_share"] == round(1 / 3, 4)
    # nodes: X three times, Y three times (unjudged), M once -> judged X, X, X, M: one of four not entity
    assert tune["shown_nodes"] == 7 and tune["unjudged_nodes"] == 1
    assert tune["non_entity_share"] == 0.25
    assert tune["graph_mechanism_share"] == 0.5  # t1 of the answered t1, t2
    assert tune["states_mechanism_share"] == 1.0 and tune["states_sound_mechanism_share"] == 1.0
    assert tune["mechanism_sound_share"] == 1.0 and tune["unjudged_mechanisms"] == 0
    assert tune["seconds_median"] == 1.5
    assert held["questions"] == 1 and held["shown_claims"] == 3 and held["supported_share"] == round(1 / 3, 4)
    assert everything["shown_claims"] == 8 and everything["judged_claims"] == 6
    assert everything["supported_share"] == round(2 / 6, 4)
    assert xy not in verdicts.by_kind["claim"]
    text = fb.format_report(figures)
    assert "supported_share" in text and "33.3%" in text and "held-out" in text.splitlines()[0]


def test_an_empty_split_reports_no_shares():
    figures = fb.summarise([], fb.Verdicts())
    assert figures["questions"] == 0 and figures["supported_share"] is None and figures["seconds_median"] is None


# --- questions ---------------------------------------------------------------------------------

def test_the_question_file_holds_out_its_recorded_draw(tmp_path):
    questions = fb.load_questions(fb.QUESTIONS)
    assert len(questions) >= 36
    assert sum(q["held_out"] for q in questions) == len(questions) // 3
    assert len({q["topic"] for q in questions}) >= 8
    lines = fb.QUESTIONS.read_text().splitlines()
    first = json.loads(lines[1])
    lines[1] = json.dumps({**first, "held_out": not first["held_out"]})
    tampered = tmp_path / "q.jsonl"
    tampered.write_text("\n".join(lines))
    with pytest.raises(ValueError, match="held-out flags"):
        fb.load_questions(tampered)


def test_a_question_file_without_its_draw_is_refused_with_a_reason(tmp_path):
    bare = tmp_path / "q.jsonl"
    bare.write_text(json.dumps({"id": "a", "question": "How does X affect Y?", "held_out": False}) + "\n")
    with pytest.raises(ValueError, match="first line must record"):
        fb.load_questions(bare)
    bare.write_text(json.dumps({"_split": {"seed": 1, "held_out": 0}}) + "\n" + json.dumps({"id": "a"}) + "\n")
    with pytest.raises(ValueError, match=r"lines \[2\] lack"):
        fb.load_questions(bare)
