"""Is an entity removed by experiment in a sentence ("in TDP-43 knockdown cells", "TDP-43-depleted
cells", "loss of TDP-43", "silencing TDP-43")?

Such a sentence reports what happens without the entity. When it then calls an effect
"TDP-43-mediated" or "TDP-43-induced", the word names the perturbation's effect in the authors'
shorthand, and which way the entity itself acts is not said: more TDP-43 may give less of it. Both
readers read no claim from such a compound.
"""

from __future__ import annotations

import re

_AFTER = (r"(?:knock-?down|knock-?out|ko|deficien(?:cy|t)|depleted|depletion|silenced|silencing|null"
          r"|deleted|deletion|-/-|\+/-|lacking)")
_BEFORE = r"(?:knock-?down|knock-?out|loss|lack|absence|depletion|silencing|deletion|ablation|removal)\s+of"
_GERUNDS = r"(?:knocking\s+(?:down|out)|silencing|depleting|deleting|ablating|lacking)"


def removed_in(sentence: str, name: str) -> bool:
    """Does ``sentence`` remove ``name`` by experiment (its knockdown, depletion, loss, deletion)?"""
    if not name.strip():
        return False
    n = re.escape(name.strip())
    pattern = rf"(?<![\w-]){n}[-\s]?{_AFTER}(?!\w)|\b{_BEFORE}\s+(?:the\s+)?{n}(?![\w-])|\b{_GERUNDS}\s+{n}(?![\w-])"
    return re.search(pattern, sentence, flags=re.IGNORECASE) is not None
