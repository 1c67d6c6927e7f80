"""From a phrase to an entity: determiners, citations and quantity words dropped from the name; heads of
change ("inhibition of X", "elevated X") set its direction; deficiencies and mutations become states.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from engine.model.annotations import StateOf
from engine.reading.language import lexicon as lx
from engine.reading.language.curated import names_a_measure, names_a_state, opens_curated_name
from engine.reading.language.data_files import word_set, word_tuple
from engine.reading.rules.records import Entity
from engine.reading.rules.tokens import Token
from engine.reading.rules.vocabulary import (
    ADJECTIVE_ENDINGS, ANTIBODY_WORDS, CLASS_ADJECTIVE_ENDINGS, CARRIER_MODIFIERS, CLOSED, DEFICIENCY_MARKERS,
    DIMENSION_WORDS, GIVEN_HEADS, NAME_NOISE, ORGANISMS, OVEREXPRESSION_MARKERS, ROLE_MODIFIERS, ROLE_NOUNS,
    SILENCING_TOOLS, TIME_UNITS, TOOL_TARGET_WORDS,
)
from engine.reading.rules import phrases, word_tests

_WORDS = Path(__file__).with_name("words.toml")

_HEAD_PREPOSITIONS = word_set(_WORDS, "_head_prepositions")
_ALTERED_HOST_WORDS = word_set(_WORDS, "_altered_host_words")
_MOLECULE_KIND_WORDS = word_set(_WORDS, "_molecule_kind_words")
_RAISING_ROLE_NOUNS = word_set(_WORDS, "_raising_role_nouns")
_GIVEN_PARTICIPLES = word_set(_WORDS, "_given_participles")
_GENE_PRODUCT_WORDS = word_set(_WORDS, "_gene_product_words")
_KIND_HEADS = word_set(_WORDS, "_kind_heads")
_DIMENSION_SUFFIXES = word_set(_WORDS, "_dimension_suffixes")

_DISCOURSE_ORDINALS = word_set(_WORDS, "_discourse_ordinals")


_REFERENCE_WORDS = word_set(_WORDS, "_reference_words")
_OWNER_PRONOUNS = word_set(_WORDS, "_owner_pronouns")
_MUTANT_WORDS = word_set(_WORDS, "_mutant_words")
_KNOCKING_WORDS = word_set(_WORDS, "_knocking_words")
_KNOCK_PARTICLES = word_set(_WORDS, "_knock_particles")
_HOST_LACKING_WORDS = word_set(_WORDS, "_host_lacking_words")
_MANNER_HEAD_PREPOSITIONS = word_set(_WORDS, "_manner_head_prepositions")
_PATHWAY_NOUNS = word_set(_WORDS, "_pathway_nouns")
_SIGNALING_WORDS = word_set(_WORDS, "_signaling_words")
_NAME_NONSTARTERS = word_set(_WORDS, "_name_nonstarters")
_GENETIC_WORDS = word_set(_WORDS, "_genetic_words")
_PROTEIN_WORDS = word_set(_WORDS, "_protein_words")
_FUNCTION_CHANGES = word_set(_WORDS, "_function_changes")


_COUNT_WORDS = word_set(_WORDS, "_count_words")


@dataclass
class _Naming:
    """The words of a phrase being named, and what stripping words has said of the entity."""

    words: list[Token]
    polarity: int = 1  # +1 when the phrase means more of the entity, -1 less of it
    deficiency: bool = False
    mutation: bool = False
    quantity: bool = False
    # Where "control" heads a clinical outcome's name ("glycaemic control"), by ``controlled_quantity``.
    outcome_controls: frozenset[int] = frozenset()


def entity(tokens: list[Token], span: tuple[int, int], role: Literal["subject", "object"],
            abbreviations: dict[str, str]) -> Entity | None:
    """The entity a phrase names, with the direction of its change and whether it is a state."""
    words, aliases = phrases.clean_tokens(tokens, span[0], span[1], abbreviations)
    if words and (words[0].low in _REFERENCE_WORDS or words[-1].low == "ago"):
        return None  # "Table 5", "Fig. 3", "60 years ago": no entity
    if words and words[0].low in _OWNER_PRONOUNS and all(
            phrases.process_noun(w.low) or w.low in lx.MODIFICATION_NOUNS for w in words[1:]):
        return None  # "inducing its phosphorylation": the process of an unnamed owner
    outcome_controls = frozenset(tokens[i].start for i in range(*span)
                                 if tokens[i].low == "control" and word_tests.controlled_quantity(tokens, i))
    naming = _Naming(_long_form_as_one(words, abbreviations), outcome_controls=outcome_controls)
    _strip_front(naming, role)
    _cut_tails(naming)
    if not _strip_back(naming):
        return None
    _strip_markers(naming)
    # Drop leading organism/noise words again after a marker cut, e.g. "mice lacking X".
    while naming.words and (naming.words[0].low in lx.DETERMINERS or naming.words[0].low in NAME_NOISE):
        naming.words.pop(0)
    if not naming.words:
        return None
    _of_phrase(naming, role)
    return _entity_named(naming, aliases, abbreviations, role)


LONG_FORM = "\x00long form"  # the ``low`` of a token that stands for a defined long form


def as_one_name(words: list[Token]) -> Token:
    """One token for the words of a defined long form, so that no rule reads or strips inside it."""
    return Token(" ".join(w.text for w in words), LONG_FORM, words[0].start)


def _long_form_as_one(words: list[Token], abbreviations: dict[str, str]) -> list[Token]:
    """A defined long form is a name as it stands: "AMP-activated protein kinase (AMPK)" becomes
    one token, so that no rule strips words from inside it."""
    long_forms = {long.lower() for long in abbreviations.values()}
    for cut in range(len(words)):
        if " ".join(w.low for w in words[cut:]) in long_forms and len(words) - cut > 1:
            return [w for w in words[:cut] if w.low not in lx.DETERMINERS and w.low not in NAME_NOISE] \
                + [as_one_name(words[cut:])]
    return words


def _strip_front(naming: _Naming, role: Literal["subject", "object"]) -> None:
    """Words before the name that say how the entity changes or is given: determiners, doses, tools
    ("siRNA against X"), heads of change ("inhibition of X"), deficiencies ("mice lacking X")."""
    words, polarity = naming.words, naming.polarity
    deficiency, mutation, quantity = naming.deficiency, naming.mutation, naming.quantity
    changed = True
    while words and changed:
        changed = False
        low = words[0].low
        nxt = words[1].low if len(words) > 1 else ""
        if low in lx.DOSE_UNITS and nxt == "of" and len(words) > 2:
            words[:2] = []; changed = True  # "2 mg/kg of X"
        elif low in lx.DETERMINERS or low in NAME_NOISE or low.isdigit() or (low in lx.DOSE_UNITS and len(words) > 1):
            words.pop(0); changed = True  # "10 mM lithium" names lithium
        elif (low in _DOSE_MODIFIERS or low in lx.COURSE_MODIFIERS) and nxt in _DOSE_WORDS and len(words) > 3 \
                and words[2].low == "of":
            words[:3] = []; changed = True  # "low doses of X" are X given, not less X
        elif low in lx.GAIN_VERBS and len(words) > 1:
            words.pop(0); changed = True  # "overexpressing TFEB in neurons reduced Y"
        elif low in SILENCING_TOOLS and nxt in TOOL_TARGET_WORDS and len(words) > 2:
            words[:2] = []; polarity = -polarity; changed = True  # "siRNA against X" lowers X
        elif low in _BLOCKING_MODIFIERS and nxt in ANTIBODY_WORDS and len(words) > 3:
            words.pop(0); changed = True  # "neutralizing antibodies against X": the antibody says it
        elif role == "subject" and low in ANTIBODY_WORDS and nxt in TOOL_TARGET_WORDS and len(words) > 2:
            # An antibody given as a cause binds and blocks its target: "antibodies against X reduced
            # Y" is less X. Not as an object ("raised antibodies against X" is an immune response).
            words[:2] = []; polarity = -polarity; changed = True
        elif low in TIME_UNITS and nxt == "of" and len(words) > 2:
            words[:2] = []; changed = True  # "(four) days of treatment with X"
        elif low in _DOSE_WORDS and nxt == "of" and len(words) > 2:
            words[:2] = []; changed = True  # "doses of X"
        elif low in lx.MODIFICATION_EFFECT_WORDS and nxt in lx.MODIFICATION_NOUNS:
            break  # "the inactivating phosphorylation of X" says what the modification does (``_of_phrase``)
        elif (low in lx.INCREASE_ADJECTIVES or low in lx.DECREASE_ADJECTIVES) \
                and opens_curated_name([w.text for w in words]):
            break  # "low back pain", "lower limb": the word of change is part of a curated name
        elif (low in lx.INCREASE_ADJECTIVES or low in lx.DECREASE_ADJECTIVES) and len(words) > 1:
            polarity *= adjective_sign(words, 0); words.pop(0); changed = True
        elif len(words) > 1 and phrases.compound_suffix(low) \
                and not phrases.names_a_class([w.low for w in words[1:]]):
            if lx.COMPOUND_SUFFIXES[low.rpartition("-")[2]] < 0:
                polarity = -polarity  # "LPS-impaired memory" is less memory
            words.pop(0); changed = True  # "Aβ-induced apoptosis" names apoptosis
        elif len(words) > 1 and _describes_a_dimension(low) and _change_head(nxt):
            # "an age-related increase of X" is an increase of X ("age-related macular
            # degeneration" keeps its name)
            words.pop(0); changed = True
        elif low in _MUTANT_WORDS and len(words) > 1:
            words.pop(0); mutation = True; changed = True
        elif len(words) > 3 and nxt in lx.MUTATION_HEADS and words[2].low in lx.CHANGE_PREPOSITIONS \
                and lx.mutation_kind(words[0].text):
            words.pop(0); changed = True  # "pathogenic mutations in X" are X mutations
        elif low in _FUNCTION_CHANGES and len(words) > 1:
            words.pop(0); changed = True
            deficiency = deficiency or low.startswith("loss")
        elif low in _KNOCKING_WORDS and len(words) > 2 and nxt in _KNOCK_PARTICLES:
            words[:2] = []; deficiency = True; changed = True  # "knocking down LRRK2"
        elif low in ORGANISMS and len(words) > 2 and nxt in _HOST_LACKING_WORDS:
            words[:2] = []; deficiency = True; changed = True  # "mice lacking TREM2"
        elif low in ORGANISMS and len(words) > 3 and nxt == "deficient" and words[2].low in ("in", "for"):
            words[:3] = []; deficiency = True; changed = True  # "mice deficient in TREM2"
        elif expressing_carrier(words):
            words[:expressing_carrier(words)] = []; changed = True  # "mice expressing APOE4"
        elif low in lx.GENE_NOUNS and len(words) > 2 and nxt in lx.ENCODING_PARTICIPLES:
            words[:2] = []; changed = True  # "the gene encoding presenilin 1"
            if words and words[0].low == "for":
                words.pop(0)
        elif len(words) > 3 and words[2].low in _MANNER_HEAD_PREPOSITIONS and word_tests.change_head(nxt) \
                and (manner_adjective(words[0]) or low in lx.COURSE_MODIFIERS) and not _of_hosts(words):
            words.pop(0); changed = True  # "pharmacological inhibition of X", "chronic treatment with X"
        elif 0 < course_prefix(words) < len(words) - 1 and words[-1].low in GIVEN_HEADS:
            words[:course_prefix(words)] = []; changed = True  # "acute and chronic X treatment"
        elif len(words) > 2 and (nxt in _HEAD_PREPOSITIONS or nxt == lx.HEAD_PREPOSITIONS.get(low)) \
                and not _of_hosts(words) \
                and not (nxt == "in" and low in lx.DEFICIENCY_HEADS) and (
                low in lx.DECREASE_HEADS or low in lx.INCREASE_HEADS or low in lx.DEFICIENCY_HEADS
                or low in lx.NOMINAL_TRIGGERS or low in lx.MUTATION_HEADS or low in lx.QUANTITY_WORDS):
            if low in lx.DEFICIENCY_HEADS:
                deficiency = True
            elif low in lx.MUTATION_HEADS:
                mutation = True
            elif low in lx.QUANTITY_WORDS:
                quantity = quantity or low not in _COUNT_WORDS  # a count keeps its noun
            elif low in lx.BETTERING_NOUNS:  # "an improvement in pain": less pain
                polarity = -polarity if phrases.detrimental(words, (2, len(words))) else polarity
            elif low in lx.DECREASE_HEADS or lx.NOMINAL_TRIGGERS.get(low, 1) < 0:
                polarity = -polarity
            words[:2] = []
            changed = True
        elif quantity and low in lx.ONSET_GERUNDS and len(words) > 1:
            words.pop(0); changed = True  # "the risk of developing AD" is of AD
            if words[0].low == "from" and len(words) > 1:
                words.pop(0)  # "the risk of suffering from RA"
        elif len(words) > 1 and low in lx.VERB_FORMS and lx.VERB_FORMS[low][2] == "ing":
            polarity *= lx.VERB_FORMS[low][1]
            words.pop(0); changed = True
        elif len(words) > 1 and (low in lx.DECREASE_HEADS or low in lx.DEFICIENCY_HEADS) \
                and low.endswith("ing"):
            deficiency = deficiency or low in lx.DEFICIENCY_HEADS
            polarity = polarity if low in lx.DEFICIENCY_HEADS else -polarity
            words.pop(0); changed = True
    naming.words, naming.polarity = words, polarity
    naming.deficiency, naming.mutation, naming.quantity = deficiency, mutation, quantity


def _of_hosts(words: list[Token]) -> bool:
    """"deficits of AD patients": the phrase ends in those who have the change, not what changes."""
    joint = next((k for k, w in enumerate(words[:3]) if w.low in lx.PREPOSITIONS), None)
    return joint is not None and words[-1].low in lx.HOST_NOUNS \
        and not any(w.low in lx.PREPOSITIONS for w in words[joint + 1:])


def _cut_tails(naming: _Naming) -> None:
    """Tails that are no part of the name: the target of an object antibody, the carrier of a
    deficiency ("in AD model mice"), a role noun before the named drug ("the mTOR inhibitor rapamycin")."""
    words, deficiency = naming.words, naming.deficiency
    for cut in range(1, len(words) - 1):
        if words[cut].low in TOOL_TARGET_WORDS and words[cut - 1].low in ANTIBODY_WORDS:
            words = words[:cut]  # an object "antibodies against X" names the antibodies
            break
    carrier_tail = any(w.low == "in" and any(x.low in ORGANISMS for x in words[k + 1:k + 4])
                       for k, w in enumerate(words[1:], start=1))
    if len(words) > 2 and (words[-1].low in ORGANISMS or carrier_tail or (
            words[-1].low in lx.STATE_WORDS and words[-2].low == "in")):
        for cut in range(1, len(words) - 1):
            if words[cut].low == "in":
                # "BACE1 deficiency in AD model mice", "memory loss in mice overexpressing APP"
                words = words[:cut]
                break
    for cut in range(len(words) - 2, -1, -1):
        if words[cut].low in ROLE_NOUNS and cut + 1 < len(words):
            words = words[cut + 1:]  # "the mTOR inhibitor rapamycin" names rapamycin
            break
    naming.words, naming.deficiency = words, deficiency


def _strip_back(naming: _Naming) -> bool:
    """Words after the name: knockouts, quantity words, deficiency and mutation heads, tools, heads
    of change, "gene" / "protein"; False when no target is named ("individual siRNAs")."""
    words, polarity = naming.words, naming.polarity
    deficiency, mutation, quantity = naming.deficiency, naming.mutation, naming.quantity
    changed, role_cut = True, False
    while len(words) > 1 and changed:
        changed = False
        low = words[-1].low
        if (low in lx.DEFICIENCY_HEADS or low in lx.DECREASE_HEADS) and names_a_state([w.text for w in words]):
            break  # "prepulse inhibition", "vitamin D deficiency": a curated name, the state itself
        if words[-2].low in lx.DEFICIENCY_HEADS and words[-2].low not in lx.PLAIN_LOSSES:
            words.pop(); changed = True  # "TFEB KO astrocytes", "XBP1 knockout animals"
            continue
        if low in ORGANISMS and ("-" in words[-2].low or words[-2].low in _ALTERED_HOST_WORDS):
            words.pop(); changed = True
        elif (low in lx.QUANTITY_WORDS and not names_a_measure([w.text for w in words])) \
                or (low in _MOLECULE_KIND_WORDS and quantity):
            words.pop(); quantity = True; changed = True
        elif quantity and low in lx.MEASURED_AT:
            words.pop(); changed = True  # "nAChR surface expression": the amount at the surface
        elif low in lx.DEFICIENCY_HEADS:
            words.pop(); deficiency = True; changed = True
        elif low in lx.MUTATION_HEADS:
            words.pop(); mutation = True; changed = True
        elif low in ROLE_NOUNS and words[-2].low.endswith(CLASS_ADJECTIVE_ENDINGS) \
                and not re.search(r"[A-Z0-9]", words[-2].text):
            break  # "muscarinic antagonists" names a drug class, not less of "muscarinic"
        elif low in SILENCING_TOOLS:
            if not re.search(r"[A-Z0-9]", words[-2].text):
                return False  # "transfection of individual siRNAs": no target named
            words.pop(); polarity = -polarity; changed = True  # "Beclin1 siRNA" is less Beclin1
        elif low in lx.DECREASE_HEADS:
            words.pop(); polarity = -polarity; changed = True
            role_cut = role_cut or low in ROLE_NOUNS
        elif low in lx.INCREASE_HEADS and low not in ("accumulation",):
            if low in _RAISING_ROLE_NOUNS and len(words) < 2:
                break
            words.pop(); changed = True
            role_cut = role_cut or low in ROLE_NOUNS
        elif low in _GIVEN_PARTICIPLES:
            words.pop(); changed = True
        elif low in _GENE_PRODUCT_WORDS \
                and re.search(r"[A-Z0-9]", words[-2].text):
            words.pop(); changed = True  # "the NLRP3 gene" names NLRP3
        elif low in _PATHWAY_NOUNS and words[-2].text.islower() \
                and words[-2].low not in _SIGNALING_WORDS and (
                phrases.process_noun(words[-2].low) or words[-2].low.endswith(_PROCESS_NAME_ENDINGS)):
            words.pop(); changed = True  # "the autophagy pathway" is autophagy
    naming.words, naming.polarity = words, polarity
    naming.deficiency, naming.mutation, naming.quantity = deficiency, mutation, quantity
    _strip_role_modifiers(naming, role_cut)
    return True


def _strip_role_modifiers(naming: _Naming, role_cut: bool) -> None:
    """"a selective Syk inhibitor" is an inhibitor of Syk: once the role noun is cut, the words that
    said what kind of drug it is ("selective", "potent") are no part of the target's name."""
    words = naming.words
    while role_cut and len(words) > 1 and words[0].low in ROLE_MODIFIERS:
        words.pop(0)


