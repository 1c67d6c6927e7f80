"""Word lists the rule-based extractor and question analyser read with.

General English and general biomedical vocabulary only: causal verbs with their polarity, the heads
of nominalised claims, quantity and state words, hedges and negations, and the closed word classes a
chunker needs. Nothing here names an entity.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.reading.language.data_files import word_set, word_table, word_tuple

# The word lists and tables live in words.toml beside this file, each with a line on what it is for;
# the lists built from others, and the rules over words, stay here.
_WORDS = Path(__file__).with_name("words.toml")

INCREASE_VERBS = word_tuple(_WORDS, "increase_verbs")
DECREASE_VERBS = word_tuple(_WORDS, "decrease_verbs")
PHRASAL = word_table(_WORDS, "phrasal")
ORIGIN_PARTICLES = word_table(_WORDS, "origin_particles")
MADE_FROM_VERBS = word_set(_WORDS, "made_from_verbs")
MODIFYING_VERBS = word_table(_WORDS, "modifying_verbs")
MODIFICATION_EFFECT_WORDS = word_set(_WORDS, "modification_effect_words")
MODIFICATION_NOUNS = word_table(_WORDS, "modification_nouns")
REVERSED_VERBS = word_set(_WORDS, "reversed_verbs")
NOUN_BASE_FORMS = word_set(_WORDS, "noun_base_forms")
ADJECTIVE_BASE_FORMS = word_set(_WORDS, "adjective_base_forms")
SIGNABLE_VERBS = word_set(_WORDS, "signable_verbs")
SIGNING_ADVERBS = word_table(_WORDS, "signing_adverbs")
CORRELATION_SIGNS = word_table(_WORDS, "correlation_signs")
RISK_FACTOR_HEADS = word_set(_WORDS, "risk_factor_heads")
NEEDED_FOR = word_set(_WORDS, "needed_for")
INVOLVED_IN = word_set(_WORDS, "involved_in")
ASSOCIATED_WITH = word_set(_WORDS, "associated_with")
UNSIGNED_HEADS = word_set(_WORDS, "unsigned_heads")
UNSIGNED_CHANGES = word_set(_WORDS, "unsigned_changes")
EFFECT_NOUNS = word_set(_WORDS, "effect_nouns")
SIGNABLE_ROLES = word_set(_WORDS, "signable_roles")
EFFECT_ADJECTIVES = word_table(_WORDS, "effect_adjectives")
VALUING_ADJECTIVES = word_set(_WORDS, "valuing_adjectives")
CONDITION_VALUING_ADJECTIVES = word_set(_WORDS, "condition_valuing_adjectives")
EFFECT_HEADS = word_set(_WORDS, "effect_heads")
HARM_NAMES = word_table(_WORDS, "harm_names")


def harm_named(adjectives: list[str]) -> str | None:
    """The harm a list of adjectives before "effects" names, the most specific first: "deleterious
    neurotoxic effects" are neurotoxicity; None where no adjective names a harm."""
    harms = [HARM_NAMES[a] for a in adjectives if a in HARM_NAMES]
    return next((h for h in harms if h != "toxicity"), harms[0]) if harms else None


EFFECT_VERBS = word_set(_WORDS, "effect_verbs")
SHIELD_PARTICLES = word_tuple(_WORDS, "shield_particles")
IRREGULAR = word_table(_WORDS, "irregular")
PLAIN_ED_VERBS = word_set(_WORDS, "plain_ed_verbs")
ES_ENDINGS = word_tuple(_WORDS, "es_endings")


def _inflections(lemma: str) -> tuple[str, ...]:
    """Regular English inflections of a verb lemma (base, -s, -ed, -ing)."""
    if lemma in IRREGULAR:
        return (lemma, *IRREGULAR[lemma])
    if lemma.endswith("e"):
        return lemma, lemma + "s", lemma + "d", lemma[:-1] + "ing"
    if lemma.endswith("y") and lemma[-2] not in "aeiou":
        return lemma, lemma[:-1] + "ies", lemma[:-1] + "ied", lemma + "ing"
    if lemma.endswith(ES_ENDINGS):
        return lemma, lemma + "es", lemma + "ed", lemma + "ing"
    if lemma in PLAIN_ED_VERBS:
        return lemma, lemma + "s", lemma + "ed", lemma + "ing"
    if lemma.endswith(("t", "k", "n", "r", "l", "m", "p", "d", "w")) and not lemma.endswith("ll"):
        return lemma, lemma + "s", lemma + "ed", lemma + "ing"
    return lemma, lemma + "s", lemma + "ed", lemma + "ing"


