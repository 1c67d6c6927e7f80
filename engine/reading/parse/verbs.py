"""Claims of causal verbs: "X inhibits Y", "Y is induced by X and Z", "X leads to increased Y",
"autophagy requires ATG5", "X negatively regulates Y", "TOR, a kinase that suppresses Y, ...",
"Y induced by X", "knocking out X prevents Y", "X was shown to increase Y", "X phosphorylates Y"
(Y's phosphorylation rises).

The verb's polarity comes from the shared lexicon (``engine.reading.language.lexicon``). The cause is the
subject (or the agent of a passive; for a relative clause the noun it describes, for a coordinated
or embedded verb the subject it shares), the effect the object (the subject of a passive, the
object of the particle of "lead to" and kin). Verbs whose object is the cause ("require",
"depend on") are turned round, and a verb of origin names its cause after its particle ("Y results
from X").
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from spacy.tokens import Doc, Token

from engine.reading.language import lexicon
from engine.reading.language.data_files import word_set
from engine.reading.rules import word_tests as rule_word_tests
from engine.reading.rules.vocabulary import EFFICACY_PREPOSITIONS, ROLE_NOUNS
from engine.reading.parse import means, misread_clauses, modality, patterns, perturbations, pronouns, restoring, \
    shielding
from engine.reading.parse.adjectival_verbs import misread_subject, next_clause, verb_like
from engine.reading.parse.claims import Claim, matched, pairs, respective
from engine.reading.parse.hosts import host_causes, names_a_host
from engine.reading.parse.change_words import change_noun_sign, has_change_word
from engine.reading.parse.phrases import Side, amount_phrase, apposed_across_a_clause, sides

_WORDS = Path(__file__).with_name("words.toml")

_SEQUEL_ADVERBS = word_set(_WORDS, "_sequel_adverbs")
_INDEFINITE = word_set(_WORDS, "_indefinite")

_POLARITY = {**{v: 1 for v in lexicon.INCREASE_VERBS}, **{v: -1 for v in lexicon.DECREASE_VERBS}}
_SIGNABLE_LEMMAS = word_set(_WORDS, "_signable_lemmas")
_SUBJECTS = frozenset({"nsubj", "csubj"})
_RELATIVE = word_set(_WORDS, "_relative")
EVENT_NOUNS = word_set(_WORDS, "event_nouns")
_RESIDUE_PLACES = word_set(_WORDS, "_residue_places")


def verb_claims(doc: Doc) -> list[Claim]:
    claims: list[Claim] = []
    for verb in doc:
        if verb.pos_ not in ("VERB", "AUX") and not verb.tag_.startswith("VB"):
            continue
        sign = base_sign(verb)
        if sign == 0 or modality.negated(verb) or modality.questioned(verb) or means.blocked(verb):
            continue
        cause_heads, effect_heads = roles(verb)
        if verb.lemma_.lower() in lexicon.REVERSED_VERBS:
            cause_heads, effect_heads = effect_heads, cause_heads
        effect_heads, sign = shielding.shielded(verb, effect_heads, sign)
        causes = _as_lowered(cause_sides(cause_heads), _lowered_antecedent(verb))
        # a means put forward ("a promising strategy to reduce Y") is what its proponents hope it does
        hedged = means.hedged(verb) or strategy_predicate(verb) is not None
        effects = [(effect, restoring.restoring_sign(verb, head, effect) if restoring.is_restoring(verb) else sign)
                   for head in effect_heads if not _bracketed_apart(verb, head)
                   for effect in _modified(verb, sides(_site_owner(verb, head)))]
        for cause, (effect, effect_sign) in matched(causes, effects, respective(verb)):
            claims += pairs([cause], effect_sign, [effect], hedged)
    return claims


def _lowered_antecedent(verb: Token) -> int:
    """"X lowers Y, which leads to Z" (or "deleting Y, which ..."): "which" is the lowering of Y for a
    verb of result or after "in turn" (-1); for another verb it may be Y or its lowering, and the
    readings' signs clash (0, no claim). 1 for every other clause."""
    noun = verb.head
    which = [s for s in patterns.subjects(verb, "nsubj") if s.lower_ == "which"]
    if verb.dep_ != "relcl" or noun.dep_ != "dobj" or not which or which[0].i < 1 \
            or verb.doc[which[0].i - 1].text != ",":
        return 1
    if base_sign(noun.head) >= 0 and perturbations.direction(noun.head) >= 0:
        return 1
    sequel = any(c.lower_ in _SEQUEL_ADVERBS or (c.lower_ == "in" and any(
        g.lower_ == "turn" for g in c.children)) for c in verb.children)
    return -1 if sequel or verb.lemma_.lower() in lexicon.RESULT_VERBS else 0