def _strip_markers(naming: _Naming) -> None:
    """A compound participle's stem ("Aβ-induced" names Aβ), class prefixes, and hyphenated state
    markers inside a word ("TIMP-2-deficient", "Atg7-null", "APP-knockout")."""
    words, deficiency = naming.words, naming.deficiency
    if words and phrases.compound_suffix(words[-1].low):
        stem = words[-1].text.rpartition("-")[0]
        words[-1] = Token(stem, stem.lower(), words[-1].start)
    words = _without_class_prefix(words)
    # Hyphenated state markers inside a word: "TIMP-2-deficient", "Atg7-null", "APP-knockout".
    if words:
        for marker in DEFICIENCY_MARKERS + OVEREXPRESSION_MARKERS:
            for idx, word in enumerate(words):
                if word.low.endswith(marker) and len(word.low) > len(marker):
                    stem = word.text[: -len(marker)]
                    words = words[: idx] + [Token(stem, stem.lower(), word.start)]
                    deficiency = deficiency or marker in DEFICIENCY_MARKERS
                    break
    naming.words, naming.deficiency = words, deficiency


def _of_phrase(naming: _Naming, role: Literal["subject", "object"]) -> None:
    """"HEAD of X": a quantity word goes, a process noun moves behind its entity, "a form of X" is X,
    "dephosphorylation of X" is less X phosphorylation, "the toxic effects of X" are X toxicity and
    the effects of X that act are X (``lexicon.EFFECT_HEADS``)."""
    words, polarity, quantity = naming.words, naming.polarity, naming.quantity
    # "HEAD of X": a quantity word goes, a process noun moves behind its entity.
    lows = [w.low for w in words]
    if "of" in lows:
        cut = lows.index("of")
        head, rest = words[:cut], words[cut + 1:]
        while rest and rest[0].low in lx.DETERMINERS:
            rest.pop(0)
        if rest and head:
            if head[-1].low in _KIND_HEADS \
                    and all(not re.search(r"[A-Z0-9]", w.text) for w in head) and len(rest) <= 4:
                # "an early-onset form of Alzheimer's disease" is the disease; "insoluble forms of
                # tau" are a form of tau, their own entity
                words = [w for w in head[:-1] if w.low in phrases.FORM_ADJECTIVES] + rest
            elif head[-1].low in lx.EFFECT_HEADS and len(rest) <= 4 \
                    and all(w.text.isalpha() and w.text.islower() for w in head[:-1]) \
                    and (role == "subject" or lx.harm_named([w.low for w in head[:-1]])):
                harm = lx.harm_named([w.low for w in head[:-1]])
                words = rest + ([Token(harm, harm, head[-1].start)] if harm else [])
            elif len(head) == 1 and head[0].low in lx.QUANTITY_WORDS:
                words = rest
                # "the number of cytosolic proteins" counts proteins: keep the noun.
                quantity = head[0].low not in _COUNT_WORDS
            elif len(head) == 1 and lx.MODIFICATION_NOUNS.get(head[0].low, ("", 1))[1] < 0 \
                    and len(rest) <= 3:
                # "dephosphorylation of DAPK1" is less DAPK1 phosphorylation
                modification = lx.MODIFICATION_NOUNS[head[0].low][0]
                words = rest + [Token(modification, modification.lower(), head[0].start)]
                polarity = -polarity
            elif len(head) == 2 and head[0].low in lx.MODIFICATION_EFFECT_WORDS and head[1].low in lx.MODIFICATION_NOUNS \
                    and len(rest) <= 3:
                words = rest + head[1:]  # "the inhibitory phosphorylation of GSK3b" is GSK3b phosphorylation
            elif len(head) == 2 and head[-1].low in lx.REMOVAL_WORDS | lx.RESPONSE_WORDS \
                    and head[0].text.isalpha() and head[0].text.islower() and len(rest) <= 3:
                # "autophagic clearance of X" is X's clearance (by way of autophagy): the route
                # word would split the name ("X autophagic"), so it is left out
                words = rest + head[-1:]
            elif len(head) <= 2 and phrases.process_noun(head[-1].low) and len(rest) <= 3:
                words = rest + head
    naming.words, naming.polarity, naming.quantity = words, polarity, quantity


