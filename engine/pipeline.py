"""The question pipeline (DESIGN §5): Cora's multi-round loop from a question to a cited answer.

``ask`` runs Analyze, then rounds of Discover → Extract → Interpret → Verify → Integrate, then Label
and Answer. Each step is a function with typed input and output below; ``ask`` only sequences them,
reports ``ProgressEvent``s through ``on_event`` and records a ``Trace`` (queries, passages,
annotations, kept edges, pruned claims with the reason).

Round 1 queries (a) sources with targets, (b) each source, (c) each target. Later rounds query around
the open frontier that Integrate returns: nodes reached from the sources only are queried with the
targets, nodes that reach the targets only with the sources, and the best of each side together.
While the graph links source and target only directly (or only through hubs and diseases), a round
first asks for intermediates: source and target together with each of the strongest frontier nodes,
so that a mechanism can be found and stated beside the direct edge.
When every such pairing was asked already, a round asks the frontier nodes alone, reaching one step
beyond them. Beside the searches, each round reads the sentences whose stored claims state a name as a
cause or an effect (``engine.assembly.stated``): round 1 what the sources cause and what causes the targets, later
rounds the same for the strongest frontier nodes; a search ranks those low when the name is frequent.
The loop stops when a source–target mechanism is established and a round adds no node to a path, when
no frontier is left to query, when a chain links the question and its rounds (``connected_rounds``)
are spent, or when the round budget is spent.

A question is answered when the answer can state how its source reaches its target: a direct edge, a
mechanism or an established chain (``engine.explain.mechanism.find_routes``). When the graph links them only by
routes the answer disowns (through a disease or a generic word, across a disputed sign, on too many
single readings), the target's label rests on nothing the answer would say, and the question is
abstained on with that reason; the graph is still returned and shown (``require_route`` turns this off).
"""

from __future__ import annotations

import time
import weakref
from dataclasses import dataclass
from functools import lru_cache
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field

from engine.model.annotations import Annotation, format_annotation, interpret
from engine.explain.answer import Answer, explain
from engine.backends import ExtractedClaim, LanguageBackend, begin_question, get_backend, take_fallbacks
from engine.backends.base import Fallback, evidence_of, fallback_note
from engine.assembly.identity import LibraryAbbreviations, may_define, spelled_out, title_abbreviations
from engine.assembly.concepts import default_grounder, famplex_grounder
from engine.assembly.integrate import Integration, Integrator, PrunedClaim
from engine.explain.mechanism import UNSTATABLE_ROUTES, disputed_route, disputed_steps, find_routes
from engine.explain.one_sided import one_sided_edges
from engine.model.graph import Graph, Labelling, Scenario
from engine.questions.analyze import QuestionAnalysis
from engine.reading.rules import find_abbreviations
from engine.assembly.agreement import LLM, PARSE, RULES, cross_check, mark_possible, with_reader
from engine.reading.parse.reader import with_abbreviations
from engine.reading.parse.store import ClaimStore, store_for
from engine.solver.reasoner import label_graph
from engine.settings import PipelineSettings, Settings
from engine.assembly.stated import StatedClaims, stated_claims
from engine.ondemand import OnDemand, PubMedTrace
from engine.assembly.verify import VerifyResult, verify

if TYPE_CHECKING:
    from retrieval.index import PaperIndex, Passage

# Frontier names queried per side and round. 8 rather than 5 once question entities stopped absorbing
# loosely matched names (BENCHMARKS.md: tune answered 40 -> 47, right 26 -> 33; held-out right unchanged).
FRONTIER_PER_SIDE = 8
PAIRED_FRONTIER = 3
# The library's abbreviations are read once per index (398 papers: about 1.4 s). Past this many papers
# a first question would wait too long, and only each paper's own definitions count.
LIBRARY_ABBREVIATIONS_MAX_DOCUMENTS = 5_000


class ProgressEvent(BaseModel):
    step: str
    round: int = 0
    counts: dict[str, int] = Field(default_factory=dict)
    message: str = ""


class Query(BaseModel):
    round: int
    purpose: str
    text: str
    passages: int = 0
    stated: Literal["", "cause", "effect"] = Field(
        "", description="not a search: the sentences whose stored claims state this name as a cause or an effect")
    toward: list[str] = Field(default_factory=list, description="of a look-up: the names whose claims with this "
                              "name come first (the other side's frontier and the question's other ends)")


