"""What may become a node (engine.entities): invented sentences and names."""

from __future__ import annotations

import pytest

from engine.entities import non_entity_reason


@pytest.mark.parametrize(("name", "sentence", "reason"), [
    ("Hallorby", "Hallorby and colleagues showed that Velk1 raises Zorin.", "citation"),
    ("Prensk", "Prensk et al. found that Velk1 lowers Zorin.", "citation"),
    ("colleagues", "", "citation"),
    ("Food", "The Food and Drug Administration approved quarzinib, which lowers Zorin.", "organisation"),
    ("Hallorby", "As Hallorby (2019) reported, Velk1 raises Zorin.", "citation"),
    ("Prensk et", "", "citation"),
    ("2A", "", "number"),
    ("1,250", "", "number"),
    ("T153", "", "residue"),
    ("Ser396", "", "residue"),
    ("ZD.Its", "", "fragment"),
    ("behavioral", "", "describing word"),
    ("fibrillize", "", "verb"),
    ("order", "", "generic"),
    ("important roles", "", "generic"),
    ("these effects", "", "generic"),
    ("levels", "", "generic"),
    ("Meanwhile", "", "generic"),
    ("unknown cofactors", "", "generic"),
    ("disease", "", "generic"),
])
def test_non_entities_are_named_with_the_reason(name: str, sentence: str, reason: str) -> None:
    found = non_entity_reason(name, sentence)
    assert found is not None and reason in found


@pytest.mark.parametrize(("name", "sentence"), [
    ("Velk1", "Hallorby and colleagues showed that Velk1 raises Zorin."),
    ("VLK2", "VLK2 kinase activity raises Zorin."),  # a symbol the tagger may call an organisation
    ("p53", ""),
    ("A1", ""),
    ("Zorin-β", ""),
    ("Ca2+", ""),
    ("Hallorby body formation", "Hallorby body formation raises Zorin."),  # an eponym in a longer name
    ("mitochondrial dysfunction", ""),
    ("cognitive decline", ""),
    ("neuroinflammation", ""),
    ("ageing", ""),
    ("P301L", ""),
    # capitalised molecule names that the English pipeline tags as persons
    ("Tau", "Tau binds microtubules and Tau raises Zorin."),
    ("Akt", "Akt phosphorylates Velk1, and Akt raises Zorin."),
    ("Quarzin", "Quarzin lowers Velk1 in neurons."),
])
def test_entities_pass(name: str, sentence: str) -> None:
    assert non_entity_reason(name, sentence) is None