def _as_lowered(causes: list[Side], sign: int) -> list[Side]:
    return [replace(c, direction=c.direction * sign) for c in causes] if sign else []


def _bracketed_apart(verb: Token, head: Token) -> bool:
    """An object inside a bracket that the verb is outside of ("reducing the phenotype (delaying
    paralysis, decreasing gliosis)"): the bracket's list is its own clauses, misread as the object."""
    low, high = sorted((verb.i, head.i))
    depth = 0
    for token in verb.doc[low + 1:high]:
        depth += (token.text in ("(", "[")) - (token.text in (")", "]"))
    return depth != 0


def cause_sides(cause_heads: list[Token]) -> list[Side]:
    """The sides the cause heads name: "ubiquitylated by K63 linkages" names the bond, "rTg4510 mice
    reduced Y" the treated hosts, neither a cause; "Velk1-/- mice have reduced Y" names what was done
    to the hosts (``hosts.host_causes``)."""
    return [s for head in cause_heads if head.lower_ not in lexicon.LINKAGE_WORDS for s in _cause_sides(head)]


def _cause_sides(head: Token) -> list[Side]:
    done = host_causes(head)
    return done if done or head.lower_ in lexicon.HOST_NOUNS else sides(head)


def means_claims(doc: Doc) -> list[Claim]:
    """Claims of nouns of means ("X activates Y through inhibition of Z"), caused by the verb's doer."""
    return means.means_claims(doc, lambda verb: cause_sides(means.doers(_subjects(verb))))


def misread_claims(doc: Doc) -> list[Claim]:
    """Claims of verbs read as adjectives ("X lowers A, increasing B"), done by the clause's doer."""
    return misread_clauses.misread_claims(doc, lambda verb: cause_sides(_subjects(verb)),
                                          lambda doer: cause_sides([doer]))


def _modified(verb: Token, effects: list[Side]) -> list[Side]:
    """"X phosphorylates Y" changes Y's phosphorylation, not the amount of Y; "Y requires X for its
    clearance" changes Y's clearance (less Y), not Y."""
    modification = lexicon.MODIFYING_VERBS.get(verb.lemma_.lower()) or _needed_for(verb)
    if modification is None or _origins(verb):  # "Aβ is cleaved from APP": the product, no form of it
        return effects
    return [e if e.name.lower().endswith(modification.lower())
            else replace(e, name=f"{e.name} {modification}", state=False, aliases=())
            for e in effects]


def _site_owner(verb: Token, head: Token) -> Token:
    """"X phosphorylates Ser71 of Y", "... Ser71 in the catalytic site of Y": a verb of modification
    whose object is a residue modifies the protein the residue belongs to."""
    if verb.lemma_.lower() not in lexicon.MODIFYING_VERBS or not lexicon.is_site(head.text):
        return head
    places = [p for p in patterns.objects_after(head, "in") + patterns.objects_after(verb, "in")
              if p.lemma_.lower() in _RESIDUE_PLACES]
    owners = patterns.objects_after(head, "of") + [o for place in places for o in patterns.objects_after(place, "of")]
    return owners[0] if owners else head


def _needed_for(verb: Token) -> str | None:
    """The removal a verb of need names its cause needed for, when the removal is of the subject
    ("Y requires X for (its) clearance / degradation"); None for any other verb. Needed for another
    process ("for activation"), X still raises Y, as without it."""
    if verb.lemma_.lower() not in lexicon.REVERSED_VERBS:
        return None
    holders = [verb] + patterns.objects(verb)  # the parser may hang "for" on X
    processes = [g for holder in holders for g in patterns.objects_after(holder, "for")
                 if not any(k.dep_ == "prep" for k in g.children)]
    removals = [p for p in processes if p.lower_ in lexicon.NEEDED_REMOVALS]
    return removals[0].text if removals else None


