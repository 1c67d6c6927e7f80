"""Adjectives of organs and parts paired with their nouns from curated synonyms
(engine.assembly.grounding.organs), and identity reading them: "hepatic injury" is "liver injury"."""

from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from engine.assembly import grounding, identity
from engine.assembly.grounding import build, organs
from engine.assembly.identity import identity_key
from engine.assembly.concepts import famplex_grounder
from engine.assembly.integrate import Integrator
from engine.backends.base import ExtractedClaim
from engine.model.annotations import Annotation
from engine.model.graph import Evidence

BUILT = Path(__file__).resolve().parent.parent / "data" / "grounding" / build.TERMS_DB
ANATOMY = {"liver", "kidney", "brain", "cerebrum", "neck", "cervix"}


def synonyms(first: str, second: str, times: int) -> list[set[str]]:
    """``times`` identifiers, each named both ways with a head of its own ("hepatic disease 3")."""
    return [{f"{first} disease{i}", f"{second} disease{i}"} for i in range(times)]


def test_two_names_differing_in_one_modifier_pair_its_words() -> None:
    pairs = organs.paired_words(synonyms("hepatic", "liver", 3) + [{"liver", "hepatic"}, {"a liver b", "c hepatic d"}])
    assert pairs == Counter({("hepatic", "liver"): 3})  # not the head, not two differences


def test_a_pair_is_kept_for_an_anatomy_noun_often_and_clearly_enough() -> None:
    pairs = organs.paired_words(synonyms("hepatic", "liver", organs.MIN_IDENTIFIERS)
                                + synonyms("renal", "kidney", organs.MIN_IDENTIFIERS - 1)
                                + synonyms("cerebral", "brain", 10) + synonyms("cerebral", "cerebrum", 5)
                                + synonyms("cervical", "cervix", 9) + synonyms("cervical", "neck", 5)
                                + synonyms("acute", "chronic", 20) + synonyms("viral", "virus", 20))
    assert sorted(organs.kept_pairs(pairs, ANATOMY)) == [("cerebral", "brain", 10), ("hepatic", "liver", 8)]


def test_one_adjective_stands_for_a_noun_and_its_adjectives() -> None:
    assert organs.organ_words([("cellular", "cell", 23), ("intracellular", "cell", 8), ("hepatic", "liver", 36)]) \
        == {"cell": "cellular", "cellular": "cellular", "intracellular": "cellular", "liver": "hepatic",
            "hepatic": "hepatic"}


def test_the_build_writes_the_pairs_beside_the_terms(tmp_path: Path) -> None:
    path = tmp_path / build.TERMS_DB
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE organ_adjectives (adjective text, noun text, identifiers integer)")
        connection.execute("INSERT INTO organ_adjectives VALUES ('hepatic', 'liver', 36)")
    connection.close()
    assert organs.organ_nouns(path) == [("hepatic", "liver", 36)]
    assert organs.organ_nouns(tmp_path / "none.db") == []


@pytest.fixture
def built_organs():
    """Identity reading the built lexicon's pairs, whatever lexicon an earlier test left in use."""
    grounding.use_lexicon(None)
    caches = (identity._organ_keys, identity_key)
    for cache in caches:
        cache.cache_clear()
    yield
    for cache in caches:
        cache.cache_clear()


@pytest.mark.skipif(not BUILT.is_file() or not organs.organ_nouns(BUILT),
                    reason="no grounding lexicon with its organ adjectives is built (python -m corpus ensure)")
@pytest.mark.parametrize("adjective_name, noun_name", [
    ("hepatic injury", "liver injury"), ("renal failure", "kidney failure"),
    ("cardiac hypertrophy", "heart hypertrophy"), ("pulmonary fibrosis", "lung fibrosis"),
])
def test_an_organ_adjective_names_its_organ(built_organs, adjective_name: str, noun_name: str) -> None:
    assert identity_key(adjective_name) == identity_key(noun_name)
    assert identity_key("hepatic injury") != identity_key("renal injury")
    assert identity_key("mitochondria dysfunction") == identity_key("mitochondrial dysfunction")
    assert identity_key("renal function") != identity_key("kidney")  # no amount of it, as "neuronal activity"


@pytest.mark.skipif(not BUILT.is_file() or not organs.organ_nouns(BUILT),
                    reason="no grounding lexicon with its organ adjectives is built (python -m corpus ensure)")
def test_a_kind_named_with_the_organ_adjective_says_which_words_are_the_concept(built_organs) -> None:
    sentence = "Velkin lowered Tarp-induced hepatic injury."
    integrator = Integrator("q", ["Velkin"], ["liver injury"], grounder=famplex_grounder())
    integrator.add([ExtractedClaim(
        annotation=Annotation(subject="Velkin", subject_change="increase", object="Tarp-induced hepatic injury",
                              object_change="decrease", text=sentence),
        evidence=Evidence(doc_id="d1", title="t", sentence=sentence))], 1)
    link = integrator.build().graph.node("tarp_induced_hepatic_injury").answers_for
    assert (link.node, link.relation) == ("liver_injury", "is a kind of")
    assert link.source == "its name: hepatic injury, that is liver injury, qualified by the words before it"
