"""Named workspaces of graphs in a real database, through SQLAlchemy 2 (DESIGN §8).

SQLite in the data directory by default (``Settings().resolved_database_url``); any SQLAlchemy URL
works, e.g. PostgreSQL for a team. Every save appends a version, so nothing a user saved is lost: a save
is validated before it touches the database and runs in one transaction, so a bad or failed save leaves
the last good graph in place. Each call opens a short session of its own, which suits Streamlit reruns
on several threads; the store object owns its engine (no module-level cache).

Beside its graph a version keeps a *state* (the scenario and whatever else the session saves with
it, as JSON the caller defines) and the workspace keeps its *view* (what is shown, not versioned).
A save may name the version it was based on: when another session has saved a newer one meanwhile,
the save is kept aside as a version of its own, the newer one stays current, and the caller is told
(nothing is dropped, nothing is overwritten without a choice). Columns added since a database was
created are added to it on opening.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import filelock
from pydantic import BaseModel
from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    func,
    inspect,
    select,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship
from sqlalchemy.pool import StaticPool

from engine.model.graph import Graph, GraphError

MAX_NAME_LENGTH = 200
# A save that races another save of the same workspace (same next version number) is retried.
_SAVE_ATTEMPTS = 3


class WorkspaceError(GraphError):
    """A workspace operation that cannot be done; the message says which workspace and why.

    A GraphError, so callers that show GraphError messages to the user (the app does) show these too.
    """


class WorkspaceNotFound(WorkspaceError):
    pass


class WorkspaceExists(WorkspaceError):
    pass


class WorkspaceInfo(BaseModel):
    name: str
    updated_at: datetime
    node_count: int
    edge_count: int
    version: int


class VersionInfo(BaseModel):
    version: int
    saved_at: datetime
    node_count: int
    edge_count: int
    note: str = ""
    kept_aside: bool = False  # saved while a newer version was current; never made current by that save


class Snapshot(BaseModel):
    """One version of a workspace as saved: the graph, its state and (for the current one) the view."""

    name: str
    version: int
    graph: Graph
    state: dict[str, Any] | None = None
    view: dict[str, Any] | None = None


class SaveResult(BaseModel):
    """What a save did: ``version`` is the version written (or the unchanged current one);
    ``current`` is False when it was kept aside because ``latest`` had been saved meanwhile."""

    version: int
    current: bool = True
    latest: int


class _Base(DeclarativeBase):
    pass


class _Workspace(_Base):
    __tablename__ = "causeway_workspaces"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME_LENGTH), unique=True)
    graph_json: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer)
    node_count: Mapped[int] = mapped_column(Integer)
    edge_count: Mapped[int] = mapped_column(Integer)
    state_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    view_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    versions: Mapped[list[_Version]] = relationship(
        back_populates="workspace", cascade="all, delete-orphan", passive_deletes=True
    )


class _Version(_Base):
    __tablename__ = "causeway_workspace_versions"
    __table_args__ = (UniqueConstraint("workspace_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    workspace_id: Mapped[int] = mapped_column(
        ForeignKey("causeway_workspaces.id", ondelete="CASCADE"), index=True
    )
    version: Mapped[int] = mapped_column(Integer)
    graph_json: Mapped[str] = mapped_column(Text)
    node_count: Mapped[int] = mapped_column(Integer)
    edge_count: Mapped[int] = mapped_column(Integer)
    note: Mapped[str] = mapped_column(String(500), default="")
    state_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    kept_aside: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    saved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    workspace: Mapped[_Workspace] = relationship(back_populates="versions")


def _utc(moment: datetime) -> datetime:
    """SQLite returns naive datetimes; everything stored here is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _checked_name(name: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise WorkspaceError("a workspace needs a non-empty name")
    cleaned = name.strip()
    if len(cleaned) > MAX_NAME_LENGTH:
        raise WorkspaceError(f"workspace name is too long ({len(cleaned)} characters, at most {MAX_NAME_LENGTH})")
    return cleaned


def _checked_json(graph: Graph) -> str:
    """The graph's JSON, proven to read back as the same valid graph before anything is written."""
    if not isinstance(graph, Graph):
        raise GraphError(f"only a Graph can be saved, not {type(graph).__name__}")
    graph.validate_shapes()
    text = graph.to_json(indent=None)
    refusal = "the graph does not survive a JSON round trip (a NaN or infinite number?); not saved"
    try:
        reread = Graph.from_json(text)
    except GraphError as exc:
        raise GraphError(f"{refusal}: {exc}") from exc
    if reread != graph:
        raise GraphError(refusal)
    return text


def _checked_state(state: dict[str, Any] | None, what: str = "state") -> str | None:
    """A state or view as JSON text (keys sorted, so an unchanged one compares equal)."""
    if state is None:
        return None
    try:
        return json.dumps(state, sort_keys=True, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise GraphError(f"the workspace {what} is not plain JSON ({exc}); not saved") from exc


def _read_state(text: str | None) -> dict[str, Any] | None:
    return None if text is None else json.loads(text)


class WorkspaceStore:
    """Named graphs with their version history in the database at ``database_url``.

    ``lock_timeout_s``: how long an SQLite writer waits for another one before failing.
    """

    def __init__(self, database_url: str, lock_timeout_s: float = 30.0) -> None:
        try:
            url = make_url(database_url)
        except ArgumentError as exc:
            raise WorkspaceError(f"not a database URL: {database_url!r}") from exc
        self._display_url = url.render_as_string(hide_password=True)
        options: dict[str, Any] = {}
        database_file: Path | None = None
        if url.get_backend_name() == "sqlite":
            # Several Streamlit sessions may write at once; wait for the lock instead of failing.
            options["connect_args"] = {"timeout": lock_timeout_s, "check_same_thread": False}
            if not url.database or url.database == ":memory:":
                # One shared connection, or every thread would see its own empty in-memory database.
                options["poolclass"] = StaticPool
            elif not url.database.startswith("file:"):
                database_file = Path(url.database)
                database_file.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._engine: Engine = create_engine(url, **options)
        except (ArgumentError, ImportError) as exc:
            raise WorkspaceError(f"cannot use database {self._display_url}: {exc}") from exc
        if url.get_backend_name() == "sqlite":
            event.listen(self._engine, "connect", _sqlite_connect)
            event.listen(self._engine, "begin", _sqlite_begin)
        try:
            with _first_open_lock(database_file, lock_timeout_s):
                if database_file is not None:
                    _refuse_an_empty_file(database_file)
                _create_schema(self._engine)
        except SQLAlchemyError as exc:
            cause = getattr(exc, "orig", None) or exc
            raise WorkspaceError(f"cannot open the workspace database {self._display_url}: {cause}") from exc
        except filelock.Timeout as exc:
            raise WorkspaceError(f"another program kept the workspace database {self._display_url} locked") from exc

    def close(self) -> None:
        self._engine.dispose()

    # --- reading ------------------------------------------------------------------------------
    def list(self) -> list[WorkspaceInfo]:
        """All workspaces, most recently updated first."""
        with self._transaction() as session:
            rows = session.scalars(select(_Workspace).order_by(_Workspace.updated_at.desc(), _Workspace.name))
            return [
                WorkspaceInfo(
                    name=row.name,
                    updated_at=_utc(row.updated_at),
                    node_count=row.node_count,
                    edge_count=row.edge_count,
                    version=row.version,
                )
                for row in rows
            ]

    def exists(self, name: str) -> bool:
        with self._transaction() as session:
            return self._find(session, _checked_name(name)) is not None

    def load(self, name: str) -> Graph:
        name = _checked_name(name)
        with self._transaction() as session:
            return self._parse(self._get(session, name).graph_json, f"workspace {name!r}")

    def snapshot(self, name: str, version: int | None = None) -> Snapshot:
        """The current version (with the view), or the saved ``version`` (without it)."""
        name = _checked_name(name)
        with self._transaction() as session:
            workspace = self._get(session, name)
            if version is None or version == workspace.version:
                graph = self._parse(workspace.graph_json, f"workspace {name!r}")
                return Snapshot(name=name, version=workspace.version, graph=graph,
                                state=_read_state(workspace.state_json), view=_read_state(workspace.view_json))
            row = self._get_version(session, name, version)
            graph = self._parse(row.graph_json, f"workspace {name!r} version {version}")
            return Snapshot(name=name, version=version, graph=graph, state=_read_state(row.state_json))

    def current_version(self, name: str) -> int:
        name = _checked_name(name)
        with self._transaction() as session:
            return self._get(session, name).version

    def versions(self, name: str, limit: int | None = None) -> list[VersionInfo]:
        """The saved versions of a workspace, newest first (the ``limit`` newest when given).
        Only the listed columns are read, not the graphs: every edit is a version."""
        name = _checked_name(name)
        with self._transaction() as session:
            workspace = self._get(session, name)
            query = (
                select(_Version.version, _Version.saved_at, _Version.node_count, _Version.edge_count, _Version.note,
                       _Version.kept_aside)
                .where(_Version.workspace_id == workspace.id)
                .order_by(_Version.version.desc())
                .limit(limit)
            )
            return [
                VersionInfo(
                    version=row.version,
                    saved_at=_utc(row.saved_at),
                    node_count=row.node_count,
                    edge_count=row.edge_count,
                    note=row.note,
                    kept_aside=bool(row.kept_aside),
                )
                for row in session.execute(query)
            ]

    def load_version(self, name: str, version: int) -> Graph:
        name = _checked_name(name)
        with self._transaction() as session:
            row = self._get_version(session, name, version)
            return self._parse(row.graph_json, f"workspace {name!r} version {version}")

    # --- writing ------------------------------------------------------------------------------
    def save(
        self,
        name: str,
        graph: Graph,
        note: str = "",
        state: dict[str, Any] | None = None,
        based_on: int | None = None,
        new: bool = False,
    ) -> SaveResult:
        """Create or update a workspace; appends a version unless graph and state are unchanged.

        ``based_on``: the version the caller's graph was made from. When another save made a newer
        version current meanwhile, this one is kept aside as a version of its own and the newer
        one stays current (``SaveResult.current`` is False). ``new``: only create; an existing
        workspace of that name raises WorkspaceExists and is left untouched.

        Raises GraphError for an invalid graph and WorkspaceError for a bad name or a database
        failure; either way the previously saved graph is untouched.
        """
        name = _checked_name(name)
        text, state_text = _checked_json(graph), _checked_state(state)
        return self._write(name, text, state_text, (len(graph.nodes), len(graph.edges)), note, based_on, new)

    def save_state(self, name: str, state: dict[str, Any] | None, based_on: int, note: str = "") -> SaveResult:
        """Save a new state with the graph of version ``based_on`` unchanged (a toggle of the
        scenario): as ``save`` with that graph, without serialising and checking it again."""
        name, state_text = _checked_name(name), _checked_state(state)
        with self._transaction() as session:
            row = self._get_version(session, name, based_on)
            text, counts = row.graph_json, (row.node_count, row.edge_count)
        return self._write(name, text, state_text, counts, note, based_on, False)

    def _write(self, name: str, text: str, state_text: str | None, counts: tuple[int, int], note: str,
               based_on: int | None, new: bool) -> SaveResult:
        """``_save_once``, again when a concurrent save took the same version number first."""
        for attempt in range(1, _SAVE_ATTEMPTS + 1):
            try:
                return self._save_once(name, text, state_text, counts, note, based_on, new)
            except IntegrityError as exc:
                if new and self.exists(name):
                    raise WorkspaceExists(f"a workspace named {name!r} already exists") from exc
                if attempt == _SAVE_ATTEMPTS:
                    raise WorkspaceError(f"could not save {name!r}: other saves kept conflicting ({exc.orig})") from exc
        raise AssertionError("unreachable")

    def _save_once(
        self,
        name: str,
        text: str,
        state_text: str | None,
        counts: tuple[int, int],
        note: str,
        based_on: int | None,
        new: bool,
    ) -> SaveResult:
        now = datetime.now(UTC)
        with self._transaction() as session:
            # The row lock makes concurrent saves of one workspace take turns on PostgreSQL (SQLite
            # has one writer anyway), so each reads the version the previous one wrote.
            workspace = session.scalar(select(_Workspace).where(_Workspace.name == name).with_for_update())
            if workspace is not None and new:
                raise WorkspaceExists(f"a workspace named {name!r} already exists: choose another name")
            if workspace is None:
                if based_on is not None:
                    raise WorkspaceNotFound(f"workspace {name!r} was deleted meanwhile; save it under a name")
                workspace = _Workspace(
                    name=name, graph_json=text, version=0, node_count=0, edge_count=0, created_at=now, updated_at=now
                )
                session.add(workspace)
                session.flush()
            elif (workspace.graph_json, workspace.state_json) == (text, state_text):
                return SaveResult(version=workspace.version, latest=workspace.version)
            aside = based_on is not None and based_on != workspace.version
            latest = session.scalar(select(func.max(_Version.version)).where(_Version.workspace_id == workspace.id))
            number = (latest or 0) + 1
            if aside:
                note = f"kept aside: made from v{based_on} while v{workspace.version} was saved elsewhere; {note}"
            session.add(
                _Version(
                    workspace_id=workspace.id,
                    version=number,
                    graph_json=text,
                    state_json=state_text,
                    node_count=counts[0],
                    edge_count=counts[1],
                    note=note[:500],
                    kept_aside=aside,
                    saved_at=now,
                )
            )
            if aside:
                return SaveResult(version=number, current=False, latest=workspace.version)
            workspace.graph_json, workspace.state_json, workspace.version = text, state_text, number
            workspace.node_count, workspace.edge_count = counts
            workspace.updated_at = now
            return SaveResult(version=number, latest=number)

    def save_view(self, name: str, view: dict[str, Any] | None) -> None:
        """Remember what the workspace shows (not a version: the view is not part of the history)."""
        name = _checked_name(name)
        view_text = _checked_state(view, "view")
        with self._transaction() as session:
            workspace = self._get(session, name)
            if workspace.view_json != view_text:
                workspace.view_json = view_text

    def restore(self, name: str, version: int) -> Snapshot:
        """Make an old version current again, as a new version (the history keeps everything)."""
        old = self.snapshot(name, version)
        result = self.save(name, old.graph, note=f"restored version {version}", state=old.state)
        return old.model_copy(update={"version": result.version, "view": None})

    def rename(self, old: str, new: str) -> None:
        old, new = _checked_name(old), _checked_name(new)
        if old == new:
            return
        try:
            with self._transaction() as session:
                workspace = self._get(session, old)
                if self._find(session, new) is not None:
                    raise WorkspaceExists(f"cannot rename {old!r}: a workspace named {new!r} already exists")
                workspace.name = new
                workspace.updated_at = datetime.now(UTC)
        except IntegrityError as exc:  # a concurrent save created the new name first
            raise WorkspaceExists(f"cannot rename {old!r}: a workspace named {new!r} already exists") from exc

    def delete(self, name: str) -> None:
        """Delete a workspace and its whole history."""
        name = _checked_name(name)
        with self._transaction() as session:
            workspace = self._get(session, name)
            session.delete(workspace)

    # --- helpers ------------------------------------------------------------------------------
    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        """One short transaction, committed on success; database failures become WorkspaceError."""
        try:
            with Session(self._engine, expire_on_commit=False) as session, session.begin():
                yield session
        except IntegrityError:
            raise
        except SQLAlchemyError as exc:
            cause = getattr(exc, "orig", None) or exc
            raise WorkspaceError(f"the workspace database {self._display_url} failed: {cause}") from exc

    @staticmethod
    def _find(session: Session, name: str) -> _Workspace | None:
        return session.scalar(select(_Workspace).where(_Workspace.name == name))

    def _get(self, session: Session, name: str) -> _Workspace:
        workspace = self._find(session, name)
        if workspace is None:
            raise WorkspaceNotFound(f"no workspace named {name!r}")
        return workspace

    def _get_version(self, session: Session, name: str, version: int) -> _Version:
        workspace = self._get(session, name)
        row = session.scalar(
            select(_Version).where(_Version.workspace_id == workspace.id, _Version.version == version)
        )
        if row is None:
            raise WorkspaceNotFound(f"workspace {name!r} has no version {version}")
        return row

    @staticmethod
    def _parse(text: str, what: str) -> Graph:
        try:
            return Graph.from_json(text)
        except GraphError as exc:
            raise WorkspaceError(f"{what} holds a graph that no longer validates: {exc}") from exc


# The key of the PostgreSQL advisory lock that makes creating the tables one program's job at a time.
_SCHEMA_LOCK_KEY = 0x43415553  # "CAUS"


def _create_schema(engine: Engine) -> None:
    """Create the tables and add missing columns, once even when several programs open a fresh
    database at the same moment. PostgreSQL: under a transaction-scoped advisory lock (its DDL is
    transactional, so the second program finds the tables made). Elsewhere, where a lost race
    shows as "already exists", the schema is checked again after a failure."""
    if engine.dialect.name == "postgresql":
        with engine.begin() as connection:
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_SCHEMA_LOCK_KEY})")
            _Base.metadata.create_all(connection)
            _add_missing_columns(connection)
        return
    try:
        with engine.begin() as connection:
            _Base.metadata.create_all(connection)
            _add_missing_columns(connection)
    except SQLAlchemyError:  # another program created them meanwhile: check again, fail if still wrong
        with engine.begin() as connection:
            _Base.metadata.create_all(connection)
            _add_missing_columns(connection)


