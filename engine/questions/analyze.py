"""Question analysis for the offline backend (the Analyze step of DESIGN §5).

A causal question names what changes (the sources, independent entities) and what is affected (the
targets, dependent entities). The usual phrasings are read by patterns over the question:
"How does X impact Y?", "What is the effect of X on Y?", "Does X increase Y?", "Why does X lead to
Y?", "What happens to Y when X rises?", "What role does X play in Y?", "Is X linked to Y?", ...
A question with no causal reading ("What is BDNF?") is abstained on with the reason.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from engine.reading.language import lexicon as lx
from engine.reading.language.data_files import data_file, word_tuple

_PHRASINGS = Path(__file__).with_name("questions.toml")

CAUSAL_QUESTION_VERBS = word_tuple(_PHRASINGS, "causal_question_verbs")


def _forms(verbs) -> str:
    return r"(?:" + "|".join(rf"{re.escape(v)}(?:s|es|d|ed)?" for v in verbs) + r")"


_VERB_FORMS = _forms(CAUSAL_QUESTION_VERBS)
# The verbs of change the readers read in papers ("ameliorate", "delay", "potentiate"), for the phrasings
# tried after every other: many of them are nouns too ("release", "block"), so they never split a name
# that a question verb already splits.
_CHANGE_VERB_FORMS = _forms(sorted({*lx.INCREASE_VERBS, *lx.DECREASE_VERBS}, key=len, reverse=True))
# Change words after a source: "when X rises", "if X is reduced".
_RISE = r"(?:rises?|increases?|goes up|is increased|are increased|is elevated|are elevated|is high|are high|is upregulated|is overexpressed|is activated|accumulates?)"
_FALL = r"(?:falls?|decreases?|drops?|declines?|goes down|is reduced|are reduced|is decreased|are decreased|is lowered|is low|are low|is inhibited|is blocked|is lost|is knocked down|is deleted|is absent|is downregulated|is depleted)"

_AUX = r"(?:does|do|did|can|could|may|might|would|will|is|are|was|were)"


def _phrasings() -> list[tuple[str, str]]:
    """(regex, roles) of each causal phrasing of questions.toml, in order, with its auxiliaries,
    causal verbs and verbs of change written in."""
    listed = data_file(_PHRASINGS)["phrasing"]
    filled = {"{aux}": _AUX, "{verb}": _VERB_FORMS, "{change_verb}": _CHANGE_VERB_FORMS}
    return [(re.sub(r"\{[a-z_]+\}", lambda slot: filled[slot.group()], p["regex"]), p["roles"]) for p in listed]


_PATTERNS = _phrasings()
_COMPILED = [(re.compile(p, re.I), roles) for p, roles in _PATTERNS]
_YES_NO = re.compile(r"^(?:does|do|did|can|could|may|might|will|would)\s", re.I)
_CHANGE_TAIL = re.compile(rf"\s+(?:{_RISE}|{_FALL})(?:\s.*)?$", re.I)
_NON_CAUSAL = re.compile(
    r"^(?:what|who|when|where|which) (?:is|are|was|were|discovered|invented|named|first|found)\b|"
    r"^(?:define|describe|list|name)\b|^how (?:many|much|old|long|big|large|is|are) ", re.I)
_LEADING = re.compile(r"^(?:the|a|an|some|any|this|these|those|its|their|increased|decreased|"
                      r"elevated|reduced|higher|lower|high|low|rising|falling|increasing|"
                      r"decreasing)\s+", re.I)
_TRAILING = re.compile(r"\s+(?:in|among|during|for|within|of) (?:humans?|patients?|mice|rats|"
                       r"people|adults|children|the elderly|older adults|vivo|vitro|cells?)$", re.I)

# The people a question asks about, with what sets them apart ("in patients with sepsis", "among older
# adults undergoing surgery", "in type 2 diabetic patients"): context, not a part of the named quantity.
_POPULATION = re.compile(
    r"\s+(?P<context>(?:in|among|for) (?:(?!(?:in|among|for|of|with) )[\w'-]+ ){0,3}"
    r"(?:patients|people|adults|children|women|men|infants|adolescents|elderly|subjects|individuals|neonates|"
    r"girls|boys|persons|smokers|survivors)\b"
    r"(?:\s+(?:with|who|undergoing|receiving|treated|on|after|at|having)\b.*)?)$", re.I)
# Words that name nothing on their own, left of a name by a phrasing's split.
_NO_NAME = frozenset({"the", "a", "an", "this", "these", "those", "its", "their", "it", "they"})


class QuestionAnalysis(BaseModel):
    """Sources (what changes) and targets (what is affected) of a question, or why none."""

    question: str
    sources: list[str] = Field(default_factory=list)
    targets: list[str] = Field(default_factory=list)
    abstained: bool = False
    reason: str = ""
    source_change: Literal["increase", "decrease"] | None = None
    # the people the question asks about, taken off a name ("in patients with sepsis"); searched with it
    context: str = ""


def _clean_entity(text: str) -> str:
    entity = text.strip().strip("?.!,;:\"'“”‘’ ")
    if entity.lower() in _NO_NAME:
        return ""
    previous = None
    while previous != entity:
        previous = entity
        entity = _LEADING.sub("", entity).strip()
        entity = _TRAILING.sub("", entity).strip()
        entity = re.sub(r"\s+(?:levels?|expression|activity|concentrations?|amounts?)$", "",
                        entity, flags=re.I) if len(entity.split()) > 1 else entity
        entity = re.sub(r"^(?:the )?(?:risk|levels?|expression|activity|amounts?|concentrations?|"
                        r"rates?|incidence) of\s+", "", entity, flags=re.I)
        # "the use of X", "treatment with X", "exposure to X": X given ("treatment of X" treats X: kept)
        entity = re.sub(r"^(?:the )?(?:(?:use|administration|intake|consumption|injection|infusion) of|"
                        r"(?:treatment|therapy|supplementation|pretreatment) with|exposure to)\s+", "",
                        entity, flags=re.I)
    return entity


def _split_coordination(text: str) -> list[str]:
    """"X and Y" as two entities, unless the words read as one name (no split inside brackets)."""
    parts = [p for p in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or|as well as)\s+", text) if p]
    cleaned = [_clean_entity(p) for p in parts]
    cleaned = [c for c in cleaned if c]
    if len(cleaned) > 1 and all(len(c.split()) <= 6 for c in cleaned):
        return cleaned
    entity = _clean_entity(text)
    return [entity] if entity else []


def without_population(text: str) -> tuple[str, str]:
    """A name without the people it is asked about: "mortality in patients with sepsis" → ("mortality",
    "in patients with sepsis")."""
    found = _POPULATION.search(text)
    if found is None or not text[: found.start()].strip():
        return text, ""
    return text[: found.start()], found.group("context")


def _change_of(phrase: str) -> tuple[str, Literal["increase", "decrease"] | None]:
    """Strip a change from a source phrase: "X rises" → (X, increase), "reduced X" → (X, decrease)."""
    lowered = phrase.lower().strip(" ?.")
    if re.search(rf"\s(?:{_FALL})(?:\s|$)", " " + lowered) or re.match(
            r"^(?:reduced|decreased|lower|low|less|loss of|lack of|inhibition of|inhibiting|"
            r"blocking|depletion of|deficiency of|knockdown of|deletion of|falling|decreasing)\b", lowered):
        change: Literal["increase", "decrease"] | None = "decrease"
    elif re.search(rf"\s(?:{_RISE})(?:\s|$)", " " + lowered) or re.match(
            r"^(?:increased|elevated|higher|high|more|rising|increasing|overexpression of|"
            r"activation of|activating|increasing)\b", lowered):
        change = "increase"
    else:
        change = None
    stripped = _CHANGE_TAIL.sub("", phrase.strip(" ?."))
    stripped = re.sub(r"^(?:loss|lack|inhibition|depletion|deficiency|knockdown|deletion|"
                      r"overexpression|activation) of\s+", "", stripped, flags=re.I)
    stripped = re.sub(r"^(?:inhibiting|blocking|activating)\s+", "", stripped, flags=re.I)
    return stripped, change


def analyze_question(question: str) -> QuestionAnalysis:
    """Sources and targets of a causal question; abstain with a reason when there is none. A title that
    asks after a colon ("Social exclusion: do they influence suicide mortality?") is read by its
    question, with the title for the pronoun that stands for it."""
    text = " ".join(question.strip().split())
    if not text:
        return QuestionAnalysis(question=question, abstained=True, reason="the question is empty")
    body = text.rstrip("?.! ").strip()
    found = _read(question, body)
    if found is None and ":" in body:
        found = _read_after_title(question, *body.rsplit(":", 1))
    if found is not None:
        return found
    if _NON_CAUSAL.match(body):
        reason = ("the question asks for a definition or a fact, not how one thing changes another; "
                  "ask e.g. 'How does X affect Y?'")
    else:
        reason = ("no causal reading found: name a cause and an effect, e.g. 'How does X affect Y?' "
                  "or 'What is the effect of X on Y?'")
    return QuestionAnalysis(question=question, abstained=True, reason=reason)


def _read_after_title(question: str, title: str, asked: str) -> QuestionAnalysis | None:
    """The question after a title's colon, read on its own; a pronoun for the title is read as one
    word standing in for it (so no word of the title can be taken for the question's verb), then given
    the title's names."""
    found = _read(question, _TITLE_PRONOUN.sub(rf"\g<aux> {_TITLE} ", asked.strip(), count=1))
    if found is None:
        return None
    names = _split_coordination(title)
    return found.model_copy(update={
        "sources": [n for s in found.sources for n in (names if s == _TITLE else [s])],
        "targets": [n for t in found.targets for n in (names if t == _TITLE else [t])]})


_TITLE = "thetitle"
_TITLE_PRONOUN = re.compile(r"^(?P<aux>does|do|did|can|could|may|might|will|would|is|are) (?:it|they|this|these) ",
                            re.I)
# Adverbs between a question's cause and its verb ("does it adversely affect", "does X really reduce").
_ADVERB_BEFORE_VERB = re.compile(r"\s+(?:significantly|adversely|really|actually|directly|indirectly|"
                                 r"independently|further|still|also|positively|negatively|markedly|"
                                 r"substantially|favou?rably|truly|necessarily)$", re.I)


def _read(question: str, body: str) -> QuestionAnalysis | None:
    """The first phrasing that reads ``body`` with a source or a target, or None."""
    for pattern, roles in _COMPILED:
        match = pattern.match(body)
        if not match:
            continue
        groups = [g for g in match.groups()]
        if roles == "st":
            source_text, target_text = groups[0], groups[1]
        elif roles == "ts":
            target_text, source_text = groups[0], groups[1]
        elif roles == "t":
            source_text, target_text = "", groups[0]
        else:
            source_text, target_text = groups[0], ""
        source_text, change = _change_of(_ADVERB_BEFORE_VERB.sub("", source_text))
        source_text, source_context = without_population(source_text)
        target_text, target_context = without_population(target_text)
        if change is None and source_text.strip() and _YES_NO.match(body):
            change = "increase"  # "Does X increase Y?" asks what follows when X is present/rises
        sources = _split_coordination(source_text) if source_text else []
        targets = _split_coordination(target_text) if target_text else []
        if not sources and not targets or len(roles) == 2 and not (sources and targets):
            continue  # a phrasing that names both sides reads none, or only one (a verb inside a name)
        if any(s.lower() in lx.PRONOUNS for s in sources + targets):
            continue
        if sources and targets and {s.lower() for s in sources} & {t.lower() for t in targets}:
            return QuestionAnalysis(question=question, abstained=True,
                                    reason="the question names the same entity as cause and effect")
        reason = ""
        if not sources:
            reason = "no source named: the question asks for the causes of the target"
        elif not targets:
            reason = "no target named: the question asks for the effects of the source"
        return QuestionAnalysis(question=question, sources=sources, targets=targets, reason=reason,
                                source_change=change, context=target_context or source_context)
    return None