def _entity_named(naming: _Naming, aliases: list[str], abbreviations: dict[str, str],
                  role: Literal["subject", "object"]) -> Entity | None:
    """The entity once its name's words are settled: None for a name that names nothing (a class,
    a step of the argument, closed words); a deficiency or mutation subject becomes a state."""
    words, polarity = naming.words, naming.polarity
    deficiency, mutation, quantity = naming.deficiency, naming.mutation, naming.quantity
    while len(words) > 1 and words[-1].low in lx.CLAUSE_PARTICIPLES:
        words = words[:-1]  # "trehalose treatment beginning (at weaning)": the clause is no part of the name
    if len(words) == 2 and lx.stage_of_a_process(words[0].low, words[1].low):
        words = words[1:]  # "early autophagy" is autophagy seen early; "late endosomes" stay a name
    # Keep the bracketed short forms that follow a word still in the name.
    aliases = [alias.split("\x00", 1)[1] for alias in aliases
               if words and int(alias.split("\x00", 1)[0]) > words[0].start]
    name = " ".join(w.text for w in words).strip(" ,;-")
    name = re.sub(r"\s+'s\b", "'s", name)
    if not name or not re.search(r"[A-Za-z\u0370-\u03ff]", name):
        return None
    name_letter = words[-1].text in ("A", "I") and len(words) > 1  # "trichostatin A", "complex I"
    outcome = words[-1].start in naming.outcome_controls  # "glycaemic control": a name, not a verb
    if len(words) > 8 or (words[-1].low in CLOSED and not name_letter and not outcome) \
            or words[0].low in _NAME_NONSTARTERS:
        return None
    if all(w.low in CLOSED or w.low in ORGANISMS or class_word(w.low) for w in words):
        return None  # "the receptor", "these drugs": a class, no particular entity
    if len(words) == 1 and words[0].low in _DISCOURSE_ORDINALS:
        return None  # "Fourth, X reduces Y": a step of the argument, no entity
    if len(words) == 1 and words[0].low in lx.PROCESSES_OF_SOMETHING:
        return None  # "the formation and assembly of X" read as "formation": of nothing

    if len(words) > 1 and words[-1].low in lx.UNSIGNED_HEADS and not outcome:
        return None  # "the X-mediated regulation of Y": which way Y moves is left open
    if words[-1].low in lx.UNSIGNED_CHANGES and not any(lx.written_as_a_name(w.text) for w in words[:-1]):
        return None  # "subtle changes", "conformational change": no way and no entity
    if len(words) == 1 and words[0].low in _GENETIC_WORDS and (mutation or deficiency):
        return None  # "genetic mutations (and anomalies of X)": no gene named
    if not _names_something(words, name):
        return None
    name_aliases = _aliases_for(name, aliases, abbreviations)
    if name in abbreviations:
        name_aliases = [name, *[a for a in name_aliases if a != name]]
        name = abbreviations[name]
    # a defined long form is one token: its own last word decides ("frontotemporal dementia (FTD)")
    last = words[-1].text.split()[-1].lower() if words[-1].low == LONG_FORM else words[-1].low
    state_word = last in lx.STATE_WORDS or last.endswith(lx.STATE_SUFFIXES) \
        or name.lower() in lx.STATE_WORDS
    if role == "subject" and (deficiency or mutation):
        kind = "deficiency" if deficiency else "mutation"
        return Entity(f"{name} {kind}", 1, True, [f"{a} {kind}" for a in name_aliases],
                      StateOf(entity=name, kind=kind))
    if deficiency:
        polarity = -polarity
    state = state_word and not quantity and polarity > 0
    return Entity(name, polarity, state, name_aliases)


