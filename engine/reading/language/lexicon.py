"""Word lists the rule-based extractor and question analyser read with.

General English and general biomedical vocabulary only: causal verbs with their polarity, the heads
of nominalised claims, quantity and state words, hedges and negations, and the closed word classes a
chunker needs. Nothing here names an entity.
"""

from __future__ import annotations

import re

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
# Verbs of making whose passive names the source after "from" ("Y is synthesized from X", "Y
# generated from X"): more of the source, more of the product. Not "derived from", which more
# often says where a thing was taken from (a strain, a species, a sequence).
MADE_FROM_VERBS = frozenset({"synthesize", "synthesise", "generate", "produce", "form", "cleave"})
# Verbs that change a form of their object rather than its amount: the object is renamed.
MODIFYING_VERBS = {"phosphorylate": "phosphorylation", "hyperphosphorylate": "phosphorylation",
                   "dephosphorylate": "phosphorylation", "acetylate": "acetylation",
                   "deacetylate": "acetylation", "ubiquitinate": "ubiquitination",
                   "ubiquitylate": "ubiquitination", "deubiquitinate": "ubiquitination",
                   "deubiquitylate": "ubiquitination", "methylate": "methylation",
                   "demethylate": "methylation", "sumoylate": "SUMOylation", "cleave": "cleavage"}
# The nouns of those changes, read with their agent: "phosphorylation of tau by GSK3β" (more tau
# phosphorylation), "dephosphorylation of tau by PP2A" (less of it): noun → (modification, sign).
# Adjectives that say what a modification does to the thing modified ("the inhibitory phosphorylation
# of GSK3β"): no part of the modification's name, and no change of it. The modification stays a node
# of its own, as every form of a thing does (``engine.assembly.identity``).
MODIFICATION_EFFECT_WORDS = frozenset({"inhibitory", "inactivating", "activating", "stimulatory"})
MODIFICATION_NOUNS = {
    "phosphorylation": ("phosphorylation", 1), "hyperphosphorylation": ("phosphorylation", 1),
    "dephosphorylation": ("phosphorylation", -1), "acetylation": ("acetylation", 1),
    "deacetylation": ("acetylation", -1), "ubiquitination": ("ubiquitination", 1),
    "ubiquitylation": ("ubiquitination", 1), "polyubiquitination": ("ubiquitination", 1),
    "deubiquitination": ("ubiquitination", -1), "methylation": ("methylation", 1),
    "demethylation": ("methylation", -1), "sumoylation": ("SUMOylation", 1),
}
# Verbs whose grammatical object is the cause: "autophagy requires ATG5" means ATG5 → autophagy,
# "insulin signalling depends on IRS1" IRS1 → insulin signalling.
REVERSED_VERBS = frozenset({"require", "depend", "rely"})
# Base forms that are mostly nouns in scientific prose ("cytokine release", "trophic support"):
# only their inflected forms are read as verbs.
NOUN_BASE_FORMS = frozenset({"release", "support", "cause", "drive", "limit", "block", "lower",
                             "decrease", "increase", "decline", "damage", "slow", "raise", "repair",
                             "delay"})
# Base forms that are mostly adjectives ("a clear role", "it is clear that"): a verb only after "to"
# or a modal ("can clear Aβ").
ADJECTIVE_BASE_FORMS = frozenset({"clear"})
# Unsigned verbs that a polarity adverb signs: "positively regulates", "negatively modulates".
SIGNABLE_VERBS = frozenset({"regulate", "regulates", "regulated", "regulating", "modulate",
                            "modulates", "modulated", "modulating", "control", "controls",
                            "controlled", "controlling", "affect", "affects", "affected",
                            "affecting", "influence", "influences", "influenced", "correlate",
                            "correlates", "correlated"})
SIGNING_ADVERBS = {"positively": 1, "negatively": -1}
# A correlation signed by an adverb on either side: "inversely correlated with Y", "correlates
# negatively with Y".
CORRELATION_SIGNS = {"positively": 1, "directly": 1, "negatively": -1, "inversely": -1}
# "X is a risk factor for Y": X raises Y (the heads after "risk").
RISK_FACTOR_HEADS = frozenset({"factor", "factors"})
# "X is required/essential/necessary for Y": X supports Y.
NEEDED_FOR = frozenset({"required", "essential", "necessary", "critical", "crucial",
                        "indispensable", "needed", "important", "vital", "instrumental",
                        "responsible"})