class TracePassage(BaseModel):
    round: int
    query: str
    doc_id: str
    title: str
    sentence_index: int
    sentence: str
    score: float


class TraceAnnotation(BaseModel):
    round: int
    line: str
    doc_id: str
    sentence: str
    reading: str = Field(description="the edge shape Interpret gives it, e.g. influence(quantity → quantity, -)")
    contested: bool = False


class Trace(BaseModel):
    backend: str = ""
    rounds: int = 0
    stop_reason: str = ""
    queries: list[Query] = Field(default_factory=list)
    passages: list[TracePassage] = Field(default_factory=list)
    annotations: list[TraceAnnotation] = Field(default_factory=list)
    edges_kept: list[str] = Field(default_factory=list)
    pruned: list[PrunedClaim] = Field(default_factory=list)
    seconds: dict[str, float] = Field(default_factory=dict)
    fallbacks: list[Fallback] = Field(default_factory=list, description="steps done offline in place of the model")
    pubmed: PubMedTrace | None = Field(None, description="fetching on demand from PubMed, when it is on")


class AskResult(BaseModel):
    question: str
    abstained: bool
    reason: str = ""
    sources: list[str] = Field(default_factory=list, description="node ids of the question's sources")
    targets: list[str] = Field(default_factory=list, description="node ids of the question's targets")
    analysis: QuestionAnalysis
    graph: Graph
    labelling: Labelling
    answer: Answer
    trace: Trace


@dataclass
class Retrieved:
    """A passage with the query that found it, and the sentence before it in its paper (where known)."""

    passage: Passage
    query: str
    round: int
    before: str | None = None


# --- the steps ---------------------------------------------------------------------------------

def analyze(question: str, backend: LanguageBackend) -> QuestionAnalysis:
    return backend.analyze(question)


def plan_queries(
    round_: int, sources: list[str], targets: list[str], forward: list[str], backward: list[str],
    asked: set[str], seek_intermediates: bool = False, context: str = "",
) -> list[Query]:
    """The queries of a round: the question itself first, then the open frontier (names, not ids).
    ``seek_intermediates``: no mechanism links the question yet, so a later round first asks for the
    strongest frontier nodes between source and target. When every pairing of a later round was asked
    already, the frontier nodes are asked alone, so the next step beyond them can be read. ``context``
    (the people the question asks about) is searched with the question itself."""
    planned: list[Query] = []
    if round_ > 1 and seek_intermediates:
        planned += [Query(round=round_, purpose="intermediates between the sources and targets", text=f"{s} {m} {t}")
                    for m in dict.fromkeys(forward[:PAIRED_FRONTIER] + backward[:PAIRED_FRONTIER])
                    for s in sources for t in targets]
    if round_ == 1:
        planned += [Query(round=1, purpose="how the sources affect the targets", text=f"{s} {t} {context}".strip())
                    for s in sources for t in targets]
        planned += [Query(round=1, purpose="effects of the sources", text=s) for s in sources]
        planned += [Query(round=1, purpose="causes of the targets", text=t) for t in targets]
    else:
        planned += [Query(round=round_, purpose="frontier from the sources → targets", text=f"{f} {t}")
                    for f in forward[:FRONTIER_PER_SIDE] for t in targets]
        planned += [Query(round=round_, purpose="sources → frontier of the targets", text=f"{s} {b}")
                    for b in backward[:FRONTIER_PER_SIDE] for s in sources]
        planned += [Query(round=round_, purpose="between the two frontiers", text=f"{f} {b}")
                    for f in forward[:PAIRED_FRONTIER] for b in backward[:PAIRED_FRONTIER]]
    fresh = _not_asked(planned, asked)
    if round_ > 1 and not fresh:
        # Every pairing was asked: reach one step further from each frontier node on its own.
        fresh = _not_asked(
            [Query(round=round_, purpose="effects of the frontier from the sources", text=f)
             for f in forward[:FRONTIER_PER_SIDE]]
            + [Query(round=round_, purpose="causes of the frontier of the targets", text=b)
               for b in backward[:FRONTIER_PER_SIDE]], asked)
    return fresh


