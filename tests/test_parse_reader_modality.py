"""Negation, questions and hedges: a negated claim is no claim, a hedged one is kept as hedged."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

from engine.reading.parse import read_sentence

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence", [
    "Caffeine did not increase adenosine release.",
    # "neither" parsed as the determiner of the first member
    "Neither loss of Tarp nor removal of the last residues of Pomb prevented formation of Velk1.",
    "Neither mutation of the Zorin residue nor removal of the last 14 amino acids of the Pomb subunit prevented "
    "formation of Velk1 complexes.",
    "Caffeine failed to increase adenosine release.",
    "Caffeine never increases adenosine release.",
    "We asked whether caffeine increases adenosine release.",
    "Caffeine was not shown to increase adenosine release.",
    # a verb that shares the object of a negated one shares its negation
    "Orexin did not bind or inhibit the receptor.",
    "The hormone ghrelin is unable to bind and phosphorylate insulin receptors.",
    "Caffeine is unlikely to increase adenosine release.",
    "Caffeine was not able to increase adenosine release.",
    # a clause that a denied finding reports, and a question over two coordinated verbs
    "We found no evidence that caffeine increases adenosine release.",
    "There was no evidence that the coordinator resulted in a more timely provision of services.",
    "We found no evidence to suggest that caffeine increases adenosine release.",
    "We asked whether caffeine binds the receptor and increases adenosine release.",
])
def test_negated_and_questioned_claims_are_no_claims(sentence: str) -> None:
    assert lines(sentence) == set()


def test_a_verb_with_its_own_object_keeps_its_own_polarity() -> None:
    # the first verb's negation stays with it when the second has an object of its own
    assert lines("Caffeine did not raise heart rate and lowered adenosine release.") == {
        f"{UP} Caffeine ==CAUSE=> {DOWN} adenosine release"}


@pytest.mark.parametrize("sentence", [
    "Caffeine may increase adenosine release.",
    "These results suggest that caffeine increases adenosine release.",
    "Caffeine possibly increases adenosine release.",
    # a view reported, not a finding
    "Caffeine is thought to increase adenosine release.",
    "Caffeine is widely believed to increase adenosine release.",
    # the authors' view over the clause they embed
    "We think that caffeine should be responsible for adenosine release.",
    "We believe that caffeine increases adenosine release.",
    # a tendency seen, not an effect shown
    "Caffeine tended to increase adenosine release.",
])
def test_hedged_claims_are_kept_as_hedged(sentence: str) -> None:
    found = read_sentence(sentence)
    assert [(a.subject.lower(), a.object, a.hedged) for a in found] == [("caffeine", "adenosine release", True)]
    assert found[0].confidence < 0.9


def test_a_potential_is_hedged() -> None:
    found = read_sentence("We show that caffeine has the potential to increase adenosine release.")
    assert [(a.subject.lower(), a.object, a.hedged) for a in found] == [("caffeine", "adenosine release", True)]


def test_plain_claim_is_not_hedged() -> None:
    found = read_sentence("Caffeine increases adenosine release.")
    assert [(a.subject, a.hedged, a.confidence) for a in found] == [("Caffeine", False, 0.9)]