_PROCESS_NAME_ENDINGS = word_tuple(_WORDS, "_process_name_endings")


def class_word(low: str) -> bool:
    """A class noun ("kinase", "receptors") or the "factor" of "transcription factor"."""
    return low in lx.CLASS_NOUNS or low in lx.FACTOR_HEADS


_DRUG_CLASSES = word_set(_WORDS, "_drug_classes")


def _without_class_prefix(words: list[Token]) -> list[Token]:
    return words[class_prefix_end([w.text for w in words], [w.low for w in words]):]


def class_prefix_end(texts: list[str], lows: list[str]) -> int:
    """How many leading words class the one name after them: "kinase DAPK1", "transcription factor
    TFEB", "receptor ApoE", "the antidiabetic drug metformin", "the enzyme acetylcholinesterase".
    0 where they are part of the name ("protein kinase A", "factor VIII", "nerve growth factor")
    or head it ("neurotransmitter release", "antioxidant genes")."""
    cut = 0
    while cut < len(lows) and (class_word(lows[cut]) or (
            lows[cut] in _PROTEIN_WORDS and cut + 1 < len(lows) and class_word(lows[cut + 1]))):
        cut += 1
    if 0 < cut < len(lows) and lows[cut - 1] not in lx.FACTOR_HEADS or (
            0 < cut < len(lows) and lows[0] == "transcription"):
        if len(lows) - cut == 1 and word_tests.symbol_like(texts[cut]) and len(texts[cut]) > 2:
            return cut  # not "transcription factor EB", whose letters are the end of its symbol (TFEB)
    if (len(lows) > 3 or (len(lows) == 3 and lows[2] == LONG_FORM)) \
            and lows[0] == "transcription" and lows[1] in lx.FACTOR_HEADS:
        return 2  # "the transcription factor cAMP response element-binding protein"
    for k in range(len(lows) - 1):
        if lows[k] in _DRUG_CLASSES and k + 2 == len(lows) \
                and (_substance_name(texts[-1], lows[-1]) or word_tests.symbol_like(texts[-1])) \
                and all(t.islower() for t in texts[:k]):
            return k + 1
    return 0