def _not_asked(planned: list[Query], asked: set[str]) -> list[Query]:
    """The queries not asked before (compared without case and spacing, a look-up apart from a search
    of the same words); they count as asked now."""
    fresh: list[Query] = []
    for query in planned:
        key = (f"{query.stated}: " if query.stated else "") + " ".join(query.text.lower().split())
        if key not in asked:
            asked.add(key)
            fresh.append(query)
    return fresh


def plan_stated(
    round_: int, sources: list[str], targets: list[str], forward: list[str], backward: list[str], asked: set[str],
) -> list[Query]:
    """The stored-claim look-ups of a round (``engine.assembly.stated``): round 1 the sentences stating what the
    sources cause and what causes the targets, later rounds the same for the strongest frontier nodes
    (what the forward frontier causes, what causes the backward frontier), each name once. A claim that
    reaches the other side (the targets and what causes them, for a cause) comes first."""
    causes, effects = (sources, targets) if round_ == 1 else (forward[:PAIRED_FRONTIER], backward[:PAIRED_FRONTIER])
    planned = [Query(round=round_, purpose="stated effects", text=name, stated="cause", toward=targets + backward)
               for name in causes]
    planned += [Query(round=round_, purpose="stated causes", text=name, stated="effect", toward=sources + forward)
                for name in effects]
    return _not_asked(planned, asked)


def discover(
    index: PaperIndex, queries: list[Query], k: int, seen: set[tuple[str, int]],
    stated: StatedClaims | None = None, stated_k: int = 0,
) -> list[Retrieved]:
    """Search every query (a stored-claim look-up in ``stated``, up to ``stated_k`` sentences, for a
    ``Query.stated`` one); passages already read in an earlier query or round are skipped."""
    found: list[Retrieved] = []
    papers: dict[str, list[str]] = {}  # each paper's sentences, fetched from the index once a round
    searched = iter(index.search_many([query.text for query in queries if not query.stated], k=k))
    for query in queries:
        if query.stated:
            passages = stated.stating(query.text, query.stated, stated_k, seen, query.toward) \
                if stated is not None else []
        else:
            passages = next(searched)
        for passage in passages:
            key = (passage.doc_id, passage.sentence_index)
            query.passages += 1
            if key in seen:
                continue
            seen.add(key)
            found.append(Retrieved(passage=passage, query=query_label(query), round=query.round,
                                   before=sentence_before(index, passage, papers)))
    return found


def sentence_before(index: PaperIndex, passage: Passage, papers: dict[str, list[str]]) -> str | None:
    """The sentence before the passage in its paper (a definite noun there may name its antecedent);
    ``papers`` keeps the sentences of the papers already fetched."""
    if passage.sentence_index <= 0:
        return None
    if passage.doc_id not in papers:
        try:
            papers[passage.doc_id] = index.document(passage.doc_id).sentences
        except KeyError:
            papers[passage.doc_id] = []
    sentences = papers[passage.doc_id]
    return sentences[passage.sentence_index - 1] if passage.sentence_index <= len(sentences) else None


def query_label(query: Query) -> str:
    """The query as the trace and the evidence show it: its words, or the name a look-up stated."""
    return f"{query.text} (stated as {'a cause' if query.stated == 'cause' else 'an effect'})" \
        if query.stated else query.text


def abbreviations_for(
    index: PaperIndex, doc_ids: Sequence[str], cache: dict[str, dict[str, str]],
) -> dict[str, dict[str, str]]:
    """Short → long forms each document defines, or uses spelled by its title (``title_abbreviations``),
    read once per document."""
    for doc_id in doc_ids:
        if doc_id not in cache:
            document = index.document(doc_id)
            defined = defined_in(" ".join(document.sentences))
            cache[doc_id] = {**title_abbreviations(document.title, document.sentences, defined), **defined}
    return {doc_id: cache[doc_id] for doc_id in doc_ids}


def defined_in(text: str) -> dict[str, str]:
    """The short → long forms a text defines whose short form can abbreviate the long one
    (``engine.assembly.identity.may_define``): a citation or a cut long form read as a definition joins nothing."""
    return dict(_definitions(text))


