"""Word lists that several construction families share: closed-class words, organisms and carriers, role
nouns, markers of deficiency and overexpression.

The lists are data, in words.toml beside this file (each with a line on what it is for); the lists
made of others stay here.
"""

from __future__ import annotations

from pathlib import Path

from engine.reading.language import lexicon as lx
from engine.reading.language.data_files import word_set, word_table, word_tuple

_WORDS = Path(__file__).with_name("words.toml")

COPULAS = word_set(_WORDS, "copulas")
MEANS_WORDS = word_set(_WORDS, "means_words")
BE_FORMS = word_set(_WORDS, "be_forms")

HARD_BOUNDARY = word_set(_WORDS, "hard_boundary")
NEGATION_WORDS = word_set(_WORDS, "negation_words")
ABBREVIATION_WORDS = word_set(_WORDS, "abbreviation_words")

# Closed-class words: never the head of a name.
CLOSED_WORDS = (lx.DETERMINERS | lx.PREPOSITIONS | lx.CONJUNCTIONS | lx.AUXILIARIES | lx.MODALS
                | lx.PRONOUNS | lx.ADVERBS | lx.OTHER_VERBS | NEGATION_WORDS)
CLOSED = CLOSED_WORDS | ABBREVIATION_WORDS

ORGANISMS = word_set(_WORDS, "organisms")
CARRIER_PLACES = word_set(_WORDS, "carrier_places")
# Whatever a change is found in: organisms, cells, tissues and samples.
CARRIERS = ORGANISMS | CARRIER_PLACES
CARRIER_MODIFIERS = word_set(_WORDS, "carrier_modifiers")

ROLE_NOUNS = word_table(_WORDS, "role_nouns")
DRUG_ROLE_NOUNS = word_set(_WORDS, "drug_role_nouns")
ROMAN_NUMERALS = word_set(_WORDS, "roman_numerals")
ROLE_MODIFIERS = word_set(_WORDS, "role_modifiers")
SIGNING_ADJECTIVES = word_table(_WORDS, "signing_adjectives")

NAME_NOISE = word_set(_WORDS, "name_noise")
DEFICIENCY_MARKERS = word_tuple(_WORDS, "deficiency_markers")
OVEREXPRESSION_MARKERS = word_tuple(_WORDS, "overexpression_markers")
EXAMPLE_MARKERS = word_tuple(_WORDS, "example_markers")
ADJECTIVE_ENDINGS = word_tuple(_WORDS, "adjective_endings")
CLASS_ADJECTIVE_ENDINGS = word_tuple(_WORDS, "class_adjective_endings")
INDEFINITE_ARTICLES = word_set(_WORDS, "indefinite_articles")
PAIR_OPENERS = word_set(_WORDS, "pair_openers")
DIRECTION_PARTICLES = word_set(_WORDS, "direction_particles")
ROUTE_PREPOSITIONS = word_set(_WORDS, "route_prepositions")
LISTED_AMOUNT_UNITS = word_set(_WORDS, "listed_amount_units")
CLAUSE_OPENERS = word_set(_WORDS, "clause_openers")
TIME_UNITS = word_set(_WORDS, "time_units")
COMPARATIVES = word_table(_WORDS, "comparatives")
GIVEN_WITH = word_table(_WORDS, "given_with")
REPORT_PARTICIPLES = word_set(_WORDS, "report_participles")
SILENCING_TOOLS = word_set(_WORDS, "silencing_tools")
TOOL_TARGET_WORDS = word_set(_WORDS, "tool_target_words")
ANTIBODY_WORDS = word_set(_WORDS, "antibody_words")
DIMENSION_WORDS = word_set(_WORDS, "dimension_words")
EFFICACY_WORDS = word_set(_WORDS, "efficacy_words")
EFFICACY_PREPOSITIONS = word_set(_WORDS, "efficacy_prepositions")
GIVEN_HEADS = word_set(_WORDS, "given_heads")
PLACING_NOUNS = word_set(_WORDS, "placing_nouns")
