"""What curated resources tell the readers about a name, through the grounding lexicon.

Names a curated resource holds whole, a word of change and all: "low back pain" (MeSH), "low-density
lipoprotein" (ChEBI), "lower limb" (MeSH), "high-fat diet". Both readers keep such a word in the name
instead of reading it as a change of the rest: low back pain is no decrease of back pain. So do names
that end in a word of loss or change ("prepulse inhibition", "vitamin D deficiency"): each is a state
of its own, not a fall of what it names.

Names a curated resource holds whole with a word of amount as their last word: "heart rate"
(MeSH), "physical activity" (EFO), "kinase activity" (GO). The readers keep the word in the name:
heart rate is no amount of the heart. ("cortisol levels" is named by no resource whole; "mortality
rate" grounds to "Mortality", whose name lacks the word: both are amounts of what they name.)

For a word of change only resources that name things count. Phenotype ontologies (HP, EFO) name
changes as terms ("decreased cardiac output", "impaired glucose tolerance"), which the readers read
as changes. (The lexicon keeps its own cache of look-ups.)

Boundaries: the spans of a sentence the grounder knows whole ("caspase 9", "Alzheimer's disease",
"mitogen-activated protein kinase") hold a name's words wherever the parser hung them.

Without a built grounding lexicon no name is curated: a word of change is read as a change, and a
name holds only the words its parse hangs on it ("disease" of "Alzheimer's disease").

Harms: a name grounded to a disease or an abnormal phenotype (the roots of MeSH's diseases and of the
disease and phenotype ontologies above it). "X improved nausea" lowers nausea, as "X improved
memory deficits" lowers the deficits.
"""

from __future__ import annotations

import re
from functools import lru_cache

from engine.assembly.grounding import find_spans, ground, relations
from engine.reading.language import lexicon

NAMING_NAMESPACES = frozenset({"MESH", "CHEBI", "DOID", "MONDO", "GO", "HGNC", "FPLX"})
_MOLECULAR_NAMESPACES = frozenset({"HGNC", "FPLX", "CHEBI"})
# Curated names that open with a word of change are short: "low back pain", "lower limb".
_LONGEST = 4
# The roots of harms: HP "Phenotypic abnormality", DOID and MONDO "disease", MeSH "Disease". (Not MeSH
# "Pathological Conditions, Signs and Symptoms", which also holds "Body Weight".)
HARM_ROOTS = frozenset({("HP", "HP:0000118"), ("DOID", "DOID:4"), ("MONDO", "MONDO:0000001"), ("MESH", "D004194")})


def opens_curated_name(words: list[str]) -> bool:
    """Whether the first two to four of ``words`` (the first a word of change) are a curated name."""
    return any(curated_name(" ".join(words[:n])) for n in range(2, min(_LONGEST, len(words)) + 1))


def curated_name(phrase: str) -> bool:
    """Whether ``phrase`` grounds to a thing whose standard name has the phrase's first word too: MeSH
    names "Low Back Pain" and "Lower Extremity" with it, but only lists "increased bone resorption" as
    another name of osteolysis, a change named as a condition."""
    return _named_with(phrase, phrase.split()[0], NAMING_NAMESPACES)


def grounded_spans(text: str) -> tuple[tuple[int, int], ...]:
    """The character ranges of ``text`` that name a thing a curated resource knows whole ("caspase 9",
    "Alzheimer's disease"), for the readers to take a name's boundaries from; () without a lexicon."""
    return tuple((span.start, span.end) for span in find_spans(text))


def names_a_molecule(name: str) -> bool:
    """Whether ``name`` grounds to a gene, a protein family or a chemical (HGNC, FamPlex, ChEBI)."""
    return any(g.namespace in _MOLECULAR_NAMESPACES for g in ground(name))


def grounds(name: str) -> bool:
    """Whether a curated resource knows ``name`` at all."""
    return bool(ground(name))


def names_a_measure(words: list[str]) -> bool:
    """Whether ``words``, whose last is a word of amount, are a curated name whole whose standard name
    has that word too. Any namespace counts: the words hold no word of change to misread."""
    return len(words) > 1 and _named_with(" ".join(words), words[-1])


def names_a_state(words: list[str]) -> bool:
    """Whether ``words``, whose last is a word of a change or a loss, are a thing a naming resource holds
    whole with that word ("prepulse inhibition", "vitamin D deficiency"): the state itself, not a change
    of the words before it."""
    return len(words) > 1 and _named_with(" ".join(words), words[-1], NAMING_NAMESPACES)


def _named_with(phrase: str, word: str, namespaces: frozenset[str] | None = None) -> bool:
    """Whether ``phrase`` grounds (in ``namespaces``, else anywhere) to a thing whose standard name has ``word``."""
    word = word.lower()
    return any((namespaces is None or g.namespace in namespaces) and word in re.split(r"[^a-z0-9]+", g.name.lower())
               for g in ground(phrase))


@lru_cache(maxsize=8192)
def names_a_harm(name: str) -> bool:
    """Whether the best grounding of ``name`` is a disease or an abnormal phenotype: it, an ancestor or
    an equivalent of it is one, or lies under one in the equivalent's own ontology. Pain grounds to
    EFO's "pain" and to MeSH's, whose ancestors stop at "Nervous System Diseases", a category without a
    root; MeSH's "Pain" is HP's "Pain", a phenotypic abnormality."""
    found = ground(name)
    if not found:
        return False
    best = found[0]
    near = {best.key} | relations.ancestors(best) | relations.equivalents(best)
    return bool(near & HARM_ROOTS) or any(relations.ancestors(key) & HARM_ROOTS for key in near)


def harmful(name: str) -> bool:
    """A harm (``names_a_harm``) named whole, by its last word after words that describe it ("unstable
    fractures"), by its course ("Zorin's disease progression", "tumour growth"; not its "diagnosis")
    or by how it shows ("subjective tinnitus complaints"): what worsening raises and betterment lowers."""
    words = name.split()
    if names_a_harm(name):
        return True
    return len(words) > 1 and (names_a_harm(words[-1]) or (
        words[-1].lower() in lexicon.COURSE_WORDS and names_a_harm(" ".join(words[:-1]))) or (
        words[-1].lower() in lexicon.SYMPTOM_HEADS and harmful(" ".join(words[:-1]))))


def turns_on(adjective: str, name: str, harm: bool) -> bool:
    """Whether an effect called ``adjective`` on ``name`` moves it the other way from the adjective's
    sign: a good effect on a harm lowers it (``harm``: the reader found the name a harm). "Positive"
    and "negative" do so only on a condition a curated resource names (lexicon)."""
    if adjective in lexicon.VALUING_ADJECTIVES:
        return harm
    return adjective in lexicon.CONDITION_VALUING_ADJECTIVES and harmful(name)
