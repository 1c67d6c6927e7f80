"""Word lists the rule-based extractor and question analyser read with.

General English and general biomedical vocabulary only: causal verbs with their polarity, the heads
of nominalised claims, quantity and state words, hedges and negations, and the closed word classes a
chunker needs. Nothing here names an entity.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path


# The plain word lists live in words.toml beside this file, each with a line on what it is for; the
# tables (a word and its sign or its form) and the lists built from others stay here.
_WORD_LISTS = tomllib.loads(Path(__file__).with_name("words.toml").read_text(encoding="utf-8"))


def _word_set(name: str) -> frozenset[str]:
    return frozenset(_WORD_LISTS[name])

# Causal verbs by lemma → polarity of the effect on the object (+1 more of it, -1 less of it).
INCREASE_VERBS = (
    "increase", "enhance", "induce", "promote", "activate", "upregulate", "up-regulate",
    "stimulate", "elevate", "augment", "potentiate", "amplify", "boost", "trigger", "facilitate",
    "accelerate", "exacerbate", "aggravate", "worsen", "raise", "strengthen", "evoke", "elicit",
    "cause", "produce", "generate", "drive", "mediate", "improve", "phosphorylate",
    "secrete", "release", "synthesize", "synthesise", "support", "maintain", "sustain",
    "require", "preserve", "confer",
    "foster", "favor", "favour", "initiate", "intensify", "provoke", "exaggerate",
    "hyperphosphorylate", "acetylate", "ubiquitinate", "ubiquitylate", "methylate", "sumoylate",
    "heighten", "aid", "enlarge", "stabilize", "stabilise", "replenish", "cleave",
)
DECREASE_VERBS = (
    "reduce", "decrease", "inhibit", "suppress", "attenuate", "downregulate", "down-regulate",
    "block", "prevent", "impair", "diminish", "lower", "abolish", "abrogate", "antagonize",
    "antagonise", "repress", "limit", "alleviate", "ameliorate", "counteract", "mitigate",
    "weaken", "disrupt", "dampen", "lessen", "slow", "hinder", "decelerate",
    "deplete", "abate", "reverse", "eliminate", "restrict", "silence", "inactivate",
    "degrade", "destabilize", "destabilise", "compromise", "curb", "retard", "rescue", "restore", "repair",
    "dephosphorylate", "deacetylate", "deubiquitinate", "deubiquitylate", "demethylate",
    "deactivate", "supress", "disturb", "blunt", "relieve", "hamper", "impede",
    "remove", "clear", "destroy", "kill", "neutralize", "neutralise", "scavenge", "quench",
    "halt", "delay", "desensitize", "desensitise", "downmodulate",
)
# Multi-word causal predicates: (words after the verb, polarity); the verb lemma is the key.
PHRASAL = {
    "lead": (("to",), 1),
    "result": (("in",), 1),
    "contribute": (("to",), 1),
    "give": (("rise", "to"), 1),
    "protect": (("against",), -1),
    "account": (("for",), 1),
    "interfere": (("with",), -1),
    "depend": (("on",), 1),
    "rely": (("on",), 1),
}
# Verbs of origin: the object of the particle is the cause of the subject ("Y results from X").
ORIGIN_PARTICLES = {"result": "from"}
MADE_FROM_VERBS = _word_set("made_from_verbs")
# Verbs that change a form of their object rather than its amount: the object is renamed.
MODIFYING_VERBS = {"phosphorylate": "phosphorylation", "hyperphosphorylate": "phosphorylation",
                   "dephosphorylate": "phosphorylation", "acetylate": "acetylation",
                   "deacetylate": "acetylation", "ubiquitinate": "ubiquitination",
                   "ubiquitylate": "ubiquitination", "deubiquitinate": "ubiquitination",
                   "deubiquitylate": "ubiquitination", "methylate": "methylation",
                   "demethylate": "methylation", "sumoylate": "SUMOylation", "cleave": "cleavage"}
MODIFICATION_EFFECT_WORDS = _word_set("modification_effect_words")
# The nouns of those changes, read with their agent: "phosphorylation of tau by GSK3β" (more tau
# phosphorylation), "dephosphorylation of tau by PP2A" (less of it): noun → (modification, sign).
MODIFICATION_NOUNS = {
    "phosphorylation": ("phosphorylation", 1), "hyperphosphorylation": ("phosphorylation", 1),
    "dephosphorylation": ("phosphorylation", -1), "acetylation": ("acetylation", 1),
    "deacetylation": ("acetylation", -1), "ubiquitination": ("ubiquitination", 1),
    "ubiquitylation": ("ubiquitination", 1), "polyubiquitination": ("ubiquitination", 1),
    "deubiquitination": ("ubiquitination", -1), "methylation": ("methylation", 1),
    "demethylation": ("methylation", -1), "sumoylation": ("SUMOylation", 1),
}
REVERSED_VERBS = _word_set("reversed_verbs")
NOUN_BASE_FORMS = _word_set("noun_base_forms")
ADJECTIVE_BASE_FORMS = _word_set("adjective_base_forms")
SIGNABLE_VERBS = _word_set("signable_verbs")
SIGNING_ADVERBS = {"positively": 1, "negatively": -1}
# A correlation signed by an adverb on either side: "inversely correlated with Y", "correlates
# negatively with Y".
CORRELATION_SIGNS = {"positively": 1, "directly": 1, "negatively": -1, "inversely": -1}
RISK_FACTOR_HEADS = _word_set("risk_factor_heads")
NEEDED_FOR = _word_set("needed_for")
INVOLVED_IN = _word_set("involved_in")
ASSOCIATED_WITH = _word_set("associated_with")
UNSIGNED_HEADS = _word_set("unsigned_heads")
UNSIGNED_CHANGES = _word_set("unsigned_changes")
EFFECT_NOUNS = _word_set("effect_nouns")
EFFECT_ADJECTIVES = {
    "protective": 1, "neuroprotective": 1, "cytoprotective": 1, "beneficial": 1, "positive": 1,
    "stimulatory": 1, "facilitatory": 1, "enhancing": 1, "trophic": 1, "supportive": 1,
    "favorable": 1, "favourable": 1, "promoting": 1,
    "detrimental": -1, "deleterious": -1, "negative": -1, "harmful": -1, "toxic": -1,
    "neurotoxic": -1, "cytotoxic": -1, "inhibitory": -1, "suppressive": -1, "damaging": -1,
    "adverse": -1, "repressive": -1,
}
EFFECT_HEADS = _word_set("effect_heads")
# "the effects of X": a harm is X's toxicity ("attenuated the toxic effects of Aβ" lowers Aβ toxicity,
# not Aβ); as a cause, the effects of X are X ("the combined effect of X and Y reduced Z"). The
# effects of X that something changes are left as written: "blocking PI3K inhibits the protective
# effects of nicotine" says that nicotine acts through PI3K, not that PI3K raises nicotine.
HARM_NAMES = {"neurotoxic": "neurotoxicity", "cytotoxic": "cytotoxicity", "synaptotoxic": "synaptotoxicity",
              "toxic": "toxicity", "deleterious": "toxicity", "detrimental": "toxicity", "harmful": "toxicity",
              "damaging": "toxicity", "adverse": "toxicity", "ill": "toxicity"}


def harm_named(adjectives: list[str]) -> str | None:
    """The harm a list of adjectives before "effects" names, the most specific first: "deleterious
    neurotoxic effects" are neurotoxicity; None where no adjective names a harm."""
    harms = [HARM_NAMES[a] for a in adjectives if a in HARM_NAMES]
    return next((h for h in harms if h != "toxicity"), harms[0]) if harms else None


