"""The mechanism answer: a summary first, then cited routes through specific intermediate nodes, with
hubs and diseases kept out of mechanisms and single-reader claims worded apart. Invented graphs."""

from __future__ import annotations

import re

from engine.explain.answer import explain
from engine.explain.mechanism import (
    find_routes, hubs, is_disease_like, is_generic, step_strength, disputed_route,
)
from engine.model.graph import Edge, EdgeStatus, Evidence, Graph, Labelling, MergedName, Node, NodeLabel, edge_id
from engine.solver.reasoner import label_graph


def _edge(source: str, target: str, sign: int = 1, papers: int = 1, status: EdgeStatus = "supported") -> Edge:
    return Edge(
        id=edge_id(source, "influence", sign, target), source=source, target=target, sign=sign, status=status,
        evidence=[Evidence(doc_id=f"{source}-{target}-{i}", title=f"On {source} and {target}",
                           sentence=f"{source} acts on {target} (study {i}).", score=1.0)
                  for i in range(papers)],
    )


def _graph(edges: list[Edge], labels: dict[str, str] | None = None, kinds: dict[str, str] | None = None) -> Graph:
    labels, kinds = labels or {}, kinds or {}
    ids = sorted({end for edge in edges for end in (edge.source, edge.target)})
    nodes = [Node(id=i, label=labels.get(i, i), kind=kinds.get(i, "quantity")) for i in ids]
    return Graph(question="How does x affect y?", nodes=nodes, edges=edges,
                 sources=["x"], targets=["y"]).validate_shapes()


def _answer(graph: Graph):
    return explain(graph, label_graph(graph))


def test_summary_leads_and_a_mechanism_is_stated_where_a_direct_edge_exists() -> None:
    graph = _graph([_edge("x", "y", 1, papers=3), _edge("x", "kinase", 1), _edge("kinase", "y", 1)],
                   labels={"x": "leptin", "kinase": "JAK2", "y": "satiety signal"})
    answer = _answer(graph)
    assert [s.kind for s in answer.statements] == ["summary", "mechanism", "direct"]
    assert answer.statements[0].text.startswith("In short: when leptin increases, satiety signal increases")
    mechanism = answer.statements[1]
    assert mechanism.path == ["x", "kinase", "y"]
    assert mechanism.text.startswith("Through JAK2: ")
    assert all(step.citations for step in mechanism.steps)  # each step cited
    direct = answer.statements[2]
    assert direct.text.startswith("Directly, three papers agree that leptin raises satiety signal, among them [")
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", answer.text)}
    assert cited == {r.n for r in answer.references}
    assert {r.doc_id for r in answer.references} <= {ev.doc_id for e in graph.edges for ev in e.evidence}


def test_mechanisms_are_ranked_by_evidence_and_name_new_intermediates() -> None:
    graph = _graph([
        _edge("x", "strong", papers=3), _edge("strong", "y", papers=4),
        _edge("x", "weak"), _edge("weak", "y"),
        _edge("x", "weaker"), _edge("weaker", "mid"), _edge("mid", "y"),
        _edge("x", "weakest"), _edge("weakest", "mid2"), _edge("mid2", "mid3"), _edge("mid3", "y"),
        # strong -> weak -> y only repeats the intermediates of better routes
        _edge("strong", "weak"),
    ])
    routes = find_routes(graph)
    assert [route.intermediates for route in routes.mechanisms] == [["strong"], ["weak"], ["weaker", "mid"]]
    assert [route.intermediates for route in find_routes(graph, max_mechanisms=4).mechanisms][3] == [
        "weakest", "mid2", "mid3"]
    assert step_strength(_edge("a", "b", papers=2)) == 2 * step_strength(_edge("a", "b", papers=2, status="possible"))


def test_an_established_route_ranks_before_one_with_a_possible_step_whatever_its_papers() -> None:
    graph = _graph([
        _edge("x", "read_once", papers=6, status="possible"), _edge("read_once", "y", papers=6),
        _edge("x", "a"), _edge("a", "b"), _edge("b", "y"),  # longer, one paper a step, but both readers agree
        _edge("x", "c", status="possible"), _edge("c", "d", status="possible"), _edge("d", "y", papers=9),
    ])
    assert [route.intermediates for route in find_routes(graph).mechanisms] == [["a", "b"], ["read_once"], ["c", "d"]]