@lru_cache(maxsize=4096)
def _definitions(text: str) -> tuple[tuple[str, str], ...]:
    """Kept per text, as every question reads the same papers' definitions again; a tuple, so that
    no caller can change what the next one is given."""
    return tuple((short, long) for short, long in find_abbreviations(text).items() if may_define(short, long))


_library_tables: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def library_abbreviations(index: PaperIndex) -> LibraryAbbreviations:
    """The abbreviations the whole library defines (``engine.assembly.identity.LibraryAbbreviations``), read
    once per index and size."""
    size = len(index)  # counted without listing a large (sharded) library's documents
    found = _library_tables.get(index)
    if found is not None and found[0] == size:
        return found[1]
    if size > LIBRARY_ABBREVIATIONS_MAX_DOCUMENTS:
        return LibraryAbbreviations()
    # the definitions only: a short form a title spells is that paper's alone (``abbreviations_for``)
    table = LibraryAbbreviations((document.id, short, long) for document in index.documents()
                                 for short, long in defined_in(" ".join(document.sentences)).items())
    _library_tables[index] = (size, table)
    return table


def extract(
    backend: LanguageBackend, retrieved: list[Retrieved], graph: Graph,
    abbreviations: Mapping[str, dict[str, str]], claim_store: ClaimStore | None = None,
) -> list[ExtractedClaim]:
    """The backend's claims; with a ``claim_store``, cross-checked with the parse reader's claims
    of the same passages (``cross_check``: which readers found each claim)."""
    passages = [r.passage for r in retrieved]
    query_of = {(r.passage.doc_id, r.passage.sentence): r.query for r in retrieved}
    reader = LLM if backend.name == "openai" else RULES
    # A claim tagged already keeps its reader: an offline stand-in for the model is the rule reader.
    claims = [c if c.evidence.readers else with_reader([c], reader)[0]
              for c in backend.extract(passages, graph, abbreviations)]
    if claim_store is not None:
        claims = cross_check(claims, parse_claims(claim_store, retrieved, abbreviations))
    return [
        claim.model_copy(update={"annotation": with_spelled_out_aliases(
                                     with_defined_aliases(claim.annotation), abbreviations.get(claim.evidence.doc_id)),
                                 "evidence": claim.evidence.model_copy(update={
                                     "query": query_of.get((claim.evidence.doc_id, claim.evidence.sentence), ""),
                                 })})
        for claim in claims
    ]


def with_spelled_out_aliases(annotation: Annotation, abbreviations: Mapping[str, str] | None) -> Annotation:
    """Each end named with a short form its paper defines among other words ("Postoperative AF")
    also carries that name spelled out ("Postoperative atrial fibrillation"), for Integrate to join."""
    if not abbreviations:
        return annotation
    update = {}
    for side in ("subject", "object"):
        aliases = getattr(annotation, f"{side}_aliases")
        found = spelled_out(getattr(annotation, side), abbreviations)
        if found is not None and found not in aliases:
            update[f"{side}_aliases"] = [*aliases, found]
    return annotation.model_copy(update=update) if update else annotation


def with_defined_aliases(annotation: Annotation) -> Annotation:
    """The annotation with only the aliases a definition can give each end (``may_define``): a reader's
    pairing of a name with a citation ("Bell") or a cut long form ("protein kinase") is dropped."""
    return annotation.model_copy(update={
        "subject_aliases": [a for a in annotation.subject_aliases if may_define(annotation.subject, a)],
        "object_aliases": [a for a in annotation.object_aliases if may_define(annotation.object, a)],
    })


def parse_claims(
    store: ClaimStore, retrieved: list[Retrieved], abbreviations: Mapping[str, dict[str, str]],
) -> list[ExtractedClaim]:
    """The parse reader's claims of the passages, looked up in the library's claim store; a claim
    that names an entity through the sentence before cites that sentence too."""
    found = store.claims([(r.before, r.passage.sentence) for r in retrieved])
    return [
        ExtractedClaim(annotation=a, evidence=evidence_of(r.passage).model_copy(
            update={"readers": [PARSE], "before": (r.before or "") if a.named_before else ""}))
        for r, annotations in zip(retrieved, found)
        for a in with_abbreviations(annotations, abbreviations.get(r.passage.doc_id))
    ]


