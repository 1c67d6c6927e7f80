"""Rule-based extraction of proto-role annotations from one sentence (the offline Extract step).

The extractor reads the sentence with a small hand-written chunker rather than a statistical parser:
it is deterministic, fast (well under 2 ms a sentence) and needs no model download. It

1. undoes typesetting (ligatures, dashes inside words, "forma- tion" line breaks), tokenises the
   text (abbreviations such as "Fig." and "et al." keep their full stop) and finds the
   abbreviations it defines ("amyloid beta (Aβ)");
2. finds causal predicates: active and passive verbs of increase and decrease ("reduces", "is
   inhibited by", "leads to", "results from"), nominalisations ("inhibition of Y by X", "a reduction
   in Y was observed after X"), compound participles ("X-induced Y"), role nouns ("D, an X
   inhibitor", "a negative regulator of Y"), signed effect nouns ("a protective effect on Y"),
   shielding ("protects neurons from Y"), changes found
   in carriers or conditions ("decreased in AD patients", "in response to X") and the verbs of
   having after a state ("X-deficient mice exhibit increased Y");
3. chunks the noun phrases around each predicate, splitting coordinations ("X and Y reduce Z" is two
   claims), adding class members ("cytokines such as IL-6"), climbing over place and time phrases
   ("X in astrocytes reduced Y"), reading appositions ("the antagonist, D, impaired Y") and
   following relative clauses ("X, which increases Y") and coordinated predicates;
4. resolves anaphors from the same or previous sentence ("it", "these drugs" → the previous
   subject; "this", "this effect" → the previous change; an object "it" → the previous object);
5. turns each phrase into an entity: determiners, citations and quantity words ("levels of",
   "expression") are dropped from the name, heads of change ("inhibition of X", "elevated X",
   "X knockdown") set the direction of the entity's change, and deficiencies ("loss of X",
   "X-deficient mice", "X knockout") and mutations become the states "X deficiency" / "X mutation";
6. drops negated claims ("did not alter", "failed to increase", "neither ... nor") and claims of
   taking part, which state no direction ("is involved / implicated in Y"), and keeps hedged ones
   ("may", "suggest") at lower confidence;
7. adds the claims a sentence implies: the means of a result ("X lowers Y by inhibiting Z" → less
   Z, less Y), at lower confidence. A chain ("X activates Y, which inhibits Z") is read as its
   steps, never as the far pair X → Z.

The reader is a package, one module per family of constructions:

- ``tokens``: typesetting undone, tokens, abbreviations; ``vocabulary``: shared word lists (the
  words are data, in ``words.toml``);
  ``records``: the working entity and claim records; ``word_tests``: word-class tests;
- ``phrases``: the noun-phrase chunker; ``naming``: a phrase becomes an entity; ``subject_finding``: a
  predicate's subject and anaphors;
- the construction families: ``verbs``, ``nominals``, ``conditions``, ``weak_claims``,
  ``states``; ``implied``: the means a sentence implies;
- ``reader``: the scan of one sentence in order, trying at each word the constructions of
  ``constructions.toml`` by priority, and the annotations it yields.

The modules are layered, each importing only those before it (``tests/test_import_graph.py`` fails
on an import circle): ``tokens``, ``vocabulary``, ``records`` < ``word_tests`` < ``phrases`` <
``naming`` < ``subject_finding`` < ``conditions`` < ``verbs`` < ``states`` < ``nominals`` <
``weak_claims`` < ``implied`` < ``reader``. A test or helper two families share lives in the lower of
them; modules call one another as ``module.function``.
"""

from engine.reading.rules.reader import extract_annotations
from engine.reading.rules.tokens import find_abbreviations, tokenize, undo_typesetting

__all__ = ["extract_annotations", "find_abbreviations", "tokenize", "undo_typesetting"]