def base_sign(verb: Token) -> int:
    """The verb's polarity: the lexicon's, or that of a signing adverb ("negatively regulates");
    0 for a verb that states no signed effect. A phrasal verb needs its particle."""
    lemma = verb.lemma_.lower()
    if restoring.is_restoring(verb):
        return 0 if restoring.converts(verb) else 1
    if lemma in _SIGNABLE_LEMMAS:
        adverbs = [lexicon.SIGNING_ADVERBS[c.lower_] for c in verb.children
                   if c.dep_ == "advmod" and c.lower_ in lexicon.SIGNING_ADVERBS]
        return adverbs[0] if adverbs else 0
    if _origins(verb):
        return 1
    if lemma in lexicon.PHRASAL:
        return lexicon.PHRASAL[lemma][1] if _particle_objects(verb) else 0
    return _POLARITY.get(lemma, 0)


def roles(verb: Token) -> tuple[list[Token], list[Token]]:
    """(cause heads, effect heads) of a verb."""
    origins = _origins(verb)
    if origins:  # a product's maker may be named beside its source ("generated from APP by BACE1")
        makers = [a for a in _agents(verb) if not _unnamed_process(a)]  # not "by sequential cleavage"
        return (origins + makers, _passive_effects(verb)) if _passive(verb) else (origins, _subjects(verb))
    if _passive(verb):
        return _agents(verb) or _tools(verb), _passive_effects(verb)
    # an object a misread verb opens ("reduced A and improved B") is that verb's (``misread_clauses``)
    effects = [c for c in patterns.objects(verb) if next_clause(c) is None]
    if verb.lemma_.lower() in lexicon.PHRASAL:
        effects = _particle_objects(verb)
    return _subjects(verb), effects


def _shared_subjects(passive: Token) -> list[Token]:
    """"Y is impaired in AD and is restored by X", "Y was induced by A and was blocked by B": a
    passive joined to the verb before it, with no subject of its own, is said of that verb's
    subject. Not when that verb has an object or a verb of its own (the passive is then said of its
    event: "Nicotine induced A and was mediated by B", "X appears to act on A and was abrogated by
    B"), nor for a verb of undoing whose own sign cannot undo that verb's change (``_undoes``), nor
    after a relative pronoun, whose noun the parse may have misplaced."""
    head = passive.head
    subjects = patterns.subjects(head, "nsubj", "nsubjpass") if verb_like(head) else []
    if not subjects or subjects[0].lower_ in _RELATIVE or head.dep_ == "relcl" \
            or any(c.dep_ in ("dobj", "xcomp") for c in head.children):
        return []
    if passive.lemma_.lower() in _UNDOING and not _undoes(passive, head):
        return []
    if any(patterns.objects(s) for s in subjects):
        return []  # a subject with an object of its own is a verb misread ("Misfolded tau proteins ...")
    return pronouns.resolved(_doers_of_misread(subjects), head)


def _undoes(passive: Token, head: Token) -> bool:
    """Does a verb of undoing, said of what the verb before it changed, move it against that change
    with its own sign ("induced by A and blocked by B": B lowers; "reduced by A and restored by B":
    B raises)? Not for a change it cannot undo by its sign ("upregulated and rescued by B"), nor an
    unsigned one ("altered by aging and restored by B")."""
    change = lexicon.VERB_FORMS.get(head.lower_, (None, 0, None))[1]
    if change == 0:
        return head.lemma_.lower() not in _ALTERING
    return base_sign(passive) == -change


def _origins(verb: Token) -> list[Token]:
    """What a verb of origin names as its source ("Y results from X", "Y resulting from X": X), or
    the passive of a verb of making ("Y is synthesized from X", "Y generated from X"); there neither
    the product nor the source is a cell or an organism ("neurons generated from stem cells", "Y is
    produced from astrocytes": where things come from, no amount)."""
    lemma = verb.lemma_.lower()
    particle = lexicon.ORIGIN_PARTICLES.get(lemma)
    if particle is not None:
        return patterns.objects_after(verb, particle)
    if lemma not in lexicon.MADE_FROM_VERBS or not _passive(verb) \
            or any(names_a_host(p.lower_) for p in _passive_subjects(verb)):
        return []
    return [source for source in patterns.objects_after(verb, "from") if not names_a_host(source.lower_)]


