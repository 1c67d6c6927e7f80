"""Fixtures for the real-browser tests: the app served by ``streamlit run`` and Debian's Chromium.

One app server per test module (it is the slow part); each test gets a fresh browser context, i.e. a
new user with no cookies or session. Workspaces go to a temporary data directory, while the paper index
is the real default one (``CAUSEWAY_INDEX_DIR``), as a user's would be.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "tests" / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run",
]
SERVER_START_LIMIT_S = 60.0

pytestmark = pytest.mark.browser


@dataclass
class AppServer:
    url: str
    data_dir: Path
    index_dir: Path
    first_page_s: float  # from the run command to the first page served


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_until_served(url: str, process: subprocess.Popen, started: float) -> float:
    while time.monotonic() - started < SERVER_START_LIMIT_S:
        if process.poll() is not None:
            raise RuntimeError(f"streamlit exited with status {process.returncode} before serving")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200 and b"<html" in response.read().lower():
                    return time.monotonic() - started
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"the app did not serve {url} within {SERVER_START_LIMIT_S:.0f} s")


def default_index_dir() -> Path:
    from engine.settings import Settings

    return Settings().resolved_index_dir


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    data_dir = tmp_path_factory.mktemp("causeway-data")
    index_dir = default_index_dir()
    port = _free_port()
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "CAUSEWAY_DATA_DIR": str(data_dir),
        "CAUSEWAY_INDEX_DIR": str(index_dir),
    }
    command = [
        str(REPO_ROOT / ".venv" / "bin" / "streamlit"), "run", "app.py",
        "--server.address", "127.0.0.1", "--server.port", str(port), "--server.headless", "true",
        "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none",
    ]
    log_path = data_dir / "streamlit.log"
    with open(log_path, "wb") as log:
        started = time.monotonic()
        process = subprocess.Popen(command, cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        try:
            url = f"http://127.0.0.1:{port}/"
            first_page_s = _wait_until_served(url, process, started)
            yield AppServer(url=url, data_dir=data_dir, index_dir=index_dir, first_page_s=first_page_s)
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
    server_log = log_path.read_text(errors="replace")
    # Tracebacks belong in the server log, but any there mean a page met an unexpected failure.
    assert "Traceback" not in server_log, server_log[-4000:]


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, app_server: AppServer, request: pytest.FixtureRequest):
    """A new user's tab on the app; records dialogs (an ``alert`` would mean injected script ran)."""
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    tab.dialogs = []
    tab.on("dialog", lambda dialog: (tab.dialogs.append(dialog.message), dialog.dismiss()))
    tab.goto(app_server.url)
    wait_idle(tab)
    yield tab
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
    tab.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    context.close()


def wait_idle(tab, timeout_ms: int = 60_000) -> None:
    """Wait until the script run finished and every graph iframe has drawn its canvas."""
    tab.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=timeout_ms)
    tab.wait_for_function(
        """() => [...document.querySelectorAll('iframe[title="streamlit_agraph.agraph"]')].every(
               f => f.contentDocument && f.contentDocument.querySelector('canvas'))""",
        timeout=timeout_ms,
    )