def _substance_name(text: str, low: str) -> bool:
    """One word that can name a substance after its class noun ("rifampicin", "trehalose"), not a
    process, an amount or a plural that the class noun qualifies ("release", "levels", "genes")."""
    return text.isalpha() and len(text) >= 4 and not low.endswith("s") and not word_tests.change_head(low) \
        and not phrases.process_noun(low) and low not in lx.QUANTITY_WORDS and low not in _GROUP_NOUNS \
        and low not in lx.VAGUE_NAMES and not class_word(low) and low not in ROLE_NOUNS


_GROUP_NOUNS = word_set(_WORDS, "_group_nouns")


def manner_adjective(tok: Token) -> bool:
    """A lower-case adjective saying how a change was made ("pharmacological", "genetic",
    "chronic", "selective"), not part of a name, nor itself a change ("decreased")."""
    return tok.text.isalpha() and tok.text[1:].islower() and tok.low.endswith(ADJECTIVE_ENDINGS) \
        and tok.low not in lx.INCREASE_ADJECTIVES and tok.low not in lx.DECREASE_ADJECTIVES


def _names_something(words: list[Token], name: str) -> bool:
    """Reject names that are a vague noun, a bare head of change, a unit or a lone verb form."""
    low = name.lower()
    if low in lx.VAGUE_NAMES or low in lx.INCREASE_HEADS or low in lx.DECREASE_HEADS \
            or low in lx.DEFICIENCY_HEADS or low in lx.NOMINAL_TRIGGERS:
        return False
    if len(words) <= 3 and words[-1].low in lx.VAGUE_HEADS and not any(
            re.search(r"[A-Z0-9]", w.text[1:] if k == 0 else w.text) for k, w in enumerate(words)):
        return False  # "recent study", "signaling pathways", "various cell types"
    if words[-1].low in lx.FACTOR_HEADS and all(
            w.low in lx.EVALUATIVE_MODIFIERS or w.low in lx.DETERMINERS for w in words[:-1]):
        return False  # "an important factor", "several key factors"
    if len(words) == 1:
        word = words[0].text
        if len(word) <= 2 and word.islower():
            return False
        # A lone lower-case participle or gerund ("sought", "deleting") is a verb, not a name;
        # "learning", "signaling" and "aging" are names.
        if word.islower() and not re.search(r"\d", word) and low not in lx.PROCESS_NOUNS \
                and low not in lx.STATE_WORDS and (
                    word.endswith("ed") or (word.endswith("ing") and (
                        low in lx.VERB_FORMS or low in lx.OTHER_VERBS or low in lx.DECREASE_HEADS
                        or low in lx.INCREASE_HEADS or low in lx.DEFICIENCY_HEADS))):
            return False
    return True