# "X is involved / implicated in Y", "X participates in Y": X takes part in Y, which states no
# direction; read as no claim (the rule reader keeps it as context for a shared subject).
INVOLVED_IN = frozenset({"involved", "implicated", "participate", "participates", "participated",
                         "participating"})
# "X is associated with increased Y", "X correlates with reduced Y": a weak, hedged claim, read only
# when the object names its change.
ASSOCIATED_WITH = frozenset({"associated", "correlated", "correlates", "correlate", "correlating"})
# Objects that leave the direction open: "involved in the regulation of Y" says nothing of a sign.
UNSIGNED_HEADS = frozenset({"regulation", "control", "modulation", "regulating", "controlling",
                            "modulating"})
# Changes that say no way ("X-induced alterations in Y", "subtle changes in Y"): no entity unless a
# name stands before them ("DISC1 alterations", a state of DISC1).
UNSIGNED_CHANGES = frozenset({"alteration", "alterations", "change", "changes"})
# Signed effect nouns: "X has a protective effect on Y", "the inhibitory effect of X on Y".
EFFECT_NOUNS = frozenset({"effect", "effects", "role", "roles", "influence", "influences",
                          "action", "actions", "impact"})
EFFECT_ADJECTIVES = {
    "protective": 1, "neuroprotective": 1, "cytoprotective": 1, "beneficial": 1, "positive": 1,
    "stimulatory": 1, "facilitatory": 1, "enhancing": 1, "trophic": 1, "supportive": 1,
    "favorable": 1, "favourable": 1, "promoting": 1,
    "detrimental": -1, "deleterious": -1, "negative": -1, "harmful": -1, "toxic": -1,
    "neurotoxic": -1, "cytotoxic": -1, "inhibitory": -1, "suppressive": -1, "damaging": -1,
    "adverse": -1, "repressive": -1,
}
# "the effects of X": a harm is X's toxicity ("attenuated the toxic effects of Aβ" lowers Aβ toxicity,
# not Aβ); as a cause, the effects of X are X ("the combined effect of X and Y reduced Z"). The
# effects of X that something changes are left as written: "blocking PI3K inhibits the protective
# effects of nicotine" says that nicotine acts through PI3K, not that PI3K raises nicotine.
EFFECT_HEADS = frozenset({"effect", "effects", "action", "actions"})
HARM_NAMES = {"neurotoxic": "neurotoxicity", "cytotoxic": "cytotoxicity", "synaptotoxic": "synaptotoxicity",
              "toxic": "toxicity", "deleterious": "toxicity", "detrimental": "toxicity", "harmful": "toxicity",
              "damaging": "toxicity", "adverse": "toxicity", "ill": "toxicity"}


def harm_named(adjectives: list[str]) -> str | None:
    """The harm a list of adjectives before "effects" names, the most specific first: "deleterious
    neurotoxic effects" are neurotoxicity; None where no adjective names a harm."""
    harms = [HARM_NAMES[a] for a in adjectives if a in HARM_NAMES]
    return next((h for h in harms if h != "toxicity"), harms[0]) if harms else None


# Verbs that carry an effect noun: "X has / exerts / plays a protective role in Y".
EFFECT_VERBS = frozenset({"has", "have", "had", "having", "exert", "exerts", "exerted", "exerting",
                          "play", "plays", "played", "playing", "show", "shows", "showed",
                          "exhibit", "exhibits", "exhibited", "produce", "produces", "produced",
                          "display", "displays", "displayed"})
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


# Units of a dose or a concentration ("10 mg/kg", "5 μM").
DOSE_UNITS = frozenset({"mm", "µm", "μm", "nm", "pm", "mg", "kg", "ml", "µg", "μg", "ng", "g",
                        "mg/kg", "µg/ml", "μg/ml", "ng/ml", "mg/ml", "µl", "μl", "iu", "u"})
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


# Nouns that number things other than names ("day 3", "Figure 2", "type 2").
COUNTED_NOUNS = frozenset({"figure", "table", "panel", "lane", "day", "days", "week", "weeks", "month",
                           "months", "year", "years", "hour", "hours", "group", "groups", "type", "phase",
                           "stage", "grade", "step", "experiment", "patient", "patients", "cohort", "trial"})


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


# Verbs whose object reading needs their particle ("leads to", "results in"): without it no claim.
NEEDS_PARTICLE = frozenset({"lead", "result", "contribute", "give", "account", "protect",
                            "interfere", "depend", "rely"})

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

