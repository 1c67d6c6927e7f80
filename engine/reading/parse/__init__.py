"""A second, independent reader of causal claims, over a dependency parse (spaCy).

Where ``engine.reading.rules`` reads with hand-written chunking and word-order rules, this reader
takes tokens, parts of speech, lemmas, noun phrases and grammatical roles from a statistical
parser, and reads claims from the tree by construction family: causal verbs (``verbs``), verbs whose
sign depends on their object (``restoring``), claims inside noun phrases (``nominals``),
experiments that remove or add an entity (``perturbations``), the named route of a raising verb
(``routes``), a coordinated pronoun subject (``pronouns``), "X protects Y from decline"
(``shielding``), the host of an experiment and what was done to it (``hosts``), a change and its
stated reason or condition (``reasons``), roles and effects ("an inhibitor of Y", ``roles``),
negation and hedges (``modality``), entity spans (``phrases``) and the words of change in them
(``change_words``). Both readers share the word lists of ``engine.reading.language.lexicon`` and the
one statement model, ``engine.model.annotations.Annotation``.
"""

from engine.reading.parse.reader import read_doc, read_passage, read_sentence, read_sentences, with_abbreviations

__all__ = ["read_doc", "read_passage", "read_sentence", "read_sentences", "with_abbreviations"]
