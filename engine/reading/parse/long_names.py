"""Names the parse cuts short that the sentence spells out in full before a short form: "the
mammalian target of rapamycin (mTOR) kinase" is parsed with "target" as the head and "of rapamycin"
as its complement, so the phrase reading names "mammalian target"; "signal transducer and activator
of transcription 5 (STAT5)" is parsed as a coordination and named "signal transducer".

A short form defined in the sentence (Schwartz–Hearst, the rule reader's ``find_abbreviations``)
tells where the name really ends: a side whose name is the opening words of a defined long form is
that long form ("mammalian target" → "mammalian target of rapamycin"; one word alone may be another
mention: "this protein" is not "protein kinase C"), and so is the entity of a
process named after it ("signal transducer phosphorylation" → "signal transducer and activator of
transcription 5 phosphorylation"). The pipeline then gives the long form its short form as alias.
"""

from __future__ import annotations

from engine.model.annotations import Annotation
from engine.reading.language import lexicon
from engine.reading.rules.tokens import find_abbreviations


def completed(annotations: list[Annotation], text: str) -> list[Annotation]:
    longs = [_as_written(long, text) for long in find_abbreviations(text).values()]
    longs = [long for long in longs if long]
    if not longs:
        return annotations
    return [a.model_copy(update={"subject": _completed(a.subject, longs), "object": _completed(a.object, longs)})
            for a in annotations]


def _as_written(long: str, text: str) -> str | None:
    start = text.lower().find(long.lower())
    return text[start:start + len(long)] if start >= 0 else None


def _completed(name: str, longs: list[str]) -> str:
    words = name.split()
    for long in longs:
        long_words = long.split()
        for cut in (words, words[:-1]):
            rest = words[len(cut):]
            if rest and not _names_a_process(rest[0]):
                continue
            if len(cut) >= 2 and len(cut) < len(long_words) and [w.lower() for w in long_words[:len(cut)]] == \
                    [w.lower() for w in cut]:
                return " ".join([long, *rest])
    return name


def _names_a_process(word: str) -> bool:
    lower = word.lower()
    return lower in lexicon.MODIFICATION_NOUNS or lower in lexicon.PROCESS_NOUNS
