"""Fixtures for the real-browser tests: the app served by ``streamlit run`` and Debian's Chromium.

One app server per test module (it is the slow part); each test gets a fresh browser context, i.e. a
new user with no cookies or session. Workspaces go to a temporary data directory, while the paper index
is the real default one (``CAUSEWAY_INDEX_DIR``), as a user's would be.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator

import pytest

from browser_support import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    REPO_ROOT,
    AppServer,
    free_port,
    server_command,
    server_env,
    wait_idle,
    wait_until_served,
)


def default_index_dir():
    from engine.settings import Settings

    return Settings().resolved_index_dir


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    data_dir = tmp_path_factory.mktemp("causeway-data")
    index_dir = default_index_dir()
    port = free_port()
    log_path = data_dir / "streamlit.log"
    with open(log_path, "wb") as log:
        started = time.monotonic()
        process = subprocess.Popen(server_command(port), cwd=REPO_ROOT, env=server_env(data_dir, index_dir),
                                   stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            url = f"http://127.0.0.1:{port}/"
            first_page_s = wait_until_served(url, process, started)
            yield AppServer(url=url, data_dir=data_dir, index_dir=index_dir, first_page_s=first_page_s,
                            started=started)
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
    server_log = log_path.read_text(errors="replace")
    # Expected failures are logged as one line; a traceback means a page met an unexpected one.
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
    context = browser.new_context(viewport={"width": 1500, "height": 1100}, accept_downloads=True)
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