def _unnamed_process(noun: Token) -> bool:
    """"cleavage", "sequential processing": a process with no name of what does it."""
    return lexicon.process_head(noun.lower_) and not any(c.dep_ in ("compound", "nmod", "prep") for c in noun.children)


def _passive(verb: Token) -> bool:
    """A passive verb, a participle hung on a noun, or a participle with an agent joined to a
    passive before it ("Y was induced by A and blocked by B")."""
    return _passive_marked(verb) or (verb.dep_ == "acl" and verb.tag_ == "VBN") or \
        (verb.dep_ == "conj" and verb.tag_ == "VBN" and any(c.dep_ == "agent" for c in verb.children)
         and _passive_marked(verb.head))


def _passive_marked(verb: Token) -> bool:
    """A verb with a passive's subject or auxiliary."""
    return any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children)


def _passive_subjects(verb: Token) -> list[Token]:
    """What a passive is said of: its subject, or the noun a participle hangs on ("impairment of the
    proteasome induced by tau": the impairment, which the parser hung on what it is of)."""
    return [_change_above(verb.head)] if verb.dep_ == "acl" else patterns.subjects(verb, "nsubjpass")


def _passive_effects(verb: Token) -> list[Token]:
    """What a passive changes: its subject; for "Tarp, which is inhibited by Pomb", the noun the
    clause describes; for a passive joined to a verb, that verb's subject (``_shared_subjects``)."""
    effects = _passive_subjects(verb)
    if verb.dep_ == "relcl" and effects and effects[0].lower_ in _RELATIVE:
        described = _described(verb.head)
        return [described] if _trusted_antecedent(verb) and _said_of_the_noun(verb, described) else []
    if not effects and verb.dep_ == "conj":
        return _shared_subjects(verb)
    return effects


def _agents(verb: Token) -> list[Token]:
    """The agent of a passive after "by"; also where the parser hung "by" on the place before it
    ("Y was induced in astrocytes by X"); never an amount ("raised by 3-fold", "increased in mice by 50%")."""
    agents = [g for g in patterns.governed(verb, "agent", "agent") if not amount_phrase(g)]
    if agents:
        return agents
    return [g for g in patterns.governed(verb, "agent_after_place", "agent") if not amount_phrase(g)]


def _tools(verb: Token) -> list[Token]:
    """"Autophagy was induced with rapamycin": the tool of an experiment verb's passive, after "with"
    or "using" (not a dose: "with 10 mg/ml of X" names no agent by its number; nor a companion)."""
    if verb.lemma_.lower() not in lexicon.TOOL_VERBS:
        return []
    return [m["object"] for m in patterns.anchored(verb, "preposition_object")
            if m["preposition"].lower_ in lexicon.TOOL_MARKERS and not _accompanying(m["preposition"])
            and m["object"].pos_ != "NUM"]


def _accompanying(preposition: Token) -> bool:
    """"abolished, together with Y": "with" that joins a companion, not a tool."""
    before = preposition.doc[preposition.i - 1] if preposition.i > 0 else None
    return before is not None and before.lower_ in lexicon.COMPANION_WORDS