def test_of_two_edges_between_the_same_nodes_the_established_one_is_stated() -> None:
    established, read_once = _edge("x", "y", 1), _edge("x", "y", -1, papers=5, status="possible")
    graph = _graph([read_once, established])
    assert [route.edges[0].id for route in find_routes(graph).direct] == [established.id]


def test_a_route_of_more_than_four_possible_steps_is_not_offered() -> None:
    def possible_chain(*nodes: str) -> list[Edge]:
        return [_edge(s, t, status="possible") for s, t in zip(nodes, nodes[1:])]

    four = possible_chain("x", "a", "b", "c", "y")
    assert [route.intermediates for route in find_routes(_graph(four)).mechanisms] == [["a", "b", "c"]]
    mechanism = next(s for s in _answer(_graph(four)).statements if s.kind == "mechanism")
    assert mechanism.text.startswith("Possibly through a, then b, then c (no step of it established)")
    # fewer possible steps rank first
    assert [r.intermediates for r in find_routes(_graph(four + possible_chain("x", "m", "y"))).mechanisms] == \
        [["m"], ["a", "b", "c"]]
    five = _graph(possible_chain("x", "a", "b", "c", "d", "y"))
    assert not find_routes(five)
    note = _answer(five).statements[-1]
    assert note.kind == "note" and "on more than 4 claims drawn by one reader" in note.text


def test_a_contested_step_makes_no_route_but_a_contested_direct_edge_is_stated() -> None:
    graph = _graph([_edge("x", "m", papers=3), _edge("m", "y", status="contested", papers=3),
                    _edge("x", "y", -1, status="contested")])
    routes = find_routes(graph)
    assert routes.mechanisms == [] and routes.chain is None
    assert [route.nodes for route in routes.direct] == [["x", "y"]]
    assert "(contested)" in _answer(graph).text


def test_an_intermediate_named_only_by_class_words_makes_no_route() -> None:
    assert all(is_generic(Node(id="n", label=label))
               for label in ("compound", "the compounds", "kinase activity", "Protein expression", "a factor"))
    specific = ("compound 7b", "tau kinase", "cell death", "oxidative stress", "GSK3", "a", "vitamin A")
    assert not any(is_generic(Node(id="n", label=label)) for label in specific)
    graph = _graph([_edge("x", "c", papers=5), _edge("c", "y", papers=5), _edge("x", "m"), _edge("m", "y")],
                   labels={"c": "compounds"})
    assert [route.intermediates for route in find_routes(graph).mechanisms] == [["m"]]
    # the question's own ends are never set aside, however they are named
    ends = _graph([_edge("x", "m"), _edge("m", "y")], labels={"x": "the drug", "y": "protein levels"})
    assert [route.intermediates for route in find_routes(ends).mechanisms] == [["m"]]


def test_a_route_passes_the_thing_an_end_is_a_form_of_only_next_to_that_end() -> None:
    labels = {"x": "Glycation", "agg": "aggregated Tauq", "prot": "proteasome", "tq": "Tauq protein",
              "k": "Kinq", "y": "Tauq phosphorylation"}
    loop = _graph([_edge("x", "agg", -1), _edge("agg", "prot", -1), _edge("prot", "tq", -1),
                   _edge("tq", "k"), _edge("k", "y")], labels=labels)
    assert not find_routes(loop)  # Tauq phosphorylation explained by Tauq itself
    next_to_end = _graph([_edge("x", "agg", -1), _edge("agg", "prot", -1), _edge("prot", "k", -1),
                          _edge("k", "tq"), _edge("tq", "y")], labels=labels)
    assert [route.intermediates for route in find_routes(next_to_end).mechanisms] == [["agg", "prot", "k", "tq"]]
    # another form of the same thing is an entity of its own, anywhere on the route
    sibling = _graph([_edge("x", "k"), _edge("k", "agg"), _edge("agg", "prot", -1), _edge("prot", "y", -1)],
                     labels=labels)
    assert [route.intermediates for route in find_routes(sibling).mechanisms] == [["k", "agg", "prot"]]
    # on the source's side: the thing the source is a form of only straight after it
    source_side = {"x": "Betaq oligomers", "b": "Betaq", "k": "Kinq", "y": "Synq"}
    first = _graph([_edge("x", "b"), _edge("b", "k"), _edge("k", "y")], labels=source_side)
    assert [route.intermediates for route in find_routes(first).mechanisms] == [["b", "k"]]
    later = _graph([_edge("x", "k"), _edge("k", "b"), _edge("b", "y")], labels=source_side)
    assert not find_routes(later)


