"""Proto-role annotations: the Extract → Interpret contract of DESIGN §3.

One annotation states one causal claim in the Cora paper's format::

    [change=increase] cortisol levels ==CAUSE=> [change=increase] blood pressure
    TIMP-2 deficiency ==CAUSE=> [change=increase] macrophage infiltration

A side marked ``[change=…]`` is a quantity, an unmarked side a state. ``interpret`` maps an annotation
to the relation and sign of one graph edge, deterministically, following the table of DESIGN §3.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from engine.model.graph import GraphError, NodeKind, Relation, Sign

Change = Literal["increase", "decrease"]
CHANGES: tuple[str, ...] = ("increase", "decrease")
ARROW = "==CAUSE=>"

_CHANGE_TAG = re.compile(r"^\[\s*change\s*=\s*([^\]]*)\]\s*(.*)$", re.DOTALL)


class AnnotationError(GraphError):
    """A proto-role line that cannot be read; the message says what is wrong with it."""


StateKind = Literal["deficiency", "mutation"]


class StateOf(BaseModel):
    """A side that names a state of another entity: "TREM2 deficiency" is the deficiency of TREM2.

    Readers set it where they read the state (a knockout, a loss, a variant), so that Verify and
    Integrate read the entity from this field rather than from the words of the name. A deficiency
    lowers its entity; a mutation is read as acting like more of it (a gain or change of function).
    """

    entity: str = Field(min_length=1)
    kind: StateKind

    @property
    def direction(self) -> int:
        return -1 if self.kind == "deficiency" else 1


class Annotation(BaseModel):
    """One causal claim read from ``text``: subject (cause) and object (effect) with their changes."""

    subject: str = Field(min_length=1)
    subject_change: Change | None = None
    object: str = Field(min_length=1)
    object_change: Change | None = None
    text: str = ""
    confidence: float = Field(0.9, ge=0.0, le=1.0)
    hedged: bool = False
    # Other names the text gives the same entities (abbreviations defined in the text); Verify and
    # Integrate use them as node aliases.
    subject_aliases: list[str] = Field(default_factory=list)
    object_aliases: list[str] = Field(default_factory=list)
    # Set when a side names a state of another entity ("X deficiency", "X mutation").
    subject_state_of: StateOf | None = None
    object_state_of: StateOf | None = None
    # Set when a side is named through the sentence before: a definite noun ("the mutations") read as
    # its one antecedent there ("PPM1D mutations"). The evidence then shows that sentence too.
    named_before: bool = False


class Interpretation(BaseModel):
    """The graph edge an annotation stands for (DESIGN §3)."""

    subject_kind: NodeKind
    object_kind: NodeKind
    relation: Relation
    sign: Sign


def format_annotation(annotation: Annotation) -> str:
    """The proto-role line of an annotation (the inverse of ``parse_annotation``)."""
    return f"{_format_side(annotation.subject, annotation.subject_change)} {ARROW} " \
           f"{_format_side(annotation.object, annotation.object_change)}"


def _format_side(term: str, change: Change | None) -> str:
    return f"[change={change}] {term}" if change else term


def parse_annotation(line: str, text: str = "") -> Annotation:
    """Read one proto-role line; ``text`` is the sentence it was read from, when known.

    Raises AnnotationError naming the problem: a missing or repeated arrow, an empty side, an unknown
    change value, an unclosed ``[change=`` tag or a term that itself contains the format's markup.
    """
    if not isinstance(line, str):
        raise AnnotationError(f"an annotation must be a line of text, got {type(line).__name__}")
    stripped = line.strip()
    if not stripped:
        raise AnnotationError("empty annotation line")
    count = stripped.count(ARROW)
    if count == 0:
        hint = " (did you mean '==CAUSE=>'?)" if re.search(r"=+\s*cause\s*=*>?", stripped, re.I) else ""
        raise AnnotationError(f"no '{ARROW}' arrow in annotation {stripped!r}{hint}")
    if count > 1:
        raise AnnotationError(
            f"annotation {stripped!r} has {count} '{ARROW}' arrows; write one claim per line"
        )
    left, right = stripped.split(ARROW)
    subject, subject_change = _parse_side(left, "subject (left of the arrow)", stripped)
    obj, object_change = _parse_side(right, "object (right of the arrow)", stripped)
    return Annotation(subject=subject, subject_change=subject_change, object=obj,
                      object_change=object_change, text=text,
                      subject_state_of=state_named(subject), object_state_of=state_named(obj))


_STATE_SUFFIX = re.compile(r"^(?P<entity>.+?)[\s-]+(?P<kind>deficiency|mutations?)$", re.I)


def state_named(term: str) -> StateOf | None:
    """The state a name written in the line format stands for: "X deficiency", "X mutation(s)".

    Only a line read from text (an LLM's reply, a file) is parsed this way; the offline readers set
    ``*_state_of`` where they read the state.
    """
    match = _STATE_SUFFIX.match(term.strip())
    if not match:
        return None
    kind: StateKind = "deficiency" if match["kind"].lower() == "deficiency" else "mutation"
    return StateOf(entity=match["entity"].strip(), kind=kind)


def _parse_side(side: str, role: str, line: str) -> tuple[str, Change | None]:
    side = side.strip()
    if not side:
        raise AnnotationError(f"the {role} is empty in annotation {line!r}")
    change: Change | None = None
    if side.startswith("["):
        match = _CHANGE_TAG.match(side)
        if not match:
            raise AnnotationError(
                f"the {role} of {line!r} opens a '[' tag that is not '[change=increase]' or "
                "'[change=decrease]' closed by ']'"
            )
        value = match.group(1).strip().lower()
        if value not in CHANGES:
            raise AnnotationError(
                f"unknown change {match.group(1).strip()!r} in the {role} of {line!r}: "
                "use increase or decrease"
            )
        change = value  # type: ignore[assignment]
        side = match.group(2).strip()
        if not side:
            raise AnnotationError(f"the {role} of {line!r} has a change tag but no term after it")
    if "[" in side or "]" in side:
        raise AnnotationError(
            f"the term {side!r} in the {role} of {line!r} contains '[' or ']'; a change tag goes "
            "before the term"
        )
    return side, change


def interpret(annotation: Annotation) -> Interpretation:
    """Map an annotation to its edge deterministically (DESIGN §3 and the Cora paper's Figure 3).

    quantity → quantity: influence, + when the changes agree, − when they are opposite;
    quantity → state: triggers, + for an increase and − for a decrease of the quantity;
    state → quantity: triggers with the sign of the quantity's change; state → state: triggers +.
    """
    s_change, o_change = annotation.subject_change, annotation.object_change
    subject_kind: NodeKind = "quantity" if s_change else "state"
    object_kind: NodeKind = "quantity" if o_change else "state"
    if s_change and o_change:
        return Interpretation(subject_kind=subject_kind, object_kind=object_kind,
                              relation="influence", sign=1 if s_change == o_change else -1)
    if s_change:
        sign: Sign = 1 if s_change == "increase" else -1
    elif o_change:
        sign = 1 if o_change == "increase" else -1
    else:
        sign = 1
    return Interpretation(subject_kind=subject_kind, object_kind=object_kind,
                          relation="triggers", sign=sign)