def _build_verb_forms() -> dict[str, tuple[str, int, str]]:
    """Surface form → (lemma, polarity, form) with form one of base, s, ed, ing."""
    forms: dict[str, tuple[str, int, str]] = {}
    for lemma_list, polarity in ((INCREASE_VERBS, 1), (DECREASE_VERBS, -1)):
        for lemma in lemma_list:
            for form, kind in zip(_inflections(lemma), ("base", "s", "ed", "ing")):
                forms.setdefault(form, (lemma, polarity, kind))
    for lemma in PHRASAL:
        polarity = PHRASAL[lemma][1]
        inflected = _inflections(lemma)
        kinds = ("base", "s", "ed", "ed", "ing") if len(inflected) == 5 else ("base", "s", "ed", "ing")
        for form, kind in zip(inflected, kinds):
            forms[form] = (lemma, polarity, kind)
    return forms


VERB_FORMS: dict[str, tuple[str, int, str]] = _build_verb_forms()


def present_form(lemma: str) -> str:
    """The third-person present of a verb of change ("reduce" → "reduces")."""
    return _inflections(lemma)[1]


def present_change_verb(word: str) -> bool:
    """The third-person present of a verb with a sign ("inhibits", "phosphorylates")."""
    return _signed_form(word) == "s"


def finite_change_verb(word: str) -> bool:
    """The third-person present or the past of a verb with a sign ("inhibits", "inhibited")."""
    return _signed_form(word) in ("s", "ed")


def change_verb(word: str) -> bool:
    """Any form of a verb with a sign ("inhibits", "inhibiting", "raised")."""
    return _signed_form(word) is not None


def _signed_form(word: str) -> str | None:
    form = VERB_FORMS.get(word.lower())
    return form[2] if form is not None and form[1] != 0 else None


DOSE_UNITS = word_set(_WORDS, "dose_units")
# Units and multiples a number may carry and stay an amount ("50%", "2-fold", "10mM", "24h"); a number
# joined to other letters is a name ("17-AAG", "3-MA", "6-OHDA", "20S proteasome").
AMOUNT_MULTIPLES = word_set(_WORDS, "amount_multiples")
AMOUNT_UNITS = DOSE_UNITS | AMOUNT_MULTIPLES
_AMOUNT = re.compile(r"\W*\d+(?:[.,]\d+)*[-–]?(?P<unit>[^\W\d]*)%?")


def amount_word(text: str) -> bool:
    """A number, alone or with a unit or a multiple ("50", "2-fold", "10mM", "24h"), not a name."""
    found = _AMOUNT.fullmatch(text)
    return found is not None and found["unit"].lower() in AMOUNT_UNITS


def symbol_word(text: str) -> bool:
    """Letters with a digit or with two capitals ("ERK1/2", "LC3-II", "17-AAG", "BDNF"): the symbol of a
    gene, protein or compound, not an amount ("2-fold")."""
    return any(ch.isalpha() for ch in text) and not amount_word(text) \
        and (any(ch.isdigit() for ch in text) or sum(ch.isupper() for ch in text) >= 2)


COUNTED_NOUNS = word_set(_WORDS, "counted_nouns")


def name_first_word(text: str) -> bool:
    """A word that may begin a name of two words whose second is a mark (``name_mark``): letters, at
    most the first a capital, not a verb of change or a noun that counts ("day 3")."""
    low = text.lower()
    return len(text) >= 3 and text.isalpha() and text[1:].islower() and low not in COUNTED_NOUNS \
        and low not in VERB_FORMS