def interpret_claims(claims: list[ExtractedClaim], round_: int) -> list[TraceAnnotation]:
    """Each annotation's edge shape by DESIGN §3 (Integrate re-reads it once node kinds are decided)."""
    readings = []
    for claim in claims:
        reading = interpret(claim.annotation)
        shape = (f"{reading.relation}({reading.subject_kind} → {reading.object_kind}, "
                 f"{'+' if reading.sign > 0 else '-'})")
        readings.append(TraceAnnotation(
            round=round_, line=format_annotation(claim.annotation), doc_id=claim.evidence.doc_id,
            sentence=claim.evidence.sentence, reading=shape, contested=claim.contested,
        ))
    return readings


def verify_claims(claims: list[ExtractedClaim]) -> VerifyResult:
    return verify(claims)


def integrate(integrator: Integrator, claims: list[ExtractedClaim], round_: int) -> Integration:
    integrator.add(claims, round_)
    return integrator.build()


def scenario_for(graph: Graph, analysis: QuestionAnalysis) -> Scenario:
    """The question's premise: sources active / increasing, or decreasing when the question says so."""
    scenario = Scenario.default_for(graph)
    if analysis.source_change == "decrease":
        kinds = graph.kinds()
        scenario.interventions = {
            node: ("decreasing" if kinds[node] == "quantity" else value)
            for node, value in scenario.interventions.items()
        }
    return scenario


def label(graph: Graph, scenario: Scenario, settings: Settings) -> Labelling:
    return label_graph(graph, scenario, time_limit_s=settings.solver.time_limit_s)


def write_answer(
    backend: LanguageBackend, question: str, graph: Graph, labelling: Labelling,
) -> Answer:
    return backend.write_answer(question, graph, labelling, explain(graph, labelling))


# --- the loop ----------------------------------------------------------------------------------

def ask(
    question: str,
    index: PaperIndex,
    settings: Settings,
    on_event: Callable[[ProgressEvent], None] | None = None,
    backend: LanguageBackend | None = None,
) -> AskResult:
    """Answer a causal question from the papers in ``index`` (open it once and pass it in)."""
    backend = backend or get_backend(settings)
    begin_question(backend)
    result = with_fallbacks(_ask(question, index, settings, on_event, backend), take_fallbacks(backend))
    return with_context_note(with_fetch_note(result))


def with_context_note(result: AskResult) -> AskResult:
    """The line saying whom the question asks about was searched for but not kept apart, as a footer."""
    if result.abstained or not result.analysis.context:
        return result
    return with_footer(result, f"The papers were searched {result.analysis.context}, but claims about other "
                               "people count too: each cited sentence says whom it studied.")


def with_fetch_note(result: AskResult) -> AskResult:
    """The one line saying PubMed could not be reached, as the answer's footer."""
    note = result.trace.pubmed.note if result.trace.pubmed is not None else ""
    return with_footer(result, note) if note else result


def with_fallbacks(result: AskResult, fallbacks: list[Fallback]) -> AskResult:
    """The steps done offline in place of the model, in the trace and as the answer's footer."""
    if not fallbacks:
        return result
    result = result.model_copy(update={"trace": result.trace.model_copy(update={"fallbacks": fallbacks})})
    return with_footer(result, fallback_note(fallbacks))


def with_footer(result: AskResult, note: str) -> AskResult:
    """The result with ``note`` as a paragraph under its answer's text."""
    answer = result.answer.model_copy(update={"text": f"{result.answer.text}\n\n{note}".lstrip()})
    return result.model_copy(update={"answer": answer})