# Verbs of result: after "X lowers Y, which ..." they take the lowering of Y as their cause.
RESULT_VERBS = frozenset({"lead", "result", "contribute", "give", "account", "cause"})
# Nouns of an experiment done with a tool, and the way each moves what it acts on: "inhibition of
# HSP90 with radicicol" says radicicol lowers HSP90; "with" after other heads marks a partner or a
# condition.
EXPERIMENT_NOUNS = {"inhibition": -1, "blockade": -1, "suppression": -1, "depletion": -1, "antagonism": -1,
                    "inactivation": -1, "activation": 1, "stimulation": 1, "induction": 1, "enhancement": 1}
TOOL_MARKERS = frozenset({"with", "using"})
# Words whose own "with" names a partner ("the interaction of A with B", "its binding with B").
PARTNER_WORDS = frozenset({"interaction", "interactions", "association", "binding", "complex", "complexes",
                           "contact", "contacts", "colocalization", "co-localization", "crosstalk", "fusion",
                           "interacts", "binds", "associates"})
# Prepositions before a gerund that names a purpose or capacity ("for degrading proteins with long
# half-lives"), not an experiment done.
PURPOSE_PREPOSITIONS = frozenset({"for", "of", "in", "at", "to"})
# Verbs of an experiment whose passive names its tool after "with" or "using" ("autophagy was induced
# with rapamycin", "nAChRs are blocked with methyllycaconitine"). Not verbs of amount ("was reduced
# with age", "increased with time"), where "with" says what goes along.
TOOL_VERBS = frozenset({"inhibit", "block", "activate", "induce", "stimulate", "suppress", "deplete",
                        "antagonize", "antagonise", "abolish", "attenuate", "prevent"})

# Compound participles "X-induced Y": suffix → polarity on what follows.
COMPOUND_SUFFIXES = {
    "induced": 1, "mediated": 1, "dependent": 1, "triggered": 1, "evoked": 1, "stimulated": 1,
    "activated": 1, "driven": 1, "elicited": 1, "promoted": 1, "enhanced": 1, "caused": 1,
    "inhibited": -1, "suppressed": -1, "attenuated": -1, "blocked": -1, "repressed": -1,
    "impaired": -1, "diminished": -1, "potentiated": 1, "exacerbated": 1, "aggravated": 1,
    "accelerated": 1,
}

# Heads that turn an entity into a change of it: "inhibition of X", "X knockdown", "treatment with X".
DECREASE_HEADS = frozenset({
    "shutdown", "abrogation", "abolition", "abolishment",
    "inhibition", "inhibiting", "blocking", "blockade", "knockdown", "knock-down", "silencing",
    "depletion", "depleting", "reduction", "reducing", "decrease", "decreasing", "downregulation",
    "down-regulation", "suppression", "suppressing", "inactivation", "inactivating", "lowering",
    "antagonism", "antagonizing", "disruption", "disrupting", "impairment", "attenuation",
    "inhibitor", "inhibitors", "antagonist", "antagonists", "blocker", "blockers", "decline",
    "deficit", "deficits", "impairment", "impairments", "neutralization", "neutralizing",
    "neutralisation", "dampening",
})
INCREASE_HEADS = frozenset({
    "increase", "increasing", "elevation", "elevating", "upregulation", "up-regulation",
    "overexpression", "over-expression", "overexpressing", "activation", "activating", "induction",
    "inducing", "stimulation", "stimulating", "enhancement", "enhancing", "administration",
    "treatment", "supplementation", "addition", "infusion", "injection", "exposure",
    "application", "delivery", "accumulation", "activator", "activators", "agonist", "agonists",
    "inducer", "inducers", "enhancer", "enhancers", "intake", "consumption", "pretreatment",
    "co-treatment", "overactivation", "hyperactivation", "overproduction", "incubation", "preinjection",
    "pre-injection", "preincubation", "pre-incubation", "pre-treatment",
    "transfection", "transduction", "use",
})
DEFICIENCY_HEADS = frozenset({
    "loss", "lack", "absence", "deficiency", "deficient", "knockout", "knock-out", "ko", "null",
    "deletion", "deleting", "ablation", "ablating", "removal", "haploinsufficiency",
})
MUTATION_HEADS = frozenset({"mutation", "mutations", "mutant", "mutants", "variant", "variants"})
# Words saying what kind of mutation, not whose: "pathogenic", "missense", "disease-causing".
_MUTATION_KINDS = frozenset({"missense", "nonsense", "point", "frameshift", "splice", "rare",
                             "novel", "known", "germline", "somatic", "de", "causative"})


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