EFFECT_VERBS = _word_set("effect_verbs")
# "X protects (neurons) from / against Y": less Y.
SHIELD_PARTICLES = ("against", "from")
IRREGULAR = {
    "lead": ("leads", "led", "leading"), "give": ("gives", "gave", "given", "giving"),
    "drive": ("drives", "drove", "driven", "driving"), "slow": ("slows", "slowed", "slowing"),
    "upregulate": ("upregulates", "upregulated", "upregulating"),
    "release": ("releases", "released", "releasing"),
}


def _inflections(lemma: str) -> tuple[str, ...]:
    """Regular English inflections of a verb lemma (base, -s, -ed, -ing)."""
    if lemma in IRREGULAR:
        return (lemma, *IRREGULAR[lemma])
    if lemma.endswith("e"):
        return lemma, lemma + "s", lemma + "d", lemma[:-1] + "ing"
    if lemma.endswith("y") and lemma[-2] not in "aeiou":
        return lemma, lemma[:-1] + "ies", lemma[:-1] + "ied", lemma + "ing"
    if lemma.endswith(("ch", "sh", "ss", "x")):
        return lemma, lemma + "es", lemma + "ed", lemma + "ing"
    if lemma in ("block", "limit", "boost", "favor", "favour", "foster", "lower", "worsen",
                 "dampen", "lessen", "weaken", "strengthen", "hinder", "abrogate"):
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