def _ask(
    question: str, index: PaperIndex, settings: Settings, on_event: Callable[[ProgressEvent], None] | None,
    backend: LanguageBackend,
) -> AskResult:
    budget = settings.pipeline
    trace = Trace(backend=backend.name)
    timer = _Timer(trace)

    def emit(step: str, round_: int = 0, message: str = "", **counts: int) -> None:
        if on_event is not None:
            on_event(ProgressEvent(step=step, round=round_, counts=counts, message=message))

    emit("analyze", message="reading the question")
    with timer("analyze"):
        analysis = analyze(question, backend)
    if analysis.abstained:
        trace.stop_reason = "abstained at Analyze"
        emit("done", message=analysis.reason)
        graph, labelling = Graph(question=question), Labelling()
        return AskResult(question=question, abstained=True, reason=analysis.reason, analysis=analysis,
                         graph=graph, labelling=labelling, answer=explain(graph, labelling), trace=trace)

    abbreviation_cache: dict[str, dict[str, str]] = {}
    with timer("extract"):
        library = library_abbreviations(index)
    grounder = default_grounder() if budget.grounding else famplex_grounder()
    integrator = Integrator(question, analysis.sources, analysis.targets, max_nodes=budget.max_nodes,
                            library=library, grounder=grounder)
    integration = integrator.build()
    seen: set[tuple[str, int]] = set()
    asked: set[str] = set()
    with timer("discover"):
        claim_store, stated = claim_lookups(index, budget, grounder)
    on_demand = OnDemand(settings, index, question) if settings.pubmed.enabled else None
    trace.pubmed = on_demand.trace if on_demand is not None else None
    path_nodes: set[str] = set()
    has_mechanism = False
    for round_ in range(1, budget.rounds + 1):
        names = {node.id: node.label for node in integration.graph.nodes}
        forward = [names[n] for n in integration.forward_frontier]
        backward = [names[n] for n in integration.backward_frontier]
        queries = plan_queries(round_, analysis.sources, analysis.targets, forward, backward,
                               asked, seek_intermediates=integration.connected and not has_mechanism,
                               context=analysis.context)
        if queries and stated is not None:
            queries += plan_stated(round_, analysis.sources, analysis.targets, forward, backward, asked)
        if not queries:
            trace.stop_reason = "no open frontier left to query"
            break
        trace.rounds = round_
        if on_demand is not None:
            with timer("fetch"):
                grown = on_demand.round(round_, [q.text for q in queries if not q.stated],
                                        lambda message: emit("fetch", round_, message))
            if grown:  # the new papers' stored claims join the look-ups
                claim_store, stated = claim_lookups(index, budget, grounder)
        emit("discover", round_, f"searching {len(queries)} queries", queries=len(queries))
        with timer("discover"):
            retrieved = discover(index, queries, budget.passages_per_query, seen, stated, budget.stated_per_name)
        trace.queries += queries
        trace.passages += [
            TracePassage(round=round_, query=r.query, doc_id=r.passage.doc_id, title=r.passage.title,
                         sentence_index=r.passage.sentence_index, sentence=r.passage.sentence,
                         score=r.passage.score)
            for r in retrieved
        ]
        emit("extract", round_, f"reading {len(retrieved)} sentences", passages=len(retrieved))
        with timer("extract"):
            abbreviations = abbreviations_for(index, sorted({r.passage.doc_id for r in retrieved}),
                                              abbreviation_cache)
            claims = extract(backend, retrieved, integration.graph, abbreviations, claim_store)
        with timer("interpret"):
            trace.annotations += interpret_claims(claims, round_)
        emit("interpret", round_, annotations=len(claims))
        with timer("verify"):
            verified = verify_claims(claims)
        trace.pruned += [
            PrunedClaim(line=format_annotation(c.annotation), doc_id=c.evidence.doc_id,
                        sentence=c.evidence.sentence, reason=reason, round=round_)
            for c, reason in verified.pruned
        ]
        emit("verify", round_, kept=len(verified.kept), pruned=len(verified.pruned))
        with timer("integrate"):
            integration = integrate(integrator, verified.kept, round_)
        new_path_nodes = set(integration.distances) - path_nodes
        path_nodes |= set(integration.distances)
        has_mechanism = integration.connected and bool(find_routes(integration.graph, max_mechanisms=1).mechanisms)
        emit("integrate", round_, nodes=len(integration.graph.nodes), edges=len(integration.graph.edges),
             connected=int(integration.connected))
        if has_mechanism and not new_path_nodes:
            trace.stop_reason = f"a source–target mechanism is established and round {round_} added nothing to it"
            break
        # Searching on while the only chains are ones the answer cannot state found no statable route
        # on either half of bench/qa_eval.py (answered 13 / 11 either way) and cost time: stop here too.
        if integration.connected and round_ >= budget.connected_rounds:
            trace.stop_reason = f"a chain links the question, and {budget.connected_rounds} rounds are spent"
            break
    else:
        trace.stop_reason = f"the budget of {budget.rounds} rounds is spent"

    if on_demand is not None:
        on_demand.close()
    graph = mark_possible(integration.graph) if budget.cross_check else integration.graph
    trace.edges_kept = [edge.id for edge in graph.edges]
    trace.pruned += integration.pruned
    emit("label", message="labelling the graph", nodes=len(graph.nodes), edges=len(graph.edges))
    with timer("label"):
        labelling = label(graph, scenario_for(graph, analysis), settings)
    emit("answer", message="writing the answer")
    with timer("answer"):
        answer = write_answer(backend, question, graph, labelling)
    states_route = bool(find_routes(graph, max_mechanisms=1))
    # the disputed steps only where a dispute may be why no route is stated
    disputed = disputed_steps(graph, disputed_route(graph)) if integration.connected and not states_route else None
    reason = abstention_reason(analysis, integration.connected, states_route, budget, trace.rounds,
                               len(one_sided_edges(graph)), disputed)
    abstained = bool(reason)
    emit("done", message=reason or "answered", nodes=len(graph.nodes), edges=len(graph.edges))
    return AskResult(
        question=question, abstained=abstained, reason=reason, sources=graph.sources, targets=graph.targets,
        analysis=analysis, graph=graph, labelling=labelling, answer=answer, trace=trace,
    )


