"""Words that make the thing a phrase names into a form of it, read around the phrase.

"tau (truncated at Asp-421)" names truncated tau: a bracket opening with a participle of form right
after the name says which form is meant, and a form of X is never X (``engine.identity``).
"""

from __future__ import annotations

from spacy.tokens import Token

from engine.offline.extract.phrases import FORM_PARTICIPLES


def bracketed_form(last: Token) -> str | None:
    """The participle of form in a bracket right after ``last`` (the name's last word), if any."""
    doc = last.doc
    if last.i + 2 < len(doc) and doc[last.i + 1].text in ("(", "[") \
            and doc[last.i + 2].lower_ in FORM_PARTICIPLES:
        return doc[last.i + 2].text
    return None