def _signed_form(word: str) -> str | None:
    form = VERB_FORMS.get(word.lower())
    return form[2] if form is not None and form[1] != 0 else None


DOSE_UNITS = _word_set("dose_units")
# Units and multiples a number may carry and stay an amount ("50%", "2-fold", "10mM", "24h"); a number
# joined to other letters is a name ("17-AAG", "3-MA", "6-OHDA", "20S proteasome").
AMOUNT_UNITS = DOSE_UNITS | {"", "fold", "times", "x", "h", "hr", "hrs", "min", "sec", "d", "m", "kda", "da",
                             "mmol", "µmol", "μmol", "nmol"}
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


COUNTED_NOUNS = _word_set("counted_nouns")


def name_first_word(text: str) -> bool:
    """A word that may begin a name of two words whose second is a mark (``name_mark``): letters, at
    most the first a capital, not a verb of change or a noun that counts ("day 3")."""
    low = text.lower()
    return len(text) >= 3 and text.isalpha() and text[1:].islower() and low not in COUNTED_NOUNS \
        and low not in VERB_FORMS


def name_mark(text: str) -> bool:
    """The second word of such a name: a lone capital, a number of one or two digits, or a Greek letter
    ("cathepsin D", "Beclin 1", "caspase 3", "interferon γ")."""
    return (len(text) == 1 and (text.isupper() or "α" <= text <= "ω")) or (text.isdigit() and len(text) <= 2)


NEEDS_PARTICLE = _word_set("needs_particle")

# Nominalised claims "inhibition of Y by X", "Y induction by X", "X-mediated increase in Y".
NOMINAL_TRIGGERS = {
    "increase": 1, "increases": 1, "elevation": 1, "enhancement": 1, "induction": 1, "activation": 1,
    "upregulation": 1, "up-regulation": 1, "stimulation": 1, "promotion": 1, "potentiation": 1,
    "augmentation": 1, "accumulation": 1, "overexpression": 1, "production": 1, "increment": 1,
    "decrease": -1, "decreases": -1, "reduction": -1, "inhibition": -1, "suppression": -1,
    "attenuation": -1, "downregulation": -1, "down-regulation": -1, "blockade": -1, "loss": -1,
    "depletion": -1, "impairment": -1, "prevention": -1, "degradation": -1, "decline": -1,
    "diminution": -1, "lowering": -1, "inactivation": -1, "repression": -1, "disruption": -1,
    "improvement": 1, "amelioration": -1, "rise": 1, "excess": 1,
}

NOMINAL_TRIGGERS.update({f"{word}s": sign for word, sign in list(NOMINAL_TRIGGERS.items())
                         if not word.endswith("s")})

RESULT_VERBS = _word_set("result_verbs")
# Nouns of an experiment done with a tool, and the way each moves what it acts on: "inhibition of
# HSP90 with radicicol" says radicicol lowers HSP90; "with" after other heads marks a partner or a
# condition.
EXPERIMENT_NOUNS = {"inhibition": -1, "blockade": -1, "suppression": -1, "depletion": -1, "antagonism": -1,
                    "inactivation": -1, "activation": 1, "stimulation": 1, "induction": 1, "enhancement": 1}
TOOL_MARKERS = _word_set("tool_markers")
PARTNER_WORDS = _word_set("partner_words")
PURPOSE_PREPOSITIONS = _word_set("purpose_prepositions")
TOOL_VERBS = _word_set("tool_verbs")

# Compound participles "X-induced Y": suffix → polarity on what follows.
COMPOUND_SUFFIXES = {
    "induced": 1, "mediated": 1, "dependent": 1, "triggered": 1, "evoked": 1, "stimulated": 1,
    "activated": 1, "driven": 1, "elicited": 1, "promoted": 1, "enhanced": 1, "caused": 1,
    "inhibited": -1, "suppressed": -1, "attenuated": -1, "blocked": -1, "repressed": -1,
    "impaired": -1, "diminished": -1, "potentiated": 1, "exacerbated": 1, "aggravated": 1,
    "accelerated": 1,
}