# How the body or a cell copes with something: "glucose tolerance" rises as blood glucose is cleared,
# "insulin resistance" is no amount of insulin. Such a name is never its substance.
RESPONSE_WORDS = frozenset({
    "tolerance", "intolerance", "resistance", "sensitivity", "insensitivity", "clearance",
})
# Processes that remove what they name: "tau degradation" rises as tau falls, so it is never tau.
REMOVAL_WORDS = frozenset({"degradation", "phagocytosis", "elimination", "breakdown", "catabolism"})
# Verbs that report a finding ("these data suggest ...", "X has been shown / demonstrated to lower Y"):
# they name no doer of a means, and a passive one raises its subject into the infinitive after it.
REPORTING_VERBS = frozenset({"suggest", "show", "indicate", "demonstrate", "report", "reveal", "find", "propose",
                             "confirm", "observe", "identify", "describe", "review", "know", "prove", "think",
                             "believe"})
# Processes that remove what they act on, as a need names them: "Y requires X for (its) clearance" says
# X lowers Y (Y's clearance rises), where "Y requires X" alone says X raises Y.
NEEDED_REMOVALS = REMOVAL_WORDS | {"clearance", "removal"}
# Heads joined to their entity by a preposition other than "of": "treatment with X", "exposure to X".
HEAD_PREPOSITIONS = {"treatment": "with", "pretreatment": "with", "co-treatment": "with",
                     "supplementation": "with", "exposure": "to", "incubation": "with",
                     "transfection": "with", "transduction": "with"}
# Adjectives of change in front of an entity: "elevated cortisol", "reduced BDNF".
INCREASE_ADJECTIVES = frozenset({"increased", "elevated", "enhanced", "higher", "high",
                                 "upregulated", "up-regulated", "excessive", "excess", "augmented",
                                 "greater", "raised", "overexpressed", "activated", "induced",
                                 "improved", "accelerated", "exaggerated", "exacerbated",
                                 "aggravated", "worsened", "heightened"})
DECREASE_ADJECTIVES = frozenset({"decreased", "reduced", "lower", "low", "diminished",
                                 "downregulated", "down-regulated", "impaired", "depressed",
                                 "attenuated", "suppressed", "inhibited", "deficient", "lost",
                                 "insufficient", "decline", "declining", "disrupted", "defective",
                                 "compromised", "weakened", "blunted", "abolished", "depleted",
                                 "fewer"})

# Words that say how much of an entity there is; kept out of the name, they mark a quantity.
QUANTITY_WORDS = frozenset({
    "level", "levels", "expression", "activity", "activities", "amount", "amounts", "concentration",
    "concentrations", "content", "contents", "abundance", "quantity", "quantities", "mrna", "titer", "titers",
    "titre", "titres", "amplitude", "magnitude", "rate", "rates", "risk", "risks", "incidence",
    "likelihood", "probability", "severity", "number", "numbers", "density", "frequency", "presence",
})
# Where an amount is measured, said right before the word of amount ("surface expression of X",
# "X cell-surface levels"): the amount of X all the same.
MEASURED_AT = frozenset({"surface", "cell-surface"})
# Nouns that may head "HEAD of X" phrases read as "X HEAD" ("phosphorylation of tau" → "tau
# phosphorylation"); detected by suffix, plus these words.
PROCESS_NOUNS = frozenset({
    "release", "uptake", "death", "survival", "signaling", "signalling", "function", "turnover",
    "clearance", "cleavage", "transport", "secretion", "synthesis", "processing", "growth",
    "breakdown", "influx", "efflux", "firing", "binding", "misfolding", "spread", "spreading",
    "toxicity", "loss", "damage", "dysfunction", "proliferation", "aggregation", "deposition",
    "phosphorylation", "formation", "production", "degeneration", "apoptosis", "passage", "entry",
})
# Gerunds that name a process after the thing that undergoes it ("protein folding", "cholinergic
# signaling"), which the parser may read as a participle hung on that thing.
# Processes that are always of something: named alone ("a reduction in the size and formation of
# SGs" read as "formation"), they name no entity.
PROCESSES_OF_SOMETHING = frozenset({
    "release", "uptake", "turnover", "clearance", "cleavage", "transport", "secretion", "synthesis",
    "processing", "breakdown", "binding", "formation", "production", "degradation", "size", "activation",
    "transcription", "translation", "shutdown", "assembly", "localization", "localisation", "translocation",
    "folding", "bundling", "passage", "entry",
})
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


# Words of the stage a process is seen at, no part of what it is ("early autophagy").
STAGE_WORDS = frozenset({"early", "late", "initial", "final"})