def _aliases_for(name: str, bracketed: list[str], abbreviations: dict[str, str]) -> list[str]:
    aliases = list(bracketed)
    for short, long in abbreviations.items():
        if long.lower() == name.lower() and short not in aliases:
            aliases.append(short)
        elif short != name and re.search(rf"(?<!\w){re.escape(short)}(?!\w)", name):
            aliases.append(re.sub(rf"(?<!\w){re.escape(short)}(?!\w)", long, name))
    return [a for a in aliases if a != name]


_DOSE_WORDS = word_set(_WORDS, "_dose_words")


_BLOCKING_MODIFIERS = word_set(_WORDS, "_blocking_modifiers")


_DOSE_MODIFIERS = word_set(_WORDS, "_dose_modifiers")


def _describes_a_dimension(low: str) -> bool:
    """"age-related", "sex-specific": a word that says along what a change varies."""
    stem, dash, suffix = low.rpartition("-")
    return bool(dash) and stem in DIMENSION_WORDS and suffix in _DIMENSION_SUFFIXES


def _change_head(low: str) -> bool:
    return low in lx.INCREASE_HEADS or low in lx.DECREASE_HEADS or low in lx.DEFICIENCY_HEADS \
        or low in lx.NOMINAL_TRIGGERS


_EXPRESSING = word_set(_WORDS, "_expressing")