def test_a_disease_chain_is_not_offered_when_a_mechanism_exists_and_is_named_as_such_otherwise() -> None:
    disease = {"x": "gene X", "ill": "Hollow-Reed syndrome", "m": "enzyme M", "y": "protein Y"}
    with_mechanism = _graph([_edge("x", "ill", papers=4), _edge("ill", "y", -1, papers=4),
                             _edge("x", "m"), _edge("m", "y")], labels=disease)
    answer = _answer(with_mechanism)
    assert [s.kind for s in answer.statements] == ["summary", "mechanism"]
    assert answer.statements[1].path == ["x", "m", "y"]
    # the disease is no step of what is stated; its edge into y, which competes with the mechanism's
    # (four papers against one), is named as the competing influence that leaves y open
    assert all("ill" not in s.path for s in answer.statements)
    assert [step.edge for step in answer.statements[1].opposing] == ["ill->y"]
    assert "as influences compete: four papers agree that Hollow-Reed syndrome lowers protein Y" in answer.text

    only_chain = _graph([_edge("x", "ill", papers=4), _edge("ill", "y", -1, papers=4)], labels=disease)
    answer = _answer(only_chain)
    assert [s.kind for s in answer.statements] == ["summary", "chain"]
    chain = answer.statements[1]
    assert chain.broad == ["ill"]
    assert "which names no specific mechanism" in chain.text
    assert "only through Hollow-Reed syndrome" in answer.statements[0].text


def test_a_disease_chain_resting_on_a_single_reading_is_not_offered() -> None:
    disease = {"x": "gene X", "ill": "Hollow-Reed syndrome", "y": "protein Y"}
    graph = _graph([_edge("x", "ill", papers=4, status="possible"), _edge("ill", "y", -1, papers=4)], labels=disease)
    routes = find_routes(graph)
    assert not routes and routes.chain is None
    answer = _answer(graph)
    assert [s.kind for s in answer.statements] == ["note"]  # its single reading is not shown as a near route
    assert "only by routes that state no mechanism: through a disease" in answer.text


def test_an_answer_without_a_route_names_the_nearest_one_and_the_step_papers_dispute() -> None:
    lowers = _edge("m", "y", -1, status="contested").model_copy(update={"evidence": [Evidence(
        doc_id="other-paper", title="Against", sentence="Tau lowers neuron loss.", score=1.0)]})
    graph = _graph([_edge("x", "m", papers=2), _edge("m", "y", status="contested", papers=2), lowers],
                   labels={"x": "kinase X", "m": "tau", "y": "neuron loss"})
    assert not find_routes(graph)
    assert disputed_route(graph).nodes == ["x", "m", "y"]
    nearest = _answer(graph).statements[-1]
    assert nearest.kind == "note" and not nearest.certain
    assert nearest.text.startswith(
        "The nearest route, kinase X → tau → neuron loss, is not stated as an explanation: the papers give its step "
        "from tau to neuron loss both signs. Its steps: two papers agree that kinase X raises tau")
    assert "papers disagree: two papers state that tau raises neuron loss" in nearest.text
    # both sides of the disputed step cited: two papers raise it, one lowers it
    assert "two papers state that tau raises neuron loss" in nearest.text
    assert "one paper states that tau lowers neuron loss" in nearest.text
    assert [step.edge for step in nearest.opposing] == [lowers.id] and len(nearest.citations) == 5