def stage_of_a_process(modifier: str, head: str) -> bool:
    """"early autophagy", "late apoptosis": a stage word before a process; "late endosomes" is a name."""
    return modifier in STAGE_WORDS and (process_head(head) or head.endswith("phagy"))


# Clinical conditions a patient, an animal model or a tissue can have: a change seen where one holds
# ("Tarp is lower in AD brains") goes with it.
CONDITION_WORDS = frozenset({
    "disease", "disorder", "syndrome", "dementia", "epilepsy", "cancer", "carcinoma", "diabetes",
    "obesity", "schizophrenia", "autism", "depression", "stroke", "ischemia", "ischaemia", "sclerosis",
    "palsy", "ataxia", "psychosis", "hypertension", "atherosclerosis", "tauopathy", "parkinsonism",
    "ad", "pd", "hd", "als", "ms", "mci", "ftd", "ftld",
})
# Words whose presence makes a name a state (a condition that holds or not) rather than a quantity.
STATE_WORDS = CONDITION_WORDS | frozenset({
    "tumor", "tumour", "hypoxia", "smoking", "infection", "injury", "deficiency", "mutation", "aging",
    "ageing", "seizures", "seizure", "insomnia", "neurodegeneration",
})
STATE_SUFFIXES = ("itis", "opathy", "opathies", "emia", "aemia")
# Heads of a condition named after a person, the possessive part of the name ("Alzheimer's
# disease", "Down's syndrome"): "Alzheimer's" is no owner of the disease, unlike "tau's" of its aggregation.
EPONYM_HEADS = frozenset({"disease", "diseases", "syndrome", "disorder", "palsy", "ataxia", "chorea",
                          "lymphoma", "sarcoma"})

# Closed classes for the chunker.
DETERMINERS = frozenset({
    "the", "a", "an", "this", "these", "those", "its", "their", "his", "her", "our", "such", "some",
    "any", "each", "every", "both", "either", "several", "many", "various", "certain", "most",
    "much", "more", "less", "other", "another", "same", "further", "all", "few", "numerous",
})
PREPOSITIONS = frozenset({
    "of", "in", "on", "at", "by", "for", "with", "from", "to", "into", "onto", "through", "via",
    "during", "after", "before", "under", "over", "within", "without", "between", "among", "amongst",
    "against", "across", "upon", "toward", "towards", "than", "as", "per", "about", "around",
    "following", "like", "despite", "due", "because", "whereas", "while", "although", "though",
    "since", "if", "when", "whether", "unless", "throughout", "beyond", "along", "until", "upon",
    "where", "whereby", "irrespective", "post", "regardless", "including", "except", "besides", "until",
    "how", "why",
})
CONJUNCTIONS = frozenset({"and", "or", "nor", "but", "yet", "so", "neither", "either"})
AUXILIARIES = frozenset({
    "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "having", "do",
    "does", "did", "get", "gets", "got", "become", "becomes", "became",
})
MODALS = frozenset({"may", "might", "can", "could", "would", "should", "must", "will", "shall"})
PRONOUNS = frozenset({
    "it", "they", "we", "he", "she", "i", "you", "which", "that", "who", "whom", "whose", "what",
    "there", "itself", "themselves", "them", "us", "one", "ones", "here",
})
RELATIVE_PRONOUNS = frozenset({"which", "that", "who"})
ADVERBS = frozenset({
    "also", "further", "then", "thus", "therefore", "however", "still", "even", "only", "already",
    "often", "again", "moreover", "furthermore", "indeed", "thereby", "hence", "not", "never",
    "now", "instead", "rather", "very", "too", "well", "much", "probably",
    "perhaps", "likely", "possibly", "potentially", "directly", "indirectly", "strongly",
    "subsequently", "consequently", "additionally", "similarly", "conversely", "alternatively",
    "thereafter", "ultimately", "eventually", "finally", "therewith", "alone", "itself",
    "themselves", "almost", "somewhat", "quite", "always", "sometimes", "though", "nonetheless",
    "nevertheless",
    "partially", "partly", "fully", "completely", "largely", "mainly",
    "primarily", "specifically", "selectively", "significantly", "markedly", "dramatically",
    "greatly", "slightly", "robustly", "profoundly", "substantially", "considerably", "effectively",
    "efficiently", "reportedly", "apparently", "likewise", "accordingly", "meanwhile", "otherwise",
})
NOT_ADVERBS_LY = frozenset({"family", "assembly", "anomaly", "poly", "supply", "apply", "reply",
                            "multiply", "ally", "rally", "fly", "jelly", "belly", "holy", "lily",
                            "italy", "early", "monopoly", "only"})
