"""Word lists that several construction families share: closed-class words, organisms and carriers, role
nouns, markers of deficiency and overexpression, and the confidence of each construction.
"""

from __future__ import annotations

from engine.reading.language import lexicon as lx


HARD_BOUNDARY = frozenset({".", ";", "?", "!", ":"})


CLOSED_WORDS = (lx.DETERMINERS | lx.PREPOSITIONS | lx.CONJUNCTIONS | lx.AUXILIARIES | lx.MODALS
           | lx.PRONOUNS | lx.ADVERBS | lx.OTHER_VERBS | {"not", "no", "nor", "n't", "cannot"})


CLOSED = CLOSED_WORDS | {"fig.", "figs.", "al.", "e.g.", "i.e.", "vs.", "ref.", "refs.",
                           "i.p.", "i.v.", "s.c.", "p.o.", "i.c.v.", "i.n.", "i.m.", "i.t.", "st.",
                           "approx.", "ca.", "cf.", "eq.", "resp.", "suppl.", "no.", "fig", "figs"}


ORGANISMS = frozenset({"mice", "mouse", "rats", "rat", "animals", "animal", "models", "model",
                        "patients", "cells", "cell", "flies", "neurons", "fish", "zebrafish",
                        "worms", "littermates", "brains", "lines", "line", "carriers", "subjects",
                        "slices", "cultures", "explants", "organoids", "females", "males", "offspring",
                        "pups", "embryos", "larvae"})


ROLE_NOUNS = {"inhibitor": -1, "inhibitors": -1, "antagonist": -1, "antagonists": -1,
               "blocker": -1, "blockers": -1, "activator": 1, "activators": 1, "agonist": 1,
               "agonists": 1, "inducer": 1, "inducers": 1, "enhancer": 1, "enhancers": 1,
               "mediator": 1, "mediators": 1, "driver": 1, "drivers": 1, "cause": 1, "causes": 1,
               "suppressor": -1, "suppressors": -1, "repressor": -1, "repressors": -1}
# Roles a drug is named by, its own name set right after ("the GSK3 inhibitor lithium").
DRUG_ROLE_NOUNS = frozenset({"inhibitor", "inhibitors", "antagonist", "antagonists", "agonist", "agonists",
                             "blocker", "blockers", "activator", "activators"})
# A numeral that numbers a product ("BTK inhibitor III"): part of the name, not a name of its own.
ROMAN_NUMERALS = frozenset({"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"})


# Describing words before a role noun ("a selective X inhibitor", "potent Y agonists"): they say what
# kind of drug it is, and are no part of the target's name.
ROLE_MODIFIERS = frozenset({"putative", "possible", "potential", "major", "key", "important",
                            "indirect", "well-known", "positive", "negative", "endogenous",
                            "potent", "selective", "specific", "novel", "known", "irreversible",
                            "reversible", "competitive", "allosteric", "direct", "small",
                            "molecule", "small-molecule", "pharmacological", "chemical",
                            "natural", "synthetic", "powerful", "strong", "weak",
                            "new", "classical", "clinical", "approved", "oral",
                            "effective", "efficient", "efficacious", "promising", "robust",
                            # where the drug comes from ("a bacterial TLR activator")
                            "bacterial", "viral", "fungal", "microbial", "herbal", "plant-derived"})


SIGNING_ADJECTIVES = {"positive": 1, "negative": -1}


NAME_NOISE = frozenset({"significant", "marked", "total", "overall", "dramatic", "robust",
                         "pronounced", "substantial", "modest", "slight", "considerable", "strong",
                         "profound", "severe", "mild", "subsequent", "concomitant", "consequent",
                         "general", "global", "net", "cellular", "relative", "respective",
                         "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"})


DEFICIENCY_MARKERS = ("-deficient", "-null", "-knockout", "-ko", "-/-", "-deleted", "-lacking",
                       "-depleted", "-silenced",
                       "+/-", "+/−", "-/−", "−/−")


OVEREXPRESSION_MARKERS = ("-transduced", "-transfected", "-overexpressing", "-treated",
                           "-exposed", "-infused", "-injected", "-expressing", "-infected")