DECREASE_HEADS = _word_set("decrease_heads")
INCREASE_HEADS = _word_set("increase_heads")
DEFICIENCY_HEADS = _word_set("deficiency_heads")
MUTATION_HEADS = _word_set("mutation_heads")
_MUTATION_KINDS = _word_set("_mutation_kinds")


_ADJECTIVE_ENDINGS = ("ic", "al", "ous", "ant", "ent", "ive")


def mutation_kind(word: str) -> bool:
    """A word before "mutations" that says what kind they are ("missense", "pathogenic",
    "disease-causing"), not in what: lower case, a known kind or an adjective's ending."""
    low = word.lower()
    return word[1:].islower() and (low in _MUTATION_KINDS or low.endswith(
        ("-causing", "-linked", "-associated", "-related")) or (low.isalpha() and low.endswith(_ADJECTIVE_ENDINGS)))


def adjective_ending(word: str) -> bool:
    """A word ending as English adjectives do ("similar", "chronic", "notable"); names of drugs and
    molecules rarely do ("mecamylamine", "valproate", "lithium")."""
    return word.lower().endswith((*_ADJECTIVE_ENDINGS, "ar", "ary", "ory", "ful", "less", "able", "ible"))


RESPONSE_WORDS = _word_set("response_words")
REMOVAL_WORDS = _word_set("removal_words")
REPORTING_VERBS = _word_set("reporting_verbs")
# Processes that remove what they act on, as a need names them: "Y requires X for (its) clearance" says
# X lowers Y (Y's clearance rises), where "Y requires X" alone says X raises Y.
NEEDED_REMOVALS = REMOVAL_WORDS | {"clearance", "removal"}
# Heads joined to their entity by a preposition other than "of": "treatment with X", "exposure to X".
HEAD_PREPOSITIONS = {"treatment": "with", "pretreatment": "with", "co-treatment": "with",
                     "supplementation": "with", "exposure": "to", "incubation": "with",
                     "transfection": "with", "transduction": "with"}
INCREASE_ADJECTIVES = _word_set("increase_adjectives")
DECREASE_ADJECTIVES = _word_set("decrease_adjectives")

QUANTITY_WORDS = _word_set("quantity_words")
MEASURED_AT = _word_set("measured_at")
PROCESS_NOUNS = _word_set("process_nouns")
PROCESSES_OF_SOMETHING = _word_set("processes_of_something")
PROCESS_GERUNDS = frozenset({w for w in PROCESS_NOUNS if w.endswith("ing")} | {
    "folding", "trafficking", "splicing", "sorting", "targeting", "coupling", "recycling", "sprouting",
    "branching", "clustering", "sensing", "editing", "priming", "bundling",
})
PROCESS_SUFFIXES = ("ation", "ition", "ution", "sion", "ment", "ysis", "osis", "ance", "ence")
# Endings of a phrase's head that name a process of its own ("p65 translocation", "Nrf2-dependent
# transcription"): such a member of "<process> of A and B" is beside the process, not under it.
PROCESS_HEAD_ENDINGS = ("tion", "sion", "ment", "ysis", "osis")


def process_head(word: str) -> bool:
    """A head word that names a process ("release", "phosphorylation", "transcription"), by the word
    or its ending."""
    return word in PROCESS_NOUNS or word in MODIFICATION_NOUNS or word.endswith(PROCESS_HEAD_ENDINGS)

def written_as_a_name(word: str) -> bool:
    """A symbol or proper name ("DISC1", "Tau"), not a plain lowercase word ("subtle", "conformational")."""
    return any(ch.isupper() or ch.isdigit() for ch in word)


STAGE_WORDS = _word_set("stage_words")


def stage_of_a_process(modifier: str, head: str) -> bool:
    """"early autophagy", "late apoptosis": a stage word before a process; "late endosomes" is a name."""
    return modifier in STAGE_WORDS and (process_head(head) or head.endswith("phagy"))


CONDITION_WORDS = _word_set("condition_words")
# Words whose presence makes a name a state (a condition that holds or not) rather than a quantity.
STATE_WORDS = CONDITION_WORDS | frozenset({
    "tumor", "tumour", "hypoxia", "smoking", "infection", "injury", "deficiency", "mutation", "aging",
    "ageing", "seizures", "seizure", "insomnia", "neurodegeneration",
})
STATE_SUFFIXES = ("itis", "opathy", "opathies", "emia", "aemia")
EPONYM_HEADS = _word_set("eponym_heads")