# Ordinary verbs that end a noun phrase (the chunker has no tagger: these mark clause structure).
OTHER_VERBS = frozenset({
    "show", "shows", "showed", "shown", "demonstrate", "demonstrates", "demonstrated", "suggest",
    "suggests", "suggested", "indicate", "indicates", "indicated", "find", "finds", "found",
    "observe", "observes", "observed", "report", "reports", "reported", "reveal", "reveals",
    "revealed", "exhibit", "exhibits", "exhibited", "display", "displays", "displayed", "develop",
    "develops", "developed", "require", "requires", "required", "involve", "involves", "involved",
    "play", "plays", "played", "act", "acts", "acted", "regulate", "regulates", "regulated",
    "modulate", "modulates", "modulated", "affect", "affects", "affected", "alter", "alters",
    "altered", "influence", "influences", "influenced", "control", "controls", "controlled",
    "bind", "binds", "bound", "interact", "interacts", "interacted", "associate", "associated",
    "correlate", "correlates", "correlated", "link", "links", "linked", "known", "thought",
    "believed", "proposed", "considered", "appear", "appears", "appeared", "seem", "seems",
    "seemed", "remain", "remains", "remained", "contain", "contains", "contained", "use", "used",
    "using", "make", "makes", "made", "lead", "suggesting", "indicating", "showing", "resulting",
    "examined", "investigated", "studied", "tested", "measured", "detected", "identified",
    "expressed", "undergo", "undergoes", "underwent", "provide", "provides", "provided",
    "represents", "represent", "represented", "allow", "allows", "allowed", "enable", "enables",
    "enabled", "had", "possess", "possesses", "possessed", "led", "fail", "fails", "failed", "tend", "tends",
    "occur", "occurs", "occurred", "exert", "exerts", "exerted", "confer", "confers", "conferred",
    "serve", "serves", "served", "targets", "targeted", "treated", "exposed",
    "regulating", "modulating", "controlling", "affecting", "influencing",
    "attributed", "thereby", "experience", "experiences", "experienced", "proven", "proved",
    "include", "includes", "included", "is", "become", "obtained", "performed", "reflect",
    "reflects", "reflected", "help", "helps", "helped", "exist", "exists", "existed", "say",
    "argue", "argued", "conclude", "concluded", "confirm", "confirmed", "confirms", "cited",
    "known", "accompanied", "characterized", "characterised", "followed", "compared", "given",
    "recognized", "implicated", "participate", "participates", "participated",
    "precede", "precedes", "preceded", "coincide", "coincides", "coincided", "accompany",
    "accompanies", "involving",
})
# Verbs meaning "has the condition" after a state subject: "X-deficient mice exhibit increased Y".
STATE_EXHIBIT_VERBS = frozenset({
    "exhibit", "exhibits", "exhibited", "show", "shows", "showed", "display", "displays",
    "displayed", "develop", "develops", "developed", "have", "has", "had", "present", "presented",
    "demonstrate", "demonstrated", "demonstrates", "suffer", "suffered",
})

# Head nouns that never name an agent on their own ("the X inhibitor group", "X inhibitor effects").
GENERIC_NAMES = frozenset({"group", "groups", "effect", "effects", "therapy", "therapies", "study",
                           "studies", "class", "classes", "drug", "drugs", "compound", "compounds",
                           "use", "action", "actions", "binding", "site", "sites", "mice", "cells"})

# Class nouns: "the kinase DAPK1" names DAPK1; "the kinase" alone names no particular entity
# (an anaphor, or nothing). "factor" and "protein" are left out: they head real names ("factor
# VIII", "protein kinase C"); so are classes that are entities of their own in curated graphs
# ("proteins", "cytokines", "chaperones").
CLASS_NOUNS = frozenset({
    "kinase", "kinases", "phosphatase", "phosphatases", "receptor", "receptors", "enzyme", "enzymes",
    "ligase", "ligases", "protease", "proteases", "peptidase", "peptidases", "deacetylase",
    "deacetylases", "acetyltransferase", "acetyltransferases", "methyltransferase",
    "methyltransferases", "transporter", "transporters", "channel", "channels", "drug", "drugs",
    "compound", "compounds", "agent", "agents", "molecule", "molecules", "transcription",
    "antagonist", "agonist", "inhibitor",
})