def expressing_carrier(words: list[Token]) -> int:
    """"(transgenic) mice expressing X", "neurons overexpressing X": the index after the carrier
    and its participle (0 when the phrase is not such a carrier)."""
    for k, word in enumerate(words):
        if word.low in _EXPRESSING:
            before = [w.low for w in words[:k] if w.low not in lx.DETERMINERS]
            if before and before[-1] in ORGANISMS and all(
                    w in ORGANISMS or w in CARRIER_MODIFIERS for w in before) and k + 1 < len(words):
                return k + 2 if words[k + 1].low == "with" and k + 2 < len(words) else k + 1  # "fed (with) X"
            return 0
    return 0


def leading_change(tokens: list[Token], span: tuple[int, int]) -> int | None:
    """Direction set by a phrase's leading change word ("impaired", "loss of"), if it has one."""
    j = span[0]
    while j < span[1] and tokens[j].low in lx.DETERMINERS:
        j += 1
    if j + 2 < span[1] and manner_adjective(tokens[j]) and word_tests.change_head(tokens[j + 1].low) \
            and tokens[j + 2].low in lx.CHANGE_PREPOSITIONS:
        j += 1  # "conditional knockout of X or Y"
    # "significant reductions in A, B and C", "robust and dose-dependent reductions in ...":
    # modifiers before the change head
    k = j
    while k + 2 < span[1] and k - j < 5 and (
            word_tests.is_adverb(tokens[k].low) or tokens[k].low in NAME_NOISE or tokens[k].low == "and"
            or manner_adjective(tokens[k]) or tokens[k].low.endswith("-dependent")):
        k += 1
    if k > j and word_tests.change_head(tokens[k].low) and tokens[k + 1].low in lx.CHANGE_PREPOSITIONS:
        j = k
    if j >= span[1]:
        return None
    low = tokens[j].low
    nxt = tokens[j + 1].low if j + 1 < span[1] else ""
    if (low in lx.INCREASE_ADJECTIVES or low in lx.DECREASE_ADJECTIVES) \
            and opens_curated_name([t.text for t in tokens[j:span[1]]]):
        return None  # "low back pain" names a condition
    if (low in lx.INCREASE_ADJECTIVES or low in lx.DECREASE_ADJECTIVES) and nxt:
        # "decreased induction of A and B", "increased inhibition of A": the head's change, turned
        head = leading_change(tokens, (j + 1, span[1])) if word_tests.change_head(nxt) else None
        return adjective_sign(tokens[:span[1]], j) * (head or 1)
    if nxt in lx.CHANGE_PREPOSITIONS:
        if low in lx.BETTERING_NOUNS:  # "an improvement in pain" lowers pain
            return -1 if phrases.detrimental(tokens, (j + 2, span[1])) else 1
        if low in lx.DECREASE_HEADS or low in lx.DEFICIENCY_HEADS or lx.NOMINAL_TRIGGERS.get(low, 1) < 0:
            return -1
        if low in lx.INCREASE_HEADS or lx.NOMINAL_TRIGGERS.get(low, -1) > 0:
            return 1
    if low.endswith("ing") and nxt and nxt not in CLOSED:
        # a gerund with its object: "reducing NLRC4 (or ASC)", "overexpressing TFEB"
        if low in lx.DECREASE_HEADS or low in lx.DEFICIENCY_HEADS:
            return -1
        if low in lx.INCREASE_HEADS:
            return 1
    return None


def adjective_sign(words: list[Token], k: int) -> int:
    """The sign of the adjective of change at ``k`` on the name after it: its listed sign, turned where
    a word of betterment or worsening describes a harm ("improved symptoms" are fewer, "worse pain"
    is more; "worse prognosis" is less prognosis)."""
    sign = 1 if words[k].low in lx.INCREASE_ADJECTIVES else -1
    if words[k].low in lx.VALENCE_ADJECTIVES and phrases.detrimental(words, (k + 1, len(words))):
        return -sign
    return sign


def course_prefix(words: list[Token]) -> int:
    """How many leading words say how a treatment was given ("long-term", "acute and chronic")."""
    k = 0
    while k < len(words) and words[k].low in lx.COURSE_MODIFIERS:
        k += 1
        if k + 1 < len(words) and words[k].low in lx.LIST_JOINS and words[k + 1].low in lx.COURSE_MODIFIERS:
            k += 1
    return k