def _subjects(verb: Token) -> list[Token]:
    governing = means.governing_verb(verb)
    if governing is not None:
        return means.doers(_subjects(governing))  # "X clears Y by activating Z": X activates Z
    own = _doers_of_misread(patterns.subjects(verb, *_SUBJECTS))
    if any(_after_subject_pronoun(c) for c in own):
        return []  # "..., which mirrors enhanced Y": "mirrors" is the verb, misread as a noun
    if own:
        if own[0].lower_ in _RELATIVE and verb.dep_ == "relcl":
            return [_described(verb.head, verb)] if _trusted_antecedent(verb) else []
        return pronouns.resolved(own, verb)
    put_forward = strategy_predicate(verb)
    if put_forward is not None:  # "X is a strategy to reduce Y": X reduces Y
        return _doers_of_misread(patterns.subjects(put_forward, "nsubj"))
    if verb.dep_ == "relcl":
        return []
    if verb.dep_ == "acl" and verb.tag_ == "VBG":
        if _after_a_list(verb):
            return _clause_subjects(verb.head)
        if _bracketed(verb):
            return []  # "reducing the frailty phenotype (delaying paralysis, ...)": what the change was
        return [] if _in_place(verb.head) else [_change_above(verb.head)]  # "a drug inhibiting X"
    if _purpose(verb):  # "X acts with Y to prevent Z": X prevents Z, when X is named
        return [s for s in _subjects(verb.head) if _named_doer(s)]
    efficacy = _efficacy(verb)
    if efficacy is not None:  # "X was effective in reducing Y": the copula's subject reduces Y
        return _doers_of_misread(patterns.subjects(efficacy, "nsubj"))
    if verb.dep_ in ("conj", "xcomp") and verb.head.i != verb.i:
        head = verb.head
        if verb.dep_ == "xcomp" and head.lemma_.lower() in _CORRELATING:
            return []  # "X correlated to decreased Y" read as a clause: a correlation, not a doer
        if verb.dep_ == "conj" and _word_before_conjunct(verb):
            return []  # "A raises P and B lowers Q": B, misread, stands where the verb's subject is
        if verb.dep_ == "conj" and misread_subject(head) is not None:
            return _doers_of_misread([head])  # "X elevated levels of A and lowered B": X lowers B
        infinitive = _continued_infinitive(verb) if verb.dep_ == "conj" else None
        if infinitive is not None:
            return _subjects(infinitive)
        if verb.dep_ == "xcomp" and head.dep_ == "acomp" and head.pos_ == "ADJ":
            head = head.head  # "X is sufficient to induce Y", "X is able to lower Y": the copula's subject
        shared = _doers_of_misread(patterns.subjects(head, "nsubj", "nsubjpass", "csubj"))
        if verb.dep_ == "xcomp" and head.dep_ == "relcl" and shared and shared[0].lower_ in _RELATIVE:
            # "CHIP, which was found to increase Y": the noun the clause describes (an infinitive's only)
            described = _described(head.head)
            trusted = verb.tag_ == "VB" and described.pos_ in ("NOUN", "PROPN") and _trusted_antecedent(head)
            return [described] if trusted else []
        if verb.dep_ == "conj" and patterns.subjects(head, "nsubjpass"):
            return []  # "Y is bound by X and activates Z": the first verb's subject is its object
        if not shared and verb.dep_ == "conj" and verb.tag_ == "VBG" and head.tag_ == "VBG":
            return _subjects(head)  # "..., downregulating A and inducing B": one doer for both
        if not shared and verb.dep_ == "conj" and _continues_a_list(verb, head):
            return _subjects(head)
        return shared
    return []


def _efficacy(verb: Token) -> Token | None:
    """The copula of "X was (more) effective in reducing Y", "X is efficacious at lowering Y": a gerund
    after "in" or "at" on an adjective of efficacy that completes a copula; None for any other verb."""
    preposition = verb.head
    adjective = preposition.head
    if verb.dep_ != "pcomp" or verb.tag_ != "VBG" or preposition.lower_ not in EFFICACY_PREPOSITIONS \
            or adjective.lower_ not in _EFFICACY or adjective.dep_ != "acomp" or adjective.head.lemma_.lower() != "be":
        return None
    return None if modality.negated(adjective.head) or modality.negated(adjective) else adjective.head


def strategy_predicate(verb: Token) -> Token | None:
    """The predicate of "X is a (promising) strategy to reduce Y", "X may be a useful tool for (in)
    reducing Y", "X offers promise as a means of reducing Y": a verb that says what a noun of means is
    for, the noun the predicate's complement or its "as"; None for any other verb, or a predicate
    denied or asked."""
    noun = verb.head
    if verb.dep_ == "pcomp" and verb.tag_ == "VBG" and noun.lower_ in ("of", "for", "in"):
        noun = noun.head
    elif verb.dep_ not in ("relcl", "acl") or verb.tag_ != "VB" \
            or not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
        return None
    if noun.lemma_.lower() not in _STRATEGY_NOUNS:
        return None
    if noun.dep_ == "attr" and noun.head.lemma_ == "be":
        predicate = noun.head
    elif noun.dep_ == "pobj" and noun.head.lower_ == "as" and noun.head.head.pos_ == "VERB":
        predicate = noun.head.head  # "serves as", "offers promise as"
    else:
        return None
    return None if modality.negated(predicate) or modality.questioned(predicate) else predicate