# Verbs whose direction depends on their object: "rescued memory deficits" lowers a harm,
# "rescued neuronal survival" restores a good.
RESTORING_VERBS = frozenset({"rescue", "restore", "repair"})
# Verbs of betterment, read as raising their object unless it is a harm, which they lower:
# "improves memory" raises memory, "improves memory deficits" lowers the deficits.
IMPROVING_VERBS = frozenset({"improve"})
# Heads of harms: what a restoring verb lowers.
DETRIMENT_WORDS = frozenset({
    "death", "loss", "toxicity", "neurotoxicity", "cytotoxicity", "degeneration",
    "neurodegeneration", "apoptosis", "damage", "dysfunction", "impairment", "impairments",
    "deficit", "deficits", "defect", "defects", "decline", "pathology", "pathologies", "phenotype",
    "phenotypes", "atrophy", "injury", "deficiency", "abnormality", "abnormalities", "lethality",
    "dysregulation", "aggregation", "accumulation", "deficiencies", "reduction", "decrease",
    "failure", "disruption", "degradation", "vulnerability", "susceptibility",
    "break", "breaks", "lesion", "lesions", "damaged", "abnormal", "aberrant",
})

# Kinds of bond a modification is made through, never its agent: "ubiquitylated through K63 linkages".
LINKAGE_WORDS = frozenset({"linkage", "linkages", "chain", "chains", "bond", "bonds"})
# Those a finding is observed in, not entities that change: "deficits of AD patients".
HOST_NOUNS = frozenset({"patient", "patients", "subjects", "individuals", "participants", "people", "animals",
                        "mice", "rats", "models", "cases", "volunteers", "controls"})

# Nouns of a part of a place ("the CA1 region of the hippocampus"), and the tissues a measure is
# taken in: "serotonin levels of four brain areas" measures serotonin, not the areas.
PLACE_NOUNS = frozenset({"region", "regions", "area", "areas", "side", "part", "parts", "layer",
                         "layers", "portion", "subfield", "surface", "compartment"})
TISSUE_NOUNS = frozenset({"brain", "brains", "tissue", "tissues", "cortex", "cortices", "hippocampus",
                          "striatum", "hypothalamus", "cerebellum"})


def place_word(word: str) -> bool:
    """A part of a place or a tissue ("areas", "hippocampus"): where, never what."""
    return word in PLACE_NOUNS or word in TISSUE_NOUNS


# Nouns of a method of observing: "staining of neurons by antibodies" names the tool that shows,
# not an agent that changes.
METHOD_NOUNS = frozenset({"staining", "immunostaining", "immunoreactivity", "labeling", "labelling",
                          "detection", "measurement", "measurements", "analysis", "quantification",
                          "imaging", "visualization", "visualisation", "identification", "assessment"})

# Participles that open a clause after a noun, never a process's name: a name that ends in one runs
# into that clause ("trehalose treatment beginning", "glial cells presenting").
CLAUSE_PARTICIPLES = frozenset({
    "containing", "providing", "beginning", "starting", "presenting", "occurring", "creating", "stemming",
    "projecting", "paralleling", "implicating", "aiming", "exhibiting", "displaying", "belonging",
    "showing", "lacking", "carrying", "bearing", "harboring", "harbouring", "including", "involving",
})

# Words that name no entity when they stand alone as a cause or effect.
VAGUE_NAMES = frozenset({
    "process", "processes", "efficacy", "ability", "capacity", "treatment", "treatments", "effect",
    "effects", "role", "roles", "manner", "mechanism", "mechanisms", "evidence", "study", "studies",
    "data", "result", "results", "finding", "findings", "fact", "addition", "level", "levels",
    "activity", "expression", "function", "functions", "number", "amount", "way", "ways", "time",
    "dose", "doses", "concentration", "concentrations", "condition", "conditions", "factor",
    "factors", "large", "small", "high", "low", "potential", "trend", "change", "changes", "case",
    "cases", "model", "models", "group", "groups", "patients", "subjects", "animals", "mice", "rats",
    "cells", "cell", "samples", "sample", "work", "report", "reports", "analysis", "experiment",
    "experiments", "approach", "strategy", "presence", "contribution", "impact", "consequence",
    "consequences", "part", "others", "other", "this", "these", "those", "it", "they", "which", "both",
    "h", "min", "s", "mg", "kg", "ml", "nm", "mm", "µm", "μm", "days", "weeks", "hours", "months",
    "years", "day", "week", "hour", "month", "year", "fold", "percent", "%", "vivo", "vitro",
    "site", "sites", "residue", "residues", "region", "regions", "resistance",
    "potent", "effective", "active", "dominant", "important", "relevant", "significant",
    "sufficient", "necessary", "particular", "specific", "selective", "least", "failure", "apart",
    "chronic", "acute", "daily", "prolonged", "repeated", "phosphorylation", "acetylation",
    "ubiquitination", "methylation", "dephosphorylation", "deacetylation",
    # a blend or a kind of substance, named by what it holds: "a mixture of antioxidants"
    "mixture", "mixtures", "combination", "combinations", "cocktail", "compound", "compounds",
    "molecule", "molecules",
    # words of the study itself: "N-terminal antibodies ... understanding", "the efficiency to inhibit X"
    "understanding", "efficiency", "screening", "direction", "directions",
})

