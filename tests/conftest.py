"""Shared fixtures. Data from ../shared/data is optional: tests that need it skip with a reason."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data folder {SHARED_DATA} is absent")
    return SHARED_DATA


@pytest.fixture(scope="session")
def postgres_server():
    """A PostgreSQL server of our own for the whole test run (see tests/postgres_server.py); the
    tests that use it skip with the reason where it cannot start."""
    from postgres_server import PostgresUnavailable, start_server

    try:
        server = start_server()
    except PostgresUnavailable as exc:
        pytest.skip(f"no PostgreSQL server for the tests: {exc}")
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path):
    """A workspace store on SQLite (the default) and on a real PostgreSQL server (for teams): every
    test that takes it runs on both."""
    from engine.workspace.storage import WorkspaceStore

    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'nested' / 'workspaces.db'}"
    else:
        url = request.getfixturevalue("postgres_server").new_database()
    created = WorkspaceStore(url)
    yield created
    created.close()
