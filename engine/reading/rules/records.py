"""The reader's working records: an entity named from a phrase, and a claim between phrases before it
becomes an Annotation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.model.annotations import StateOf


@dataclass
class Entity:
    name: str
    polarity: int  # +1 when the phrase means more of the entity, -1 less of it
    state: bool
    aliases: list[str] = field(default_factory=list)
    state_of: StateOf | None = None  # "X deficiency": the deficiency of X


@dataclass
class Claim:
    subjects: list[tuple[int, int]]
    objects: list[tuple[int, int]]
    polarity: int
    construction: str
    negated: bool
    hedged: bool
    end: int  # token index after the last object, for coordinated predicates
    verb: int = -1  # token index of the predicate, for coordinated verbs ("phosphorylates and activates")
    object_suffix: str = ""  # what the verb does to its object: "phosphorylates X" → "X phosphorylation"
    resolved: bool = False  # a side comes from an earlier sentence through an anaphor
    floor: int = 0  # token index where the claim's sentence starts
    means_of: int | None = None  # "X reduces Y by inhibiting Z": this claim's index of "X reduces Y"
    subject_polarity: int = 1  # "X lowers Y, which leads to Z": the lowering of Y leads to Z
    # "drugs that enhance X reduce Y, including D": D, a member of the relative clause's class
    class_members: list[tuple[int, int]] = field(default_factory=list)
    # "a beneficial effect on Y": the adjective that says the effect is good or bad for Y, so that on a
    # harm the sign turns (curated.turns_on)
    valued_by: str = ""