def _purpose(verb: Token) -> bool:
    """An infinitive of purpose on an active main verb ("Pin1 accelerates cis-trans conversion to
    prevent the accumulation of Y"): the doer of the verb does what it is for. Not on a passive,
    whose doer is unnamed ("nAChRs need to be activated to mediate their effects"), nor in a
    relative clause, whose noun the parse may have misplaced."""
    head = verb.head
    return verb.dep_ == "advcl" and verb.tag_ == "VB" and head.i < verb.i and verb_like(head) \
        and head.dep_ not in ("relcl", "acl") and any(c.lower_ == "to" and c.dep_ == "aux" for c in verb.children) \
        and not _passive_marked(head)


def _named_doer(subject: Token) -> bool:
    """A doer named by a symbol ("Pin1", "IL-18", "Hsp70 system"), not a common noun ("neurons",
    "the channel", "slow release"), whose purpose clause more often says what it is for than what it does."""
    words = [subject, *(c for c in subject.lefts if c.dep_ in ("compound", "nmod"))]
    return any(rule_word_tests.symbol_like(w.text) for w in words) and not names_a_host(subject.lower_)


def _bracketed(verb: Token) -> bool:
    """The clause of ``verb`` opens right after a bracket."""
    start = verb.left_edge.i
    return start > 0 and verb.doc[start - 1].text == "("


def _continues_a_list(verb: Token, head: Token) -> bool:
    """"X was shown to lower A and improve B", "X shows A, raises B, and lowers C": the parser hangs
    the last verb of a list on the one before it, an infinitive or a member itself, which has no
    subject of its own; the list shares the doer of its first verb. Both verbs have the same form."""
    return head.dep_ in ("conj", "xcomp") and verb_like(head) and verb.tag_ == head.tag_ \
        and not _passive_marked(head)


def _continued_infinitive(verb: Token) -> Token | None:
    """"X was shown to lower A and improve B": a bare verb the parser joins to the verb above an
    infinitive (before it, with no subject of its own) continues that infinitive and shares its doer."""
    head = verb.head
    if verb.tag_ != "VB" or patterns.subjects(verb, *_SUBJECTS):
        return None
    return next((c for c in head.children if c.dep_ == "xcomp" and c.tag_ == "VB" and c.i < verb.i
                 and any(a.lower_ == "to" for a in c.children)), None)


def _doers_of_misread(subjects: list[Token]) -> list[Token]:
    """Each subject, or for a subject misread with its verb ("X elevated levels of A") the name
    before that verb; none where no name stands there (the phrase itself does nothing). A subject
    the model made the object of a past verb with a subject of its own ("X countered disruption of A,
    reduced B": "disruption" as the subject of "reduced") stands for that verb's subject."""
    doers: list[Token] = []
    for subject in subjects:
        clause = next((c for c in subject.lefts if c.dep_ == "amod" and c.tag_ == "VBD"
                       and any(d.pos_ in ("NOUN", "PROPN") for d in patterns.subjects(c, "nsubj"))), None)
        if clause is not None:
            doers += patterns.subjects(clause, "nsubj")
            continue
        misread = misread_subject(subject)
        doers += [subject] if misread is None else [misread[0]] if misread[0] is not None else []
    return doers


def _after_a_list(gerund: Token) -> bool:
    """"X clears Y by raising A, B and C, lowering D": a participle after a comma that the parser
    hangs on a list of nouns continues the clause's verbs; the list's members do not do it."""
    noun = gerund.head
    return gerund.i > 0 and gerund.doc[gerund.i - 1].text == "," and bool(noun.conjuncts)