def plural_word(word: str) -> bool:
    """A lower-case plural ("neurons") or a symbol's ("IFNs", "AβOs"); a symbol ("SIRT1", "ROS") or
    a mass noun is one thing."""
    if len(word) > 2 and word[-1] == "s" and (word[-2].isupper() or word[-2].isdigit()):
        return True
    return word.islower() and word.endswith("s") and not word.endswith(SINGULAR_S_ENDINGS)


def name_mark(text: str) -> bool:
    """The second word of such a name: a lone capital, a number of one or two digits, or a Greek letter
    ("cathepsin D", "Beclin 1", "caspase 3", "interferon γ")."""
    return (len(text) == 1 and (text.isupper() or "α" <= text <= "ω")) or (text.isdigit() and len(text) <= 2)


NEEDS_PARTICLE = word_set(_WORDS, "needs_particle")

NOMINAL_TRIGGERS = word_table(_WORDS, "nominal_triggers")

NOMINAL_TRIGGERS.update({f"{word}s": sign for word, sign in list(NOMINAL_TRIGGERS.items())
                         if not word.endswith("s")})

RESULT_VERBS = word_set(_WORDS, "result_verbs")
EXPERIMENT_NOUNS = word_table(_WORDS, "experiment_nouns")
TOOL_MARKERS = word_set(_WORDS, "tool_markers")
PARTNER_WORDS = word_set(_WORDS, "partner_words")
PURPOSE_PREPOSITIONS = word_set(_WORDS, "purpose_prepositions")
TOOL_VERBS = word_set(_WORDS, "tool_verbs")

COMPOUND_SUFFIXES = word_table(_WORDS, "compound_suffixes")

DECREASE_HEADS = word_set(_WORDS, "decrease_heads")
INCREASE_HEADS = word_set(_WORDS, "increase_heads")
DEFICIENCY_HEADS = word_set(_WORDS, "deficiency_heads")
MUTATION_HEADS = word_set(_WORDS, "mutation_heads")
_MUTATION_KINDS = word_set(_WORDS, "_mutation_kinds")


_ADJECTIVE_ENDINGS = word_tuple(_WORDS, "_adjective_endings")
MORE_ADJECTIVE_ENDINGS = word_tuple(_WORDS, "more_adjective_endings")
MUTATION_KIND_ENDINGS = word_tuple(_WORDS, "mutation_kind_endings")


def mutation_kind(word: str) -> bool:
    """A word before "mutations" that says what kind they are ("missense", "pathogenic",
    "disease-causing"), not in what: lower case, a known kind or an adjective's ending."""
    low = word.lower()
    return word[1:].islower() and (low in _MUTATION_KINDS or low.endswith(
        MUTATION_KIND_ENDINGS) or (low.isalpha() and low.endswith(_ADJECTIVE_ENDINGS)))


def adjective_ending(word: str) -> bool:
    """A word ending as English adjectives do ("similar", "chronic", "notable"); names of drugs and
    molecules rarely do ("mecamylamine", "valproate", "lithium")."""
    return word.lower().endswith(_ADJECTIVE_ENDINGS + MORE_ADJECTIVE_ENDINGS)


RESPONSE_WORDS = word_set(_WORDS, "response_words")
REMOVAL_WORDS = word_set(_WORDS, "removal_words")
REPORTING_VERBS = word_set(_WORDS, "reporting_verbs")
# Processes that remove what they act on, as a need names them: "Y requires X for (its) clearance" says
# X lowers Y (Y's clearance rises), where "Y requires X" alone says X raises Y.
REMOVAL_NOUNS = word_set(_WORDS, "removal_nouns")
NEEDED_REMOVALS = REMOVAL_WORDS | REMOVAL_NOUNS
HEAD_PREPOSITIONS = word_table(_WORDS, "head_prepositions")
INCREASE_ADJECTIVES = word_set(_WORDS, "increase_adjectives")
DECREASE_ADJECTIVES = word_set(_WORDS, "decrease_adjectives")
VALENCE_ADJECTIVES = word_set(_WORDS, "valence_adjectives")
COURSE_WORDS = word_set(_WORDS, "course_words")
SYMPTOM_HEADS = word_set(_WORDS, "symptom_heads")