def test_a_disputed_route_is_named_only_where_the_dispute_alone_keeps_it_out() -> None:
    assert disputed_route(_graph([_edge("x", "m"), _edge("m", "y")])) is None  # no dispute
    # a dispute from a to b, and five steps only suggested besides
    suggested = [_edge(s, t, status="possible") for s, t in ["xa", "bc", "cd", "de", "ey"]]
    graph = _graph([*suggested, _edge("a", "b", 1, status="contested"), _edge("a", "b", -1, status="contested")])
    assert disputed_route(graph) is None
    assert [s.kind for s in _answer(graph).statements] == ["note"]
    path = ["x", *"abcdef", "y"]  # seven steps, one more than a route may take
    assert disputed_route(_graph([_edge(s, t, status="contested") for s, t in zip(path, path[1:])])) is None


def test_a_hub_route_is_offered_only_when_no_route_avoids_every_hub() -> None:
    spokes = [_edge(f"side{i}", "hub") for i in range(8)]
    graph = _graph([_edge("x", "hub", papers=5), _edge("hub", "y", papers=5), _edge("x", "m"), _edge("m", "y"),
                    *spokes])
    assert set(hubs(graph)) == {"hub"}
    routes = find_routes(graph)
    assert [route.intermediates for route in routes.mechanisms] == [["m"]]
    assert routes.chain is None
    # the only route runs through the hub: offered as a mechanism, the hub named as such
    without_m = _graph([_edge("x", "hub", papers=5), _edge("hub", "y", papers=5), *spokes])
    routes = find_routes(without_m)
    assert routes.chain is None and [route.broad for route in routes.mechanisms] == [
        (("hub", "a hub, linked to 10 nodes"),)]
    text = explain(without_m, label_graph(without_m)).statements[1].text
    assert text.startswith("Through hub (hub, a hub, linked to 10 nodes, so this may be one route of many): ")


def test_a_much_studied_intermediate_below_the_hub_bar_is_still_a_mechanism() -> None:
    # k touches 9 of the graph's 21 other nodes (its papers discuss it at length): not a crossroads
    spokes = [_edge(f"s{i}", "k") for i in range(7)] + [_edge(f"t{i}", "y") for i in range(12)]
    graph = _graph([_edge("x", "k"), _edge("k", "y"), *spokes])
    assert hubs(graph) == {"y": 13}  # the target itself is never an intermediate
    assert [route.intermediates for route in find_routes(graph).mechanisms] == [["k"]]


def test_small_graphs_have_no_hubs_and_a_state_intermediate_ranks_after_a_quantity() -> None:
    graph = _graph([_edge("x", "a"), _edge("a", "y"), _edge("a", "b"), _edge("b", "y")])
    assert hubs(graph) == {}
    states = _graph(
        [_edge("x", "m"), _edge("m", "y"),
         Edge(id="x+>>cond", source="x", target="cond", relation="triggers", sign=1,
              evidence=[Evidence(doc_id="d1", sentence="x brings about cond.")]),
         Edge(id="cond+>>y", source="cond", target="y", relation="triggers", sign=1,
              evidence=[Evidence(doc_id="d2", sentence="cond raises y.")])],
        kinds={"cond": "state"})
    assert [route.intermediates for route in find_routes(states).mechanisms] == [["m"], ["cond"]]


def test_disease_cue_reads_heads_of_all_names_not_entities() -> None:
    assert is_disease_like(Node(id="a", label="developing AD", aliases=["Alzheimer's disease"]))
    assert is_disease_like(Node(id="b", label="tauopathy"))
    assert is_disease_like(Node(id="c", label="cognitive decline", kind="state"))
    assert is_disease_like(Node(id="d", label="PD", merged=[MergedName(name="Parkinson disease", reason="test")]))
    assert not is_disease_like(Node(id="e", label="TIMP-2 deficiency", kind="state"))
    assert not is_disease_like(Node(id="f", label="tau phosphorylation"))
    assert not is_disease_like(Node(id="g", label="dispathway kinase"))  # a word containing a head is not it
    assert not is_disease_like(Node(id="h", label="disease-related proteins"))  # the head is "proteins"
    assert not is_disease_like(Node(id="i", label="etiology of renal diseases"))
    assert is_disease_like(Node(id="j", label="pathology of the optic nerve"))


