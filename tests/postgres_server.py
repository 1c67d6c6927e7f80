"""A throwaway PostgreSQL server for tests: Debian's ``postgresql`` package, started in a temporary
directory on a free port of 127.0.0.1 and stopped (and deleted) at the end.

PostgreSQL refuses to run as root, so as root the server runs as the ``postgres`` user (``runuser``)
in a directory that user owns. ``start_server`` raises ``PostgresUnavailable`` with the reason when
the server cannot be had (not installed, no ``postgres`` user, it did not start), and the fixtures
skip with that reason.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from itertools import count
from pathlib import Path

_SERVER_USER = "postgres"
_SUPERUSER = "causeway"
_database_numbers = count(1)


class PostgresUnavailable(RuntimeError):
    pass


@dataclass
class PostgresServer:
    bin_dir: Path
    directory: Path
    port: int
    as_user: str | None  # run the server's programs as this user (when the tests run as root)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{_SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; its SQLAlchemy URL."""
        import psycopg

        name = f"causeway_test_{os.getpid()}_{next(_database_numbers)}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={_SUPERUSER} dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        _run(self, [str(self.bin_dir / "pg_ctl"), "-D", str(self.directory / "data"), "-m", "fast", "-w", "stop"],
             check=False)
        shutil.rmtree(self.directory, ignore_errors=True)


def _bin_dir() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    if not found:
        raise PostgresUnavailable("PostgreSQL is not installed (apt-get install postgresql)")
    return found[-1].parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _run(server: PostgresServer, command: list[str], check: bool = True) -> subprocess.CompletedProcess:
    if server.as_user:
        command = ["runuser", "-u", server.as_user, "--", *command]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if check and result.returncode != 0:
        raise PostgresUnavailable(f"{Path(command[-1] if server.as_user else command[0]).name} failed: "
                                  f"{(result.stderr or result.stdout).strip()[-500:]}")
    return result


def start_server() -> PostgresServer:
    try:
        import psycopg  # noqa: F401 - the driver the store's URL names
    except ImportError as exc:
        raise PostgresUnavailable(f"the psycopg driver is not installed ({exc})") from exc
    bin_dir = _bin_dir()
    as_user = None
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam(_SERVER_USER)
        except KeyError as exc:
            raise PostgresUnavailable("running as root and there is no 'postgres' user to run the server") from exc
        if shutil.which("runuser") is None:
            raise PostgresUnavailable("running as root and 'runuser' is missing")
        as_user = _SERVER_USER
    directory = Path(tempfile.mkdtemp(prefix="causeway-pg-"))
    if as_user:
        os.chown(directory, owner.pw_uid, owner.pw_gid)
    server = PostgresServer(bin_dir, directory, _free_port(), as_user)
    try:
        _run(server, [str(bin_dir / "initdb"), "-D", str(directory / "data"), "-U", _SUPERUSER,
                      "-A", "trust", "-E", "UTF8", "--no-sync"])
        options = f"-p {server.port} -k {directory} -c listen_addresses=127.0.0.1 -c fsync=off"
        _run(server, [str(bin_dir / "pg_ctl"), "-D", str(directory / "data"), "-o", options,
                      "-l", str(directory / "server.log"), "-w", "-t", "60", "start"])
    except (PostgresUnavailable, OSError, subprocess.TimeoutExpired) as exc:
        log = directory / "server.log"
        detail = log.read_text(errors="replace")[-500:] if log.exists() else ""
        server.stop()
        raise PostgresUnavailable(f"the PostgreSQL server did not start: {exc} {detail}".strip()) from exc
    return server