def _first_open_lock(database_file: Path | None, timeout_s: float) -> AbstractContextManager[object]:
    """For an SQLite file: one program at a time checks it and creates its tables, so that a file
    another program has just created (0 bytes until its first write) is never taken for an empty one."""
    if database_file is None:
        return nullcontext()
    return filelock.FileLock(f"{database_file}.lock", timeout=timeout_s)


def _refuse_an_empty_file(path: Path) -> None:
    """An SQLite database file of 0 bytes opens as an empty store: every workspace would silently be
    gone. Said instead, with the way out (a truncated copy, a crash, or a file made by hand)."""
    if path.is_file() and path.stat().st_size == 0:
        raise WorkspaceError(
            f"the workspace database {path} is an empty file (0 bytes): no workspace can be read from it; "
            "restore it from a backup, or delete it to start with no workspaces"
        )


def _add_missing_columns(connection: Any) -> None:
    """Add the columns this version of the tables has and an older database lacks (all nullable,
    so old rows read as having no state, no view and not kept aside)."""
    inspector = inspect(connection)
    for table in _Base.metadata.sorted_tables:
        present = {column["name"] for column in inspector.get_columns(table.name)}
        for column in table.columns:
            if column.name not in present and column.nullable:
                kind = column.type.compile(dialect=connection.dialect)
                connection.exec_driver_sql(f'ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}')


def _sqlite_connect(dbapi_connection: Any, _record: object) -> None:
    # SQLAlchemy, not the sqlite3 module, decides when transactions begin (see _sqlite_begin).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    # Foreign keys so deleting a workspace deletes its versions; WAL so readers do not block a writer.
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    # Take the write lock at the start: two deferred transactions that both read and then write
    # deadlock in SQLite ("database is locked") instead of waiting for each other.
    connection.exec_driver_sql("BEGIN IMMEDIATE")
