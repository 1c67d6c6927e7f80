"""Number agreement between a node's name and the verb the answer gives it: "nicotinic acetylcholine
receptors raise cell death", "tau aggregates increase", not "raises" / "increases".

A name is plural by its head word: the word before "of" or "in" where one follows ("levels of tau",
"tau levels in CSF"), else its last word, judged as the readers judge a word (``lexicon.plural_word``:
"neurons", "NFTs", "miRNAs", not "stress", "apoptosis", "ROS"), with a capital that only opens the
label set aside ("Mutations"). Here also: the few irregular plurals of the literature ("mitochondria",
"mice"), and singular words in "s" that the readers never need to tell apart ("diabetes", "pancreas",
"genetics"; drugs in "-ics" are plural: "antibiotics").
"""

from __future__ import annotations

import re

from engine.reading.language.lexicon import plural_word

_HEAD_ENDS = re.compile(r"\s+(?:of|in)\s+|\s*\(")
# Singular nouns in "s": diseases, words in "-as", and fields of study.
_SINGULAR_IN_S = frozenset({
    "diabetes", "herpes", "rabies", "scabies", "caries", "measles", "mumps", "news",
    "genetics", "epigenetics", "genomics", "proteomics", "metabolomics", "lipidomics", "transcriptomics",
    "kinetics", "pharmacokinetics", "pharmacodynamics", "dynamics", "hemodynamics", "haemodynamics",
    "kinematics", "mechanics", "biomechanics", "economics", "ethics", "physics", "statistics", "informatics",
    "bioinformatics", "optics", "ergonomics", "obstetrics", "pediatrics", "paediatrics", "orthopedics",
    "orthopaedics", "geriatrics", "athletics", "aerobics", "gymnastics", "politics",
})
_IRREGULAR_PLURALS = frozenset({"mitochondria", "bacteria", "data", "criteria", "phenomena", "mice", "people",
                                "children", "women", "men", "teeth", "feet"})
# The verbs the answer writes after a name, in the singular and the plural.
_PLURAL_VERBS = {"raises": "raise", "lowers": "lower", "rises": "rise", "falls": "fall", "brings": "bring",
                 "increases": "increase", "decreases": "decrease", "stays": "stay", "becomes": "become",
                 "has": "have", "is": "are"}


def is_plural(name: str) -> bool:
    """Does ``name`` (a node's label) name a plural, so that its verb takes the plural form?"""
    head = _HEAD_ENDS.split(name.strip(), maxsplit=1)[0].split()
    word = head[-1].strip(".,;:") if head else ""
    low = word.lower()
    if low in _IRREGULAR_PLURALS:
        return True
    if len(word) < 3 or "'" in word or "’" in word or low in _SINGULAR_IN_S:
        return False
    judged = low if word[0].isupper() and word[1:].islower() else word
    return plural_word(judged) and not judged.endswith("as")  # "pancreas", not "RNAs"


def agreeing(verb_phrase: str, name: str) -> str:
    """``verb_phrase`` (written for a singular subject: "raises", "stays stable") with its first word
    in the form that agrees with ``name``."""
    if not is_plural(name):
        return verb_phrase
    first, _, rest = verb_phrase.partition(" ")
    plural = _PLURAL_VERBS.get(first, first)
    return f"{plural} {rest}" if rest else plural