def claim_lookups(index: PaperIndex, budget: PipelineSettings, grounder) -> tuple[ClaimStore | None, StatedClaims | None]:
    """The library's claim store (with ``cross_check``) and its stated-claim look-ups (None without stored claims)."""
    claim_store = store_for(getattr(index, "index_dir", None)) if budget.cross_check else None
    stated = stated_claims(index, claim_store, LIBRARY_ABBREVIATIONS_MAX_DOCUMENTS, grounder) \
        if claim_store is not None and budget.stated_per_name else None
    if stated is not None and not len(stated):  # no stored claims (a library read without its store)
        stated = None
    return claim_store, stated


def abstention_reason(
    analysis: QuestionAnalysis, connected: bool, states_route: bool, budget: PipelineSettings, rounds: int,
    one_sided: int = 0, disputed: list[str] | None = None,
) -> str:
    """Why the question is not answered ("" when it is): no chain links its ends, or (with
    ``require_route``) every chain that does is one the answer cannot state as an explanation
    (``engine.explain.mechanism.find_routes``): its label would rest on a route the answer itself disowns.
    A question naming one side only is answered by the ``one_sided`` influences stated on that side;
    where a dispute alone keeps the nearest route out, the reason names its ``disputed`` steps."""
    sources, targets = ", ".join(analysis.sources), ", ".join(analysis.targets)
    if not sources or not targets:
        what = f"a cause of {targets}" if targets else f"an effect of {sources}"
        return "" if one_sided else f"no evidenced claim names {what} in the indexed papers after {rounds} round(s)"
    if not connected:
        return f"no chain of evidenced claims links {sources} to {targets} in the indexed papers after {rounds} round(s)"
    if budget.require_route and not states_route and disputed:
        return (f"{sources} reaches {targets} only by routes that state no mechanism: the nearest crosses "
                f"{'steps' if len(disputed) > 1 else 'a step'} the papers give both signs "
                f"({'; '.join(disputed)}) after {rounds} round(s)")
    if budget.require_route and not states_route:
        return (f"{sources} reaches {targets} only by routes that state no mechanism ({UNSTATABLE_ROUTES}) "
                f"after {rounds} round(s)")
    return ""


class _Timer:
    """Adds each step's wall time to the trace."""

    def __init__(self, trace: Trace) -> None:
        self._trace = trace
        self._step = ""
        self._start = 0.0

    def __call__(self, step: str) -> _Timer:
        self._step = step
        return self

    def __enter__(self) -> None:
        self._start = time.perf_counter()

    def __exit__(self, *exc: object) -> None:
        elapsed = time.perf_counter() - self._start
        self._trace.seconds[self._step] = round(self._trace.seconds.get(self._step, 0.0) + elapsed, 4)