# Heads that leave a short lower-case phrase vague: "recent study", "signaling pathways".
VAGUE_HEADS = frozenset({
    "study", "studies", "pathway", "pathways", "type", "types", "site", "sites", "mechanism",
    "mechanisms", "process", "processes", "effect", "effects", "condition", "conditions", "role", "way", "ways", "manner", "onset", "work", "report", "findings", "data",
    "results", "result", "evidence", "region", "regions", "residue", "residues",
})

# "factor" heads real names ("nerve growth factor", "tumour necrosis factor"); it is vague only
# when nothing but such evaluative words precede it ("an important factor", "several key factors").
FACTOR_HEADS = frozenset({"factor", "factors"})
EVALUATIVE_MODIFIERS = frozenset({
    "important", "key", "major", "minor", "critical", "crucial", "main", "essential", "additional",
    "novel", "new", "potential", "possible", "unknown", "known", "common", "contributing",
    "relevant", "significant", "independent", "multiple", "different", "distinct", "specific",
})
# Names whose first word would otherwise be read as an evaluative modifier and dropped.
FIXED_NAME_PAIRS = frozenset({("multiple", "sclerosis"), ("multiple", "system"), ("multiple", "myeloma")})
# Changes named as a phenomenon of their own: "long-term potentiation of synapses" is LTP, not a rise
# of synapses.
NAMED_CHANGES = frozenset({("long-term", "potentiation"), ("long-term", "depression"),
                           ("short-term", "potentiation"), ("short-term", "depression")})

NEGATIONS = frozenset({"not", "no", "never", "neither", "nor", "n't", "cannot", "without",
                       "unable", "fail", "fails", "failed", "lack", "lacked", "lacks", "ineffective",
                       "unsuccessful"})
HEDGES = frozenset({
    "may", "might", "could", "possibly", "potentially", "perhaps", "presumably", "putative",
    "putatively", "suggest", "suggests", "suggested", "suggesting", "propose", "proposed",
    "hypothesize", "hypothesized", "hypothesise", "hypothesised", "hypothesis", "likely",
    "whether", "appear", "appears", "seem", "seems", "speculate", "speculated", "probably",
    "unclear", "conceivably", "intended", "designed", "aimed",
    # "X is thought / believed / considered / postulated to raise Y": a view reported, not a finding
    "thought", "believed", "considered", "postulated",
    # "we think / believe that X raises Y": the authors' view over the clause they embed
    "think", "believe",
})

# Words a long form cannot contain, so the search for one stops there ("... are deposits of peptides
# called beta-amyloid (Abeta)", "agreed that the beta-amyloid peptide (Abeta)"): verbs of being and
# having, clause openers, and the words that introduce a name ("called", "known as").
LONG_FORM_BOUNDARIES = frozenset({
    "is", "are", "was", "were", "be", "been", "being", "has", "have", "had",
    "that", "which", "who", "whom", "whose", "whereas", "while", "because", "although",
    "called", "named", "termed", "designated", "as",
    # "X is cleaved to yield the zeta peptide (ZP)": an infinitive's object is no part of its subject
    "to",
})


# Words that name a class of things, or an aspect of one, rather than a thing: a node labelled only
# with these ("compound", "the protein", "kinase activity") names nothing a mechanism could act
# through. Plural forms are read as their singular.
CLASS_WORDS = frozenset({
    "compound", "drug", "agent", "molecule", "substance", "factor", "protein", "gene", "enzyme",
    "kinase", "phosphatase", "inhibitor", "activator", "treatment", "therapy", "intervention", "mechanism",
    "pathway", "process", "effect", "level", "activity", "expression", "function", "signal", "signaling",
    "signalling", "target", "cell", "group", "model", "condition", "state", "change", "response", "product",
    "component", "element", "system", "form", "type",
})
