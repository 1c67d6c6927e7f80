"""Words that make the thing a phrase names into a form of it, read around the phrase.

"tau (truncated at Asp-421)" names truncated tau: a bracket opening with a participle of form right
after the name says which form is meant, and a form of X is never X (``engine.assembly.identity``). "insoluble
forms of tau" name insoluble tau; "several forms of tau" name tau.
"""

from __future__ import annotations

from pathlib import Path

from spacy.tokens import Token

from engine.reading.language.data_files import word_set
from engine.reading.rules.phrases import FORM_ADJECTIVES, FORM_PARTICIPLES

_WORDS = Path(__file__).with_name("words.toml")

_KIND_NOUNS = word_set(_WORDS, "_kind_nouns")


def bracketed_form(last: Token) -> str | None:
    """The participle of form in a bracket right after ``last`` (the name's last word), if any."""
    doc = last.doc
    if last.i + 2 < len(doc) and doc[last.i + 1].text in ("(", "[") \
            and doc[last.i + 2].lower_ in FORM_PARTICIPLES:
        return doc[last.i + 2].text
    return None


def kind_of(head: Token) -> tuple[Token, str] | None:
    """"insoluble forms of tau": the thing after "of" and the words of form describing the kind
    ("insoluble"; empty for "several forms of tau"), when ``head`` is such a noun of kind."""
    if head.lower_ not in _KIND_NOUNS or any(c.dep_ in ("compound", "nmod") for c in head.lefts):
        return None  # "ERK-2 isoforms of ERK" are named by their own name
    things = [g for c in head.rights if c.dep_ == "prep" and c.lower_ == "of"
              for g in c.children if g.dep_ == "pobj"]
    if not things:
        return None
    form = " ".join(c.text for c in head.lefts if c.dep_ == "amod" and c.lower_ in FORM_ADJECTIVES)
    return things[0], form