def test_a_possible_edge_is_worded_apart_and_never_reads_as_certain() -> None:
    graph = _graph([_edge("x", "m", status="possible"), _edge("m", "y")], labels={"m": "factor M"})
    labelling = label_graph(graph)
    assert not labelling.labels["y"].certain  # the one route rests on a single reading
    answer = explain(graph, labelling)
    summary, mechanism = answer.statements
    assert (summary.kind, mechanism.kind) == ("summary", "mechanism")
    # the label is open only because the route rests on one reading and one paper: the steps say so,
    # and the label is worded as the direction the route gives
    assert summary.text == ("In short: when x increases, y increases, possibly through factor M, one step stated "
                            "by one paper, one only suggested [1][2].")
    assert not summary.certain and summary.doubts == ["one paper", "suggested"]
    assert "one reading suggests that x raises factor M [1], and if so factor M increases" in mechanism.text
    assert "one paper states that factor M raises y [2], and if so y increases" in mechanism.text
    assert "may increase or stay stable" not in answer.text
    assert not mechanism.certain


def test_a_mechanism_with_a_possible_step_is_introduced_as_possible() -> None:
    graph = _graph([_edge("x", "m", status="possible"), _edge("m", "y", status="possible")], labels={"m": "Velk1"})
    summary, mechanism = _answer(graph).statements
    assert mechanism.text.startswith("Possibly through Velk1 (no step of it established): ")
    assert ", possibly through Velk1, each step only suggested [1][2]." in summary.text
    mixed = _graph([_edge("x", "m", status="possible"), _edge("m", "y")], labels={"m": "Velk1"})
    assert _answer(mixed).statements[1].text.startswith("Possibly through Velk1: ")


def test_a_possible_step_hedges_the_rest_of_its_route_even_when_labels_are_certain() -> None:
    graph = _graph([_edge("x", "m", status="possible"), _edge("m", "y", papers=2), _edge("x", "n", papers=2),
                    _edge("n", "y", papers=2)])
    labelling = label_graph(graph)
    assert labelling.labels["y"].certain  # a supported route that two papers state at each step holds y up
    answer = explain(graph, labelling)
    by_path = {tuple(s.path): s for s in answer.statements if s.kind == "mechanism"}
    assert by_path[("x", "n", "y")].certain
    hedged = by_path[("x", "m", "y")]
    assert not hedged.certain and "and if so y increases" in hedged.text and ", so y" not in hedged.text
    # the summary follows the route without a single-reader step
    assert answer.statements[0].path == ["x", "n", "y"] and answer.statements[0].certain


# --- the strength of the evidence in words (issue 39, part 4) ------------------------------------

_LITHIUM = {"x": "lithium", "m": "autophagy", "n": "GSK3", "y": "tau phosphorylation"}


def test_a_label_open_only_because_one_paper_states_each_step_is_worded_as_the_papers_say() -> None:
    graph = _graph([_edge("x", "m"), _edge("m", "y", -1)], labels=_LITHIUM)
    labelling = label_graph(graph)
    assert labelling.labels["y"].possible == ("decreasing", "stable")  # the solver's doubt stays
    summary, mechanism = explain(graph, labelling).statements
    assert summary.text == ("In short: when lithium increases, tau phosphorylation decreases, through autophagy, "
                            "each step stated by one paper [1][2].")
    assert mechanism.text == (
        "Through autophagy: with lithium set to increase, one paper states that lithium raises autophagy [1], so "
        "autophagy increases; one paper states that autophagy lowers tau phosphorylation [2], so tau "
        "phosphorylation decreases.")
    assert not summary.certain and not mechanism.certain
    assert summary.doubts == mechanism.doubts == ["one paper"]
    assert [(step.papers, step.sign) for step in mechanism.steps] == [(1, 1), (1, -1)]


def test_several_papers_agreeing_are_counted_and_make_the_label_certain() -> None:
    graph = _graph([_edge("x", "m", papers=3), _edge("m", "y", -1, papers=2)], labels=_LITHIUM)
    summary, mechanism = _answer(graph).statements
    assert summary.certain and summary.doubts == []
    assert summary.text == ("In short: when lithium increases, tau phosphorylation decreases, through autophagy, "
                            "each step stated by two papers or more [1][2][3][4].")
    # three papers state the first step, two of them cited
    assert "three papers agree that lithium raises autophagy, among them [1][2], so autophagy increases" \
        in mechanism.text
    assert "two papers agree that autophagy lowers tau phosphorylation [3][4], so tau phosphorylation decreases" \
        in mechanism.text