EXAMPLE_MARKERS = (("including",), ("such", "as"), ("like",), ("especially",), ("particularly",),
                    ("notably",), ("namely",), ("e.g",), ("e.g.",), ("eg",), ("that", "include"), ("that", "includes"),
                    ("which", "include"), ("which", "includes"))


ADJECTIVE_ENDINGS = ("ic", "al", "ous", "ive", "ute", "ary", "ar", "ile", "ent", "ant", "ed")


CLAUSE_OPENERS = frozenset({"that", "which", "who", "whether", "when", "while", "whereas", "because",
                             "although", "though", "if", "since", "as", "where"})


TIME_UNITS = frozenset({"h", "hr", "hrs", "hour", "hours", "min", "mins", "minute", "minutes", "s", "sec",
                         "day", "days", "week", "weeks", "month", "months", "year", "years"})


COMPARATIVES = {"higher": 1, "greater": 1, "lower": -1, "smaller": -1}


GIVEN_WITH = {"treated": "with", "exposed": "to", "injected": "with", "infused": "with",
               "fed": "with", "supplemented": "with", "expressing": "", "overexpressing": "",
               "lacking": "", "receiving": "", "given": ""}


CARRIERS = ORGANISMS | {"brain", "tissue", "tissues", "samples", "individuals", "cases",
                          "cortex", "hippocampus", "striatum", "plasma", "serum", "csf"}


REPORT_PARTICIPLES = frozenset({"observed", "found", "seen", "detected", "noted", "measured",
                                 "recorded", "reported", "obtained"})


# Tools that silence or delete a gene: "Beclin1 siRNA" is less Beclin1; "by siRNA" names no cause.
SILENCING_TOOLS = frozenset({"sirna", "sirnas", "shrna", "shrnas", "rnai", "morpholino",
                              "morpholinos", "sgrna", "sgrnas", "crispr", "crispr/cas9", "cas9",
                              "aso", "asos"})


# Words joining a silencing tool or an antibody to its target: "siRNA against X", "shRNA targeting X".
TOOL_TARGET_WORDS = frozenset({"against", "targeting", "to", "for"})


ANTIBODY_WORDS = frozenset({"antibody", "antibodies"})


# How long or by which route a treatment was given: "long-term treatment with X", "oral X
# administration" name X.
COURSE_MODIFIERS = frozenset({"long-term", "short-term", "chronic", "acute", "repeated", "prolonged",
                               "daily", "sustained", "continuous", "subchronic", "sub-chronic",
                               "intermittent", "systemic", "oral", "intranasal", "intraperitoneal",
                               "intracerebroventricular", "intravenous", "subcutaneous", "topical",
                               "low-dose", "high-dose", "early", "late", "prior", "combined"})


# Dimensions along which a change is described, not agents: "age-dependent accumulation of X" is
# an accumulation that varies with age, not one that age brings about.
DIMENSION_WORDS = frozenset({"age", "sex", "gender", "time", "dose", "concentration", "temperature",
                             "voltage", "size", "stage", "region", "frequency", "density", "state",
                             "context", "use", "duration", "length", "distance", "depth", "layer",
                             "cell-type", "genotype"})


# "X was effective in reducing Y": the gerund is X's predicate.
EFFICACY_WORDS = frozenset({"effective", "efficacious", "successful", "instrumental", "ineffective",
                             "unsuccessful"})


# Heads of a change that name a treatment, not a change found with the subject.
GIVEN_HEADS = frozenset({"administration", "treatment", "supplementation", "addition", "infusion",
                          "injection", "exposure", "application", "delivery", "intake",
                          "consumption", "pretreatment"})


CARRIER_MODIFIERS = frozenset({"transgenic", "tg", "knock-in", "primary", "cultured", "human",
                                "adult", "aged", "young", "old", "male", "female"})


# Where a thing is, or where it moves: processes of an entity ("TFEB nuclear translocation"), not its
# amount.
PLACING_NOUNS = frozenset({"localization", "localisation", "translocation", "trafficking", "transport",
                           "recruitment"})