def _clause_subjects(noun: Token) -> list[Token]:
    """The doers of the nearest clause above a noun: a means gerund's, or a verb's own subject."""
    token = noun
    while token.dep_ != "ROOT" and token.head.i != token.i:
        token = token.head
        if token.pos_ in ("VERB", "AUX") or token.tag_.startswith("VB"):
            return means.doers(_subjects(token))
    return patterns.subjects(token, *_SUBJECTS)


def _change_above(noun: Token) -> Token:
    """The noun of change a participle's noun is the object of ("a loss of Tarp leading to Y", "an
    impairment of autophagy resulting from X": the clause is said of the loss, not of Tarp), else the
    noun itself."""
    above = noun.head
    if noun.dep_ == "pobj" and above.lower_ in lexicon.CHANGE_PREPOSITIONS and change_noun_sign(above.head.lower_) != 0:
        return above.head
    if noun.dep_ == "appos" and change_noun_sign(above.lower_) != 0:
        return above  # "a decrease in BDNF mRNA expression resulting from X" parsed with the words apart
    return noun


def _in_place(noun: Token) -> bool:
    """"in models of obesity reducing X ...": a noun inside an "in" phrase names where, not who
    (a parser may hang the participle on it)."""
    token = noun
    while token.dep_ in ("pobj", "prep") and token.head.i != token.i:
        if token.dep_ == "prep" and token.lower_ in lexicon.INSIDE_PREPOSITIONS:
            return not _particle_of_its_verb(token)
        token = token.head
    return False


_SINGULAR_AUX = word_set(_WORDS, "_singular_aux")
_PLURAL_AUX = word_set(_WORDS, "_plural_aux")
_UNDOING = word_set(_WORDS, "_undoing")
_CORRELATING = word_set(_WORDS, "_correlating")
_EFFICACY = word_set(_WORDS, "_efficacy")
_STRATEGY_NOUNS = word_set(_WORDS, "_strategy_nouns")
_CONSEQUENCE_VERBS = word_set(_WORDS, "_consequence_verbs")
_ALTERING = word_set(_WORDS, "_altering")


def _said_of_the_noun(verb: Token, noun: Token) -> bool:
    """Is a passive relative clause said of ``noun`` rather than of the event before it? Not when
    its verb's number is not the noun's ("tau fragments, which was blocked by ..."), nor when it
    undoes the change a verb made to the noun ("inhibit proteasomal activity, which was blocked by")."""
    number = {a.lower_ for a in verb.children if a.dep_ in ("aux", "auxpass")}
    plural = noun.tag_ == "NNS"  # a common noun's number only: names are often tagged either way
    disagrees = (plural and number & _SINGULAR_AUX) or (not plural and number & _PLURAL_AUX)
    if noun.tag_ in ("NN", "NNS") and disagrees:
        return False
    changed_by_verb = noun.dep_ == "dobj" and lexicon.change_verb(noun.head.lower_)
    return not (changed_by_verb and verb.lemma_.lower() in _UNDOING and not has_change_word(noun))


def _particle_of_its_verb(preposition: Token) -> bool:
    """"resulted in paralysis": "in" is the particle of a verb of result, not a place."""
    particles = lexicon.PHRASAL.get(preposition.head.lemma_.lower(), ((),))[0]
    return preposition.lower_ in particles


def _trusted_antecedent(verb: Token) -> bool:
    """Can the noun a relative clause hangs on be what its pronoun stands for? Not when the noun
    renames a clause's event, when it names a place ("efflux into neurons, which leads to Y"), when
    it is an apposition whose head is unsure (``apposed_across_a_clause``), nor
    when it is the root of a parse that found no verb (the sentence's own verb was misread, and
    with it what the clause is about)."""
    noun = verb.head
    if _renames_a_clause(noun) or _in_place(noun) or apposed_across_a_clause(noun):
        return False
    return not (noun.dep_ == "ROOT" and noun.pos_ in ("NOUN", "PROPN") and not any(
        verb_like(t) for t in noun.doc if t not in verb.subtree and t.dep_ not in ("amod", "acl")))