QUANTITY_WORDS = word_set(_WORDS, "quantity_words")
MEASURED_AT = word_set(_WORDS, "measured_at")
PROCESS_NOUNS = word_set(_WORDS, "process_nouns")
PROCESSES_OF_SOMETHING = word_set(_WORDS, "processes_of_something")
LISTED_PROCESS_GERUNDS = word_set(_WORDS, "listed_process_gerunds")
PROCESS_GERUNDS = frozenset({w for w in PROCESS_NOUNS if w.endswith("ing")}) | LISTED_PROCESS_GERUNDS
PROCESS_SUFFIXES = word_tuple(_WORDS, "process_suffixes")
PROCESS_HEAD_ENDINGS = word_tuple(_WORDS, "process_head_endings")


def process_head(word: str) -> bool:
    """A head word that names a process ("release", "phosphorylation", "transcription"), by the word
    or its ending."""
    return word in PROCESS_NOUNS or word in MODIFICATION_NOUNS or word.endswith(PROCESS_HEAD_ENDINGS)

def written_as_a_name(word: str) -> bool:
    """A symbol or proper name ("DISC1", "Tau"), not a plain lowercase word ("subtle", "conformational")."""
    return any(ch.isupper() or ch.isdigit() for ch in word)


STAGE_WORDS = word_set(_WORDS, "stage_words")


def stage_of_a_process(modifier: str, head: str) -> bool:
    """"early autophagy", "late apoptosis": a stage word before a process; "late endosomes" is a name."""
    return modifier in STAGE_WORDS and (process_head(head) or head.endswith("phagy"))


CONDITION_WORDS = word_set(_WORDS, "condition_words")
# Words whose presence makes a name a state (a condition that holds or not) rather than a quantity.
STATE_NOUNS = word_set(_WORDS, "state_nouns")
STATE_WORDS = CONDITION_WORDS | STATE_NOUNS
STATE_SUFFIXES = word_tuple(_WORDS, "state_suffixes")

DETERMINERS = word_set(_WORDS, "determiners")
# Closed classes for the chunker.
PREPOSITIONS = word_set(_WORDS, "prepositions")
CONJUNCTIONS = word_set(_WORDS, "conjunctions")
AUXILIARIES = word_set(_WORDS, "auxiliaries")
MODALS = word_set(_WORDS, "modals")
PRONOUNS = word_set(_WORDS, "pronouns")
RELATIVE_PRONOUNS = word_set(_WORDS, "relative_pronouns")
SUBJECT_RELATIVE_PRONOUNS = word_set(_WORDS, "subject_relative_pronouns")
CHANGE_PREPOSITIONS = word_set(_WORDS, "change_prepositions")
LIST_JOINS = word_set(_WORDS, "list_joins")
LIST_CONJUNCTIONS = word_set(_WORDS, "list_conjunctions")
SINGULAR_S_ENDINGS = word_tuple(_WORDS, "singular_s_endings")
DEPENDENCE_WORDS = word_set(_WORDS, "dependence_words")
ON_PREPOSITIONS = word_set(_WORDS, "on_prepositions")
THING_RELATIVE_PRONOUNS = word_set(_WORDS, "thing_relative_pronouns")
MEANS_PREPOSITIONS = word_set(_WORDS, "means_prepositions")
INSIDE_PREPOSITIONS = word_set(_WORDS, "inside_prepositions")
COMPANION_WORDS = word_set(_WORDS, "companion_words")
GENE_NOUNS = word_set(_WORDS, "gene_nouns")
ENCODING_PARTICIPLES = word_set(_WORDS, "encoding_participles")
PLAIN_LOSSES = word_set(_WORDS, "plain_losses")
GAIN_VERBS = word_set(_WORDS, "gain_verbs")
SOLUBILITY_WORDS = word_set(_WORDS, "solubility_words")
ADVERBS = word_set(_WORDS, "adverbs")
NOT_ADVERBS_LY = word_set(_WORDS, "not_adverbs_ly")
OTHER_VERBS = word_set(_WORDS, "other_verbs")
STATE_EXHIBIT_VERBS = word_set(_WORDS, "state_exhibit_verbs")