DETERMINERS = _word_set("determiners")
# Closed classes for the chunker.
PREPOSITIONS = _word_set("prepositions")
CONJUNCTIONS = _word_set("conjunctions")
AUXILIARIES = _word_set("auxiliaries")
MODALS = _word_set("modals")
PRONOUNS = _word_set("pronouns")
RELATIVE_PRONOUNS = _word_set("relative_pronouns")
ADVERBS = _word_set("adverbs")
NOT_ADVERBS_LY = _word_set("not_adverbs_ly")
OTHER_VERBS = _word_set("other_verbs")
STATE_EXHIBIT_VERBS = _word_set("state_exhibit_verbs")

GENERIC_NAMES = _word_set("generic_names")

CLASS_NOUNS = _word_set("class_nouns")

RESTORING_VERBS = _word_set("restoring_verbs")
IMPROVING_VERBS = _word_set("improving_verbs")
DETRIMENT_WORDS = _word_set("detriment_words")

LINKAGE_WORDS = _word_set("linkage_words")
HOST_NOUNS = _word_set("host_nouns")

PLACE_NOUNS = _word_set("place_nouns")
TISSUE_NOUNS = _word_set("tissue_nouns")


def place_word(word: str) -> bool:
    """A part of a place or a tissue ("areas", "hippocampus"): where, never what."""
    return word in PLACE_NOUNS or word in TISSUE_NOUNS


METHOD_NOUNS = _word_set("method_nouns")

CLAUSE_PARTICIPLES = _word_set("clause_participles")

VAGUE_NAMES = _word_set("vague_names")

VAGUE_HEADS = _word_set("vague_heads")

FACTOR_HEADS = _word_set("factor_heads")
EVALUATIVE_MODIFIERS = _word_set("evaluative_modifiers")
# Names whose first word would otherwise be read as an evaluative modifier and dropped.
FIXED_NAME_PAIRS = frozenset({("multiple", "sclerosis"), ("multiple", "system"), ("multiple", "myeloma")})
# Changes named as a phenomenon of their own: "long-term potentiation of synapses" is LTP, not a rise
# of synapses.
NAMED_CHANGES = frozenset({("long-term", "potentiation"), ("long-term", "depression"),
                           ("short-term", "potentiation"), ("short-term", "depression")})

NEGATIONS = _word_set("negations")
HEDGES = _word_set("hedges")

LONG_FORM_BOUNDARIES = _word_set("long_form_boundaries")


CLASS_WORDS = _word_set("class_words")


# Group comparisons ("Y was lower in the X group than in the placebo group"; ``parse.comparisons``).
GROUP_NOUNS = _word_set("group_nouns")
UNNAMED_GROUP_WORDS = _word_set("unnamed_group_words")
GROUP_PEOPLE = _word_set("group_people")
# People named after a condition or a habit they have ("smokers": smoking).
CONDITION_PEOPLE = {"smokers": "smoking", "drinkers": "alcohol drinking", "diabetics": "diabetes",
                    "asthmatics": "asthma", "alcoholics": "alcoholism", "hypertensives": "hypertension"}
# Adjectives of a condition a group has, and the condition's name ("obese subjects": obesity).
CONDITION_ADJECTIVES = {
    "obese": "obesity", "overweight": "overweight", "diabetic": "diabetes", "hypertensive": "hypertension",
    "uremic": "uremia", "uraemic": "uraemia", "anemic": "anemia", "anaemic": "anaemia", "septic": "sepsis",
    "asthmatic": "asthma", "epileptic": "epilepsy", "cirrhotic": "cirrhosis", "depressed": "depression",
    "osteoporotic": "osteoporosis", "dyslipidemic": "dyslipidemia", "hyperlipidemic": "hyperlipidemia",
    "schizophrenic": "schizophrenia", "autistic": "autism", "demented": "dementia", "frail": "frailty",
    "pregnant": "pregnancy", "infected": "infection", "smoking": "smoking", "insulin-resistant": "insulin resistance",
}
CONTROL_GROUP_WORDS = _word_set("control_group_words")
HEALTHY_GROUP_WORDS = _word_set("healthy_group_words")