def test_a_contested_edge_cites_both_sides() -> None:
    raises = _edge("x", "y", 1, papers=2, status="contested")
    lowers = _edge("x", "y", -1, status="contested").model_copy(update={"evidence": [Evidence(
        doc_id="other-paper", title="Another study", sentence="lithium lowers tau phosphorylation.", score=1.0)]})
    graph = _graph([raises, lowers], labels=_LITHIUM)
    answer = _answer(graph)
    summary, direct = answer.statements
    assert direct.text == ("Directly, papers disagree: two papers state that lithium raises tau phosphorylation "
                           "[1][2]; one paper states that lithium lowers tau phosphorylation [3].")
    assert [step.edge for step in direct.steps] == [raises.id]
    assert [step.edge for step in direct.opposing] == [lowers.id]
    assert direct.citations == [1, 2, 3] and direct.path == ["x", "y"] and direct.doubts == ["contested"]
    assert summary.text.startswith("In short: when lithium increases, tau phosphorylation may increase, decrease "
                                   "or stay stable, as papers disagree: two papers state")
    assert {r.doc_id for r in answer.references} == {ev.doc_id for e in graph.edges for ev in e.evidence}


def test_one_paper_read_with_both_signs_is_not_worded_as_papers_disagreeing() -> None:
    # two sentences of one review, read with opposite signs: a misreading or two settings, not a dispute
    raises = _edge("x", "y", 1, status="contested")
    lowers = _edge("x", "y", -1, status="contested").model_copy(update={"evidence": [Evidence(
        doc_id=raises.evidence[0].doc_id, title="On x and y", sentence="lithium lowers tau phosphorylation.",
        score=1.0)]})
    direct = _answer(_graph([raises, lowers], labels=_LITHIUM)).statements[-1]
    assert direct.text == ("Directly, one paper is read both ways: one paper states that lithium raises tau "
                           "phosphorylation [1]; one paper states that lithium lowers tau phosphorylation [1].")


def test_competing_influences_are_worded_as_such_and_cited() -> None:
    graph = _graph([_edge("x", "m", papers=3), _edge("m", "y", -1, papers=2),
                    _edge("x", "n", papers=2), _edge("n", "y", 1, papers=2)], labels=_LITHIUM)
    labelling = label_graph(graph)
    assert set(labelling.labels["y"].possible) == {"increasing", "decreasing", "stable"}  # real ambiguity
    answer = explain(graph, labelling)
    summary = answer.statements[0]
    mechanisms = {tuple(s.path): s for s in answer.statements if s.kind == "mechanism"}
    through_m = mechanisms[("x", "m", "y")]
    assert ("so tau phosphorylation may increase, decrease or stay stable, as influences compete: two papers agree "
            "that GSK3 raises tau phosphorylation [") in through_m.text
    assert [step.edge for step in through_m.opposing] == ["n+>y"] and through_m.doubts == ["competing"]
    assert not through_m.certain
    # each statement still follows one labelled path: the competing edge is cited apart, not a step
    assert [step.edge for step in through_m.steps] == ["x+>m", "m->y"] and through_m.path == ["x", "m", "y"]
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", through_m.text)}
    assert cited == set(through_m.citations)
    assert "tau phosphorylation may increase, decrease or stay stable" in summary.text
    assert "; influences compete: " in summary.text and summary.doubts == ["competing"]


def test_a_label_open_upstream_is_left_as_the_solver_gives_it() -> None:
    # y follows m, which influences compete on: no competing edge into y itself, so y's label is
    # worded as possible without naming a competition it does not have
    graph = _graph([_edge("x", "m", papers=2), _edge("x", "n", papers=2), _edge("n", "m", -1, papers=2),
                    _edge("m", "y", papers=2)])
    answer = _answer(graph)
    through_m = next(s for s in answer.statements if s.kind == "mechanism" and s.path == ["x", "m", "y"])
    assert "so y may increase, decrease or stay stable." in through_m.text
    assert through_m.doubts == ["competing", "open"]
