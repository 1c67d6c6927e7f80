"""Read a sentence's claims from its dependency parse, one construction family after another."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spacy.tokens import Doc

from engine.model.annotations import Annotation
from engine.reading.language.line_breaks import mend_line_breaks
from engine.reading.language.statistics import without_statistics
from engine.reading.rules.tokens import undo_ligatures
from engine.reading.parse import anaphora
from engine.reading.parse.associations import association_claims
from engine.reading.parse.claims import to_annotation
from engine.reading.parse.comparisons import comparison_claims
from engine.reading.parse.hosts import host_claims
from engine.reading.parse.instruments import instrument_claims
from engine.reading.parse.long_names import completed
from engine.reading.parse.means import resting_claims
from engine.reading.parse.nlp import parsed
from engine.reading.parse.nominals import nominal_claims
from engine.reading.parse.reasons import experiment_clause_claims, reason_claims
from engine.reading.parse.roles import role_claims
from engine.reading.parse.routes import route_claims
from engine.reading.parse.verbs import means_claims, misread_claims, verb_claims


def read_doc(doc: Doc, text: str | None = None) -> list[Annotation]:
    """The annotations of one parsed sentence, each claim once (the most confident reading);
    ``text`` is the sentence as written where the parse read a rewritten one (``nlp.parsed``)."""
    text = doc.text if text is None else text
    best: dict[tuple, Annotation] = {}
    claims = verb_claims(doc) + means_claims(doc) + misread_claims(doc) + nominal_claims(doc) + role_claims(doc) \
        + route_claims(doc) + instrument_claims(doc) + host_claims(doc) + reason_claims(doc) \
        + experiment_clause_claims(doc) + association_claims(doc) + comparison_claims(doc) + resting_claims(doc)
    for annotation in completed([to_annotation(claim, text) for claim in claims], text):
        key = (annotation.subject.lower(), annotation.subject_change,
               annotation.object.lower(), annotation.object_change)
        if key not in best or annotation.confidence > best[key].confidence:
            best[key] = annotation
    return list(best.values())


def read_sentence(sentence: str, abbreviations: dict[str, str] | None = None) -> list[Annotation]:
    text, doc = next(parsed([as_meant(sentence)]))
    return with_abbreviations(read_doc(doc, text), abbreviations)


def read_sentences(sentences: Iterable[str]) -> list[list[Annotation]]:
    """Each sentence's annotations, parsed in batches (far faster than one at a time). The text is
    read as typeset characters are meant (``as_meant``), so that the lexicon knows its words; the rule
    reader's other repairs of the text (compounds set off by spaces) are left to the parser."""
    texts = (as_meant(s) for s in sentences)
    return [read_doc(doc, text) for text, doc in parsed(texts)]


def read_passage(sentences: list[str]) -> list[list[Annotation]]:
    """Each sentence's annotations, read in order as one passage (``read_in_context``)."""
    return read_in_context(list(zip([None, *sentences[:-1]], sentences)))


def read_in_context(pairs: Sequence[tuple[str | None, str]]) -> list[list[Annotation]]:
    """The annotations of each (sentence before or None, sentence): a definite noun that points back
    ("the mutations", "this kinase") is named after its one antecedent in the sentence before
    (``anaphora``). A sentence before that is the previous pair's sentence (a paper read in order) is
    parsed once."""
    texts: list[str] = []
    parse_before: list[bool] = []
    for i, (before, sentence) in enumerate(pairs):
        parse_before.append(before is not None and not (i > 0 and pairs[i - 1][1] == before))
        texts += [before, sentence] if parse_before[-1] else [sentence]
    docs = parsed(as_meant(t) for t in texts)
    read: list[list[Annotation]] = []
    last: Doc | None = None
    for (before, _), own_before in zip(pairs, parse_before):
        previous = next(docs)[1] if own_before else (last if before is not None else None)
        text, doc = next(docs)
        read.append(_read_after(doc, text, previous))
        last = doc
    return read


def _read_after(doc: Doc, text: str, previous: Doc | None) -> list[Annotation]:
    found = anaphora.rewritten(doc, previous)
    if found is None:
        return read_doc(doc, text)
    _, again = next(parsed([found[0]]))
    return anaphora.resolved(read_doc(again, text), found[1])


def as_meant(sentence: str) -> str:
    """"deﬁcits" is "deficits", "(-)-nicotine" is "nicotine", "phosphoryla- tion" is "phosphorylation";
    bracketed statistics ("(HR 1.58; 95% CI 1.24-2.02)") are dropped (``statistics``)."""
    return without_statistics(mend_line_breaks(undo_ligatures(sentence)))


def with_abbreviations(annotations: list[Annotation], abbreviations: dict[str, str] | None) -> list[Annotation]:
    """Add the document's other name of each end (a short form defined elsewhere in the paper)."""
    if not abbreviations:
        return annotations
    longs = {long.lower(): short for short, long in abbreviations.items()}

    def other_names(name: str, known: list[str]) -> list[str]:
        extra = [abbreviations[name]] if name in abbreviations else []
        extra += [longs[name.lower()]] if name.lower() in longs else []
        return list(dict.fromkeys(known + [e for e in extra if e != name]))

    return [a.model_copy(update={"subject_aliases": other_names(a.subject, a.subject_aliases),
                                 "object_aliases": other_names(a.object, a.object_aliases)})
            for a in annotations]