def _after_subject_pronoun(subject: Token) -> bool:
    """A subject right after "which" / "who" (not "in which"): the pronoun is then left no role but
    the subject, so the word is the relative clause's own verb misread as a noun, and no name."""
    doc, i = subject.doc, subject.i
    return subject.lower_ not in _RELATIVE and i >= 1 and doc[i - 1].lower_ in lexicon.SUBJECT_RELATIVE_PRONOUNS \
        and not (i >= 2 and doc[i - 2].dep_ == "prep")


def _word_before_conjunct(verb: Token) -> bool:
    """Between a coordinated verb and the word that joins it ("and", a comma) stands a word the verb
    does not govern (adverbs and auxiliaries are its own): a subject of its own, misparsed."""
    joint = next((t.i for t in reversed(verb.doc[verb.head.i + 1:verb.i])
                  if t.dep_ == "cc" or t.text in (",", ";")), None)
    return joint is not None and any(t.head.i != verb.i for t in verb.doc[joint + 1:verb.i])


def _renames_a_clause(noun: Token) -> bool:
    """"X is reduced — an effect that contributes to Y": the apposed noun names the clause's event
    (X's fall), not X, and what that event does the noun it hangs on cannot say."""
    return noun.dep_ == "appos" and noun.lower_ in EVENT_NOUNS


def _described(noun: Token, clause: Token | None = None) -> Token:
    """The noun a relative clause describes; for an apposition, the noun it renames
    ("TOR, a kinase that ..."). A clause the parse hung on what a role noun is of describes the
    role's bearer ("PGJ2, a mediator of inflammation that promotes Y": the mediator, PGJ2); a clause
    of consequence hung on what a change is of describes the change ("the dampening of mTOR
    signaling, which elicits Y": less mTOR signaling elicits Y; "dysfunction of neural signaling, which
    leads to Y": the harm leads to Y; but "loss of TFEB, which activates Y" is said of TFEB)."""
    preposition = noun.head
    if noun.dep_ == "pobj" and preposition.lower_ == "of":
        governor = preposition.head
        consequence = clause is not None and clause.lemma_.lower() in _CONSEQUENCE_VERBS
        if governor.lower_ in ROLE_NOUNS or (consequence and (
                change_noun_sign(governor.lower_) != 0 or governor.lower_ in lexicon.DETRIMENT_WORDS)):
            noun = governor
    if noun.dep_ == "attr" and noun.head.lemma_ == "be":
        subjects = patterns.subjects(noun.head, "nsubj")
        return subjects[0] if len(subjects) == 1 and _classed_by(subjects[0], noun) else noun
    return noun.head if noun.dep_ == "appos" else noun


def _classed_by(subject: Token, attribute: Token) -> bool:
    """"Tau is a protein that promotes Y": a thing said to be one of a kind, so the clause on the kind
    is said of the thing; not where the sentence names the thing last ("One promising agent is
    arimoclomol, which raises Y", "The treatments are AChE inhibitors, which lower Y")."""
    def indefinite(noun: Token) -> bool:
        return any(c.dep_ in ("det", "nummod") and c.lower_ in _INDEFINITE for c in noun.children)
    process = change_noun_sign(subject.lower_) != 0 or subject.lower_ in lexicon.PROCESSES_OF_SOMETHING
    return indefinite(attribute) and not indefinite(subject) and not process  # ("degradation of X is a mechanism that")


def _particle_objects(verb: Token) -> list[Token]:
    """The objects of a phrasal verb's particle: "leads to Y", "gives rise to Y", "protects
    (neurons) against / from Y"."""
    lemma = verb.lemma_.lower()
    particles = lexicon.PHRASAL.get(lemma, ((),))[0]
    if not particles:
        return []
    wanted = set(lexicon.SHIELD_PARTICLES) if lemma == "protect" else {particles[-1]}
    holders = [verb] + [c for c in patterns.objects(verb) if c.lower_ in particles or lemma == "protect"]
    return [m["object"] for holder in holders for m in patterns.anchored(holder, "preposition_object")
            if m["preposition"].lower_ in wanted and not _stimulus(m["object"])]


def _stimulus(noun: Token) -> bool:
    """"results in Y in response to Z": "in response to" names the condition the result is seen
    under, no second thing resulted in."""
    return noun.lower_ == "response" and noun.head.lower_ == "in" \
        and any(c.dep_ == "prep" and c.lower_ == "to" for c in noun.children)