GENERIC_NAMES = word_set(_WORDS, "generic_names")

CLASS_NOUNS = word_set(_WORDS, "class_nouns")

RESTORING_VERBS = word_set(_WORDS, "restoring_verbs")
IMPROVING_VERBS = word_set(_WORDS, "improving_verbs")
WORSENING_VERBS = word_set(_WORDS, "worsening_verbs")
BETTERING_NOUNS = word_set(_WORDS, "bettering_nouns")
DETRIMENT_WORDS = word_set(_WORDS, "detriment_words")
REMEDY_HEADS = word_set(_WORDS, "remedy_heads")
CONTROL_MODIFIERS = word_set(_WORDS, "control_modifiers")
TREATING_EFFICACY = word_set(_WORDS, "treating_efficacy")

LINKAGE_WORDS = word_set(_WORDS, "linkage_words")
HOST_NOUNS = word_set(_WORDS, "host_nouns")

PLACE_NOUNS = word_set(_WORDS, "place_nouns")
TISSUE_NOUNS = word_set(_WORDS, "tissue_nouns")


def place_word(word: str) -> bool:
    """A part of a place or a tissue ("areas", "hippocampus"): where, never what."""
    return word in PLACE_NOUNS or word in TISSUE_NOUNS


METHOD_NOUNS = word_set(_WORDS, "method_nouns")

CLAUSE_PARTICIPLES = word_set(_WORDS, "clause_participles")

VAGUE_NAMES = word_set(_WORDS, "vague_names")

VAGUE_HEADS = word_set(_WORDS, "vague_heads")

FACTOR_HEADS = word_set(_WORDS, "factor_heads")
EVALUATIVE_MODIFIERS = word_set(_WORDS, "evaluative_modifiers")
COURSE_MODIFIERS = word_set(_WORDS, "course_modifiers")
ONSET_VERBS = word_set(_WORDS, "onset_verbs")
ONSET_GERUNDS = frozenset(_inflections(verb)[-1] for verb in ONSET_VERBS)
_NO_KINDS = INCREASE_ADJECTIVES | DECREASE_ADJECTIVES | EVALUATIVE_MODIFIERS | COURSE_MODIFIERS


def kind_adjective(word: str) -> bool:
    """An adjective that names a kind of what follows ("mental" health, "systolic" pressure,
    "lysosomal" dysfunction), so that two joined before one head name two things; not a word of change,
    judgement or course ("increased", "significant", "chronic")."""
    low = word.lower()
    return word.islower() and word.isalpha() and adjective_ending(low) and low not in _NO_KINDS


NAMED_CHANGES = word_set(_WORDS, "named_changes")

NEGATIONS = word_set(_WORDS, "negations")
HEDGES = word_set(_WORDS, "hedges")

LONG_FORM_BOUNDARIES = word_set(_WORDS, "long_form_boundaries")


CLASS_WORDS = word_set(_WORDS, "class_words")


# Group comparisons ("Y was lower in the X group than in the placebo group"; ``parse.comparisons``).
GROUP_NOUNS = word_set(_WORDS, "group_nouns")
UNNAMED_GROUP_WORDS = word_set(_WORDS, "unnamed_group_words")
GROUP_PEOPLE = word_set(_WORDS, "group_people")
CONDITION_PEOPLE = word_table(_WORDS, "condition_people")
CONDITION_ADJECTIVES = word_table(_WORDS, "condition_adjectives")
CONTROL_GROUP_WORDS = word_set(_WORDS, "control_group_words")
HEALTHY_GROUP_WORDS = word_set(_WORDS, "healthy_group_words")


# A residue of a protein: "Ser71", "Thr-231", "S396", "Y18".
_SITE = re.compile(r"(?i)(?:ser|thr|tyr|lys|arg|asp|glu|his|cys|[stykrd])-?\d{1,4}")


def is_site(word: str) -> bool:
    return _SITE.fullmatch(word) is not None
