"""Negating predicates: verbs whose sign depends on a marked object, and signing adverbs."""

from __future__ import annotations

import pytest
from parse_reader_helpers import lines

UP, DOWN = "[change=increase]", "[change=decrease]"


@pytest.mark.parametrize("sentence, expected", [
    # restoring a fall raises what fell
    ("Metformin normalizes impaired grooming behaviour.", {f"{UP} Metformin ==CAUSE=> {UP} grooming behaviour"}),
    ("Exercise rescues the loss of synaptic boutons.", {f"{UP} Exercise ==CAUSE=> {UP} synaptic boutons"}),
    ("Taurine restores the reduced secretion of insulin.", {f"{UP} Taurine ==CAUSE=> {UP} insulin secretion"}),
    # restoring a harm lowers it; restoring an unmarked good raises it
    ("Ketamine rescues neuronal death.", {f"{UP} Ketamine ==CAUSE=> {DOWN} neuronal death"}),
    ("Ketamine restores dendritic branching.", {f"{UP} Ketamine ==CAUSE=> {UP} dendritic branching"}),
    # a harm named by its adjective ("damaged") is lowered too
    ("Exendin repaired the damaged axons.", {f"{UP} Exendin ==CAUSE=> {DOWN} damaged axons"}),
    # improving a harm lowers it, improving a good raises it; the hosts of a harm are no entity
    ("Statins improve motor deficits of diabetic patients.", {f"{UP} Statins ==CAUSE=> {DOWN} motor deficits"}),
    ("Exercise improves spatial memory.", {f"{UP} Exercise ==CAUSE=> {UP} spatial memory"}),
    # lowering a fall is a rise; lowering a rise a fall
    ("Zinc prevents the loss of olfactory neurons.", {f"{UP} Zinc ==CAUSE=> {UP} olfactory neurons"}),
    ("Zinc reverses the increase in plasma renin.", {f"{UP} Zinc ==CAUSE=> {DOWN} plasma renin"}),
    # a signing adverb inside a relative clause
    ("Kinase Q, an enzyme that negatively regulates mitophagy, is abundant.",
     {f"{UP} Kinase Q ==CAUSE=> {DOWN} mitophagy"}),
    ("Orexin positively modulates arousal.", {f"{UP} Orexin ==CAUSE=> {UP} arousal"}),
    # an object marked lowered by a compound participle: undoing or blocking that fall raises it
    ("Velk1 reversed scopolamine-impaired memory.",
     {f"{UP} Velk1 ==CAUSE=> {UP} memory", f"{UP} scopolamine ==CAUSE=> {DOWN} memory"}),
    ("Velk1 blocked the Tarp-inhibited Pomb activity.",
     {f"{UP} Velk1 ==CAUSE=> {UP} Pomb", f"{UP} Tarp ==CAUSE=> {DOWN} Pomb"}),
    # "restored X to" a form is a conversion, which says no rise of X; "to" a level is a return
    ("FKBP12 also restored the oligomer of the peptide to its monomeric status.", set()),
    ("Velk1 restored memory to control levels.", {f"{UP} Velk1 ==CAUSE=> {UP} memory"}),
])
def test_restoring_and_signed_predicates(sentence: str, expected: set[str]) -> None:
    assert lines(sentence) == expected
