"""Agreement of two readers and the 'possible' status of edges no two readers agree on."""

from __future__ import annotations

from engine.model.annotations import Annotation, parse_annotation
from engine.backends.base import ExtractedClaim
from engine.model.graph import Edge, Evidence, Graph, Node
from engine.assembly.agreement import agreeing, claim_sign, cross_check, mark_possible, same_claim, union


def _a(line: str) -> Annotation:
    return parse_annotation(line)


def test_claim_sign_reads_deficiency_states() -> None:
    assert claim_sign(_a("[change=decrease] X ==CAUSE=> [change=decrease] Y")) == 1
    assert claim_sign(_a("X deficiency ==CAUSE=> [change=decrease] Y")) == 1
    assert claim_sign(_a("[change=increase] X ==CAUSE=> [change=decrease] Y")) == -1


def test_a_lowering_name_is_its_entity_moved_the_other_way() -> None:
    # "Abeta causes synapse loss" and "Abeta lowers synapses"; "Hsp90 inhibitors" are less Hsp90
    assert same_claim(_a("[change=increase] Abeta ==CAUSE=> [change=increase] synapse loss"),
                      _a("[change=increase] Abeta ==CAUSE=> [change=decrease] synapse"))
    assert same_claim(_a("[change=increase] Hsp90 inhibitors ==CAUSE=> [change=decrease] tau"),
                      _a("[change=decrease] Hsp90 ==CAUSE=> [change=decrease] tau"))
    assert not same_claim(_a("[change=increase] Abeta ==CAUSE=> [change=increase] synapse loss"),
                          _a("[change=increase] Abeta ==CAUSE=> [change=increase] synapse"))
    # an adjective before a removal word names the route: autophagic clearance rises with autophagy
    assert not same_claim(_a("[change=increase] X ==CAUSE=> [change=increase] autophagic clearance"),
                          _a("[change=increase] X ==CAUSE=> [change=decrease] autophagy"))


def test_same_claim_needs_the_same_sign_and_matching_ends() -> None:
    rules = _a("X deficiency ==CAUSE=> [change=decrease] amyloid production")
    assert same_claim(rules, _a("[change=decrease] X gene ==CAUSE=> [change=decrease] amyloid production"))
    assert not same_claim(rules, _a("[change=increase] X ==CAUSE=> [change=decrease] amyloid production"))
    assert not same_claim(_a("[change=increase] A ==CAUSE=> [change=increase] tau phosphorylation"),
                          _a("[change=increase] A ==CAUSE=> [change=increase] GSK3 phosphorylation"))


def test_ends_match_through_aliases() -> None:
    first = Annotation(subject="BNP", subject_change="increase", object="blood pressure", object_change="decrease",
                       subject_aliases=["brain natriuretic peptide"])
    second = Annotation(subject="brain natriuretic peptide", subject_change="increase", object="pressure",
                        object_change="decrease")
    assert same_claim(first, second)


def test_agreeing_and_union() -> None:
    rules = [_a("[change=increase] leptin ==CAUSE=> [change=increase] amylin"),
             _a("[change=increase] leptin ==CAUSE=> [change=decrease] renin")]
    parse = [_a("[change=increase] leptin ==CAUSE=> [change=increase] amylin secretion"),
             _a("[change=increase] insulin ==CAUSE=> [change=increase] amylin")]
    assert agreeing(rules, parse) == rules[:1]
    assert union(rules, parse) == rules + parse[1:]


def _claim(line: str, sentence: str, reader: str) -> ExtractedClaim:
    return ExtractedClaim(annotation=_a(line), evidence=Evidence(doc_id="d1", sentence=sentence, readers=[reader]))


def test_cross_check_marks_agreed_claims_and_keeps_single_ones() -> None:
    rules = [_claim("[change=increase] A ==CAUSE=> [change=increase] B", "s1", "rules"),
             _claim("[change=increase] A ==CAUSE=> [change=increase] C", "s1", "rules")]
    parse = [_claim("[change=increase] A ==CAUSE=> [change=increase] B", "s1", "parse"),
             _claim("[change=increase] A ==CAUSE=> [change=increase] C", "s2", "parse")]
    checked = cross_check(rules, parse)
    assert [(c.annotation.object, c.evidence.sentence, c.evidence.readers) for c in checked] == [
        ("B", "s1", ["parse", "rules"]), ("C", "s1", ["rules"]), ("C", "s2", ["parse"])]


def _edge(target: str, status: str, *readers: list[str]) -> Edge:
    return Edge(id=f"a+>{target}", source="a", target=target, status=status,  # type: ignore[arg-type]
                evidence=[Evidence(doc_id="d", sentence=f"s{i}", readers=r) for i, r in enumerate(readers)])


def test_mark_possible_keeps_agreed_contested_and_unknown_edges() -> None:
    graph = Graph(nodes=[Node(id=n, label=n) for n in "abcdef"], edges=[
        _edge("b", "supported", ["rules"], ["parse"]),          # two sentences, one reader each
        _edge("c", "supported", ["rules"], ["parse", "rules"]),  # one agreed sentence
        _edge("d", "contested", ["rules"]),
        _edge("e", "supported", []),                             # readers unknown (an older graph)
        _edge("f", "asserted-by-user", ["rules"]),
    ])
    marked = {e.target: e.status for e in mark_possible(graph).edges}
    assert marked == {"b": "possible", "c": "supported", "d": "contested", "e": "supported",
                      "f": "asserted-by-user"}


def test_a_hedged_sentence_does_not_establish_an_edge_even_when_both_readers_agree() -> None:
    hedged = Edge(id="a+>g", source="a", target="g", evidence=[
        Evidence(doc_id="d", sentence="s0", readers=["parse", "rules"], hedged=True)])
    plain_too = Edge(id="a+>h", source="a", target="h", evidence=[
        Evidence(doc_id="d", sentence="s0", readers=["parse", "rules"], hedged=True),
        Evidence(doc_id="d", sentence="s1", readers=["parse", "rules"])])
    graph = Graph(nodes=[Node(id=n, label=n) for n in "agh"], edges=[hedged, plain_too])
    assert {e.target: e.status for e in mark_possible(graph).edges} == {"g": "possible", "h": "supported"}


def test_cross_check_keeps_a_hedge_either_reader_read() -> None:
    rules = [_claim("[change=increase] A ==CAUSE=> [change=increase] B", "s1", "rules")]
    parse = [_claim("[change=increase] A ==CAUSE=> [change=increase] B", "s1", "parse")]
    parse[0] = parse[0].model_copy(update={"annotation": parse[0].annotation.model_copy(update={"hedged": True})})
    [checked] = cross_check(rules, parse)
    assert checked.evidence.readers == ["parse", "rules"] and checked.annotation.hedged
