"""The tool of an experiment: "inhibition of HSP90 with radicicol", "Syk inhibition with BAY61-3606",
"activating autophagy with trehalose", "by blocking Syk using BAY61-3606". The sentence says the tool
makes the change it names: radicicol lowers HSP90, trehalose raises autophagy.

"With" marks many other things, so the tool is read only where it follows the changed thing of an
experiment word (a change noun or a gerund of perturbation) and names something (no change word of
its own: "synergized with Hsp90 inhibition" is no tool). Not a partner ("inhibiting its interaction
with B"), not where the experiment word is itself what a verb brings about ("X caused a marked
inhibition of Y with Z": Z says where), nor after a gerund of purpose ("for degrading proteins with
long half-lives").
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from engine.reading.language import lexicon
from engine.reading.parse import modality, patterns, perturbations
from engine.reading.parse.claims import NOMINAL_CONFIDENCE, Claim, pairs
from engine.reading.parse.change_words import has_change_word
from engine.reading.parse.phrases import sides


def instrument_claims(doc: Doc) -> list[Claim]:
    claims: list[Claim] = []
    for token in doc:
        experiment = _experiment(token)
        if experiment is None:
            continue
        changed, sign = experiment
        tools = [t for t in _tools(token, changed) if not has_change_word(t) and not _holds_a_verb(t)]
        causes = [s for t in tools for s in sides(t)]
        effects = [s for s in sides(changed)]
        claims += pairs(causes, sign, effects, modality.hedged(modality.predicate_of(token)), NOMINAL_CONFIDENCE)
    return claims


def _experiment(token: Token) -> tuple[Token, int] | None:
    """(the changed thing, the experiment's sign) for "inhibition of X", "X inhibition" and
    "inhibiting X"."""
    if token.lower_ in lexicon.EXPERIMENT_NOUNS and token.pos_ == "NOUN":
        if token.dep_ in ("dobj", "attr") and token.head.pos_ in ("VERB", "AUX"):
            return None  # "X caused a marked inhibition of Y with Z"
        changed = [p for p in patterns.objects_after(token, "of") if p.head.i > token.i] \
            or [c for c in token.lefts if c.dep_ == "compound"][-1:]  # "of" after the noun, else the name before it
        return (changed[0], lexicon.EXPERIMENT_NOUNS[token.lower_]) if changed else None
    if token.tag_ != "VBG" or token.lemma_.lower() in lexicon.RESULT_VERBS:
        return None
    if token.dep_ == "pcomp" and token.head.lower_ in lexicon.PURPOSE_PREPOSITIONS:
        return None
    perturbed = perturbations.perturbed(token)
    return perturbed if perturbed is not None and perturbed[0].dep_ == "dobj" else None


def _tools(experiment: Token, changed: Token) -> list[Token]:
    """The objects of "with"/"using" hung on the experiment word or on the changed thing ("using"
    may be parsed as a verb with its object)."""
    if changed.lower_ in lexicon.PARTNER_WORDS:
        return []
    return [p for holder in (experiment, changed) for c in holder.rights if c.lower_ in lexicon.TOOL_MARKERS
            for p in c.children if (c.dep_ == "prep" and p.dep_ == "pobj") or (c.tag_ == "VBG" and p.dep_ == "dobj")]


def _holds_a_verb(tool: Token) -> bool:
    """"with rapamycin lowers huntingtin levels" parsed as one phrase (a clause, not a tool): a
    finite verb among the words before the tool's head (a relative clause after it is fine)."""
    return any(t.tag_ in ("VBZ", "VBD", "VBP") for t in tool.doc[tool.left_edge.i:tool.i])

