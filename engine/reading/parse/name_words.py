"""How a name's words are written: the unbroken run of words that ends at its head ("tyrosine/threonine
kinase" held across its slash), a bracketed short form inside it left out ("beta-amyloid (Ab)
generation"), the text those words make, and the short form given right after the name."""

from __future__ import annotations

from spacy.tokens import Token


def contiguous(tokens: list[Token], head: Token) -> list[Token]:
    """The run of tokens that ends at the head without a gap (a gap means a trimmed word)."""
    run: list[Token] = []
    end = head.i + 1
    for token in reversed(tokens):
        if token.i >= end:
            continue
        if run and token.i == run[0].i - 2 and token.doc[token.i + 1].text == "/" \
                and token.text.isalpha() and token.text.islower() and run[0].text.islower():
            # "tyrosine/threonine kinase" is one name; symbols in "IRE1/ASK1/JNK" are steps
            run.insert(0, token.doc[token.i + 1])
        elif run and token.i != run[0].i - 1:
            opening = _short_form_brackets_before(run[0])
            if opening is not None and opening.i < token.i:
                continue  # "beta-amyloid (Ab) generation": the short form is no word of the name
            if opening is None or token.i != opening.i - 1:
                break
        run.insert(0, token)
    return run or tokens[-1:]


def _short_form_brackets_before(token: Token) -> Token | None:
    """The "(" of a bracketed short form of one or two words right before ``token``."""
    doc = token.doc
    if token.i < 3 or doc[token.i - 1].text != ")":
        return None
    for width in (1, 2):
        opening = doc[token.i - 2 - width] if token.i - 2 - width >= 0 else None
        inside = doc[token.i - 1 - width:token.i - 1]
        if opening is not None and opening.text == "(" and len(inside.text) <= 12 \
                and any(ch.isupper() for ch in inside.text):
            return opening
    return None


def written(tokens: list[Token]) -> str:
    """The words as written, each run of neighbours as one piece (a short form left out between)."""
    doc = tokens[0].doc
    starts = [k for k, t in enumerate(tokens) if k == 0 or t.i != tokens[k - 1].i + 1]
    pieces = [doc[tokens[a].i:tokens[b - 1].i + 1].text.strip() for a, b in zip(starts, [*starts[1:], len(tokens)])]
    return " ".join(pieces)


def bracketed_short_form(head: Token) -> tuple[str, ...]:
    """A short form given in parentheses right after the name: "tumour necrosis factor (TNF)"."""
    for child in head.rights:
        if child.dep_ == "appos" and child.i >= 1 and child.doc[child.i - 1].text == "(":
            return (child.text,)
    return ()
