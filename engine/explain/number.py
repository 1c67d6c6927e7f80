"""Number agreement between a node's name and the verb the answer gives it: "nicotinic acetylcholine
receptors raise cell death", "tau aggregates increase", not "raises" / "increases".

A name is plural by its head word: the word before "of" or "in" where one follows ("levels of tau",
"tau levels in CSF"), else its last word. English marks a plural with a final "s"; words whose "s" is
no plural ("stress", "apoptosis", "lupus", "diabetes", "genetics") and symbols written in capitals
("ROS") stay singular. A symbol with a small "s" after capitals ("NFTs", "miRNAs") is plural, as are the
few irregular plurals of the literature ("mitochondria", "mice").
"""

from __future__ import annotations

import re

_HEAD_ENDS = re.compile(r"\s+(?:of|in)\s+|\s*\(")
_SINGULAR_ENDINGS = ("ss", "us", "is", "as")
# Singular nouns in "s": diseases, and fields of study ("genetics"; drugs in "-ics" are plural:
# "antibiotics", "analgesics").
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
    if len(word) < 3 or "'" in word or "’" in word:
        return False
    if word.lower() in _IRREGULAR_PLURALS:
        return True
    if not word.endswith("s"):
        return False
    if word[-2].isupper() or word[-2].isdigit():  # "NFTs", "miRNAs"
        return True
    low = word.lower()
    return not low.endswith(_SINGULAR_ENDINGS) and low not in _SINGULAR_IN_S


def agreeing(verb_phrase: str, name: str) -> str:
    """``verb_phrase`` (written for a singular subject: "raises", "stays stable") with its first word
    in the form that agrees with ``name``."""
    if not is_plural(name):
        return verb_phrase
    first, _, rest = verb_phrase.partition(" ")
    plural = _PLURAL_VERBS.get(first, first)
    return f"{plural} {rest}" if rest else plural
