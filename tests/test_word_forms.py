"""A name meets itself written another way (engine.reading.language.word_forms): British and American
spellings in the keys that compare names, in identity and in grounding, and an irregular plural and its
singular; American words and symbols are left as they are."""

from __future__ import annotations

import pytest

pytest.importorskip("gilda", reason="gilda-slim is not installed")

from engine.assembly import grounding  # noqa: E402
from engine.assembly.grounding import Lexicon  # noqa: E402
from engine.assembly.identity import identity_key  # noqa: E402
from engine.reading.language.word_forms import american, american_text, folded  # noqa: E402
from engine.reading.language.text import term_key, terms_match  # noqa: E402


@pytest.mark.parametrize("british, american_name", [
    ("tumour necrosis factor", "tumor necrosis factor"),  # the word table
    ("randomised trial", "randomized trial"),
    ("insulin signalling", "insulin signaling"),
    ("glycaemic control", "glycemic control"),  # the rules: digraphs the table lacks
    ("ischaemic stroke", "ischemic stroke"),
    ("oedema", "edema"),
    ("gastro-oesophageal reflux", "gastroesophageal reflux"),
    ("coeliac disease", "celiac disease"),
    ("aetiology", "etiology"),
    ("tumourigenesis", "tumorigenesis"),
    ("centralisation of care", "centralization of care"),
    ("antibody titre", "antibody titer"),
])
def test_the_two_spellings_share_their_keys(british: str, american_name: str) -> None:
    assert term_key(british) == term_key(american_name)
    assert identity_key(british) == identity_key(american_name)
    assert terms_match(british, american_name)


@pytest.mark.parametrize("word", ["aerobic", "aeruginosa", "does", "poet", "four", "hour", "course", "genre"])
def test_american_words_stay_as_they_are(word: str) -> None:
    assert american(word) == word


def test_other_words_stay_apart() -> None:
    assert term_key("poet") != term_key("pet")
    assert not terms_match("anaemia", "anaerobic")


def test_a_capital_is_kept_and_symbols_are_left_alone() -> None:
    assert american_text("Tumour necrosis factor and TNF") == "Tumor necrosis factor and TNF"
    assert american_text("mTOR, OEA and SAE1") == "mTOR, OEA and SAE1"


def test_a_name_the_table_lacks_is_grounded_in_american_spelling() -> None:
    small = Lexicon.from_rows([("glycemic control", "MESH", "D000085002", "Glycemic Control"),
                               ("haem", "CHEBI", "CHEBI:30413", "heme")])
    grounding.use_lexicon(small)
    try:
        assert grounding.ground("glycaemic control")[0].key == ("MESH", "D000085002")
        assert grounding.ground("haem")[0].key == ("CHEBI", "CHEBI:30413")  # found as written
        assert grounding.ground("oedema") == []
    finally:
        grounding.use_lexicon(None)


@pytest.mark.parametrize("plural, singular", [
    ("liver metastases", "liver metastasis"), ("transgenic mice", "transgenic mouse"),
    ("Velk1 nuclei", "Velk1 nucleus"), ("Tarp stimuli", "Tarp stimulus"),
])
def test_an_irregular_plural_shares_its_singular_key(plural: str, singular: str) -> None:
    assert term_key(plural) == term_key(singular)
    assert identity_key(plural) == identity_key(singular)


def test_only_a_plural_with_one_singular_is_read_as_it() -> None:
    assert folded("mice") == "mouse" and folded("metastases") == "metastasis"
    assert folded("bases") == "bases"  # base or basis: the plural rule of the keys decides
    assert folded("mouse") == "mouse"
