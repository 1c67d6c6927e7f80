"""Helpers for the real-browser tests: starting the app server and waiting for the page to settle."""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "tests" / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run",
]
SERVER_START_LIMIT_S = 60.0


@dataclass
class AppServer:
    url: str
    data_dir: Path
    index_dir: Path
    first_page_s: float  # from the run command to the first page served
    started: float  # time.monotonic() at the run command


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_served(url: str, process: subprocess.Popen, started: float) -> float:
    """Seconds from ``started`` until ``url`` answers with the app's HTML page."""
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


def server_command(port: int) -> list[str]:
    return [
        str(REPO_ROOT / ".venv" / "bin" / "streamlit"), "run", "app.py",
        "--server.address", "127.0.0.1", "--server.port", str(port), "--server.headless", "true",
        "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none",
    ]


def server_env(data_dir: Path, index_dir: Path) -> dict[str, str]:
    return {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "CAUSEWAY_DATA_DIR": str(data_dir),
        "CAUSEWAY_INDEX_DIR": str(index_dir),
    }


def wait_idle(tab, timeout_ms: int = 60_000) -> None:
    """Wait until the script run finished and every graph iframe has drawn its canvas."""
    tab.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=timeout_ms)
    tab.wait_for_function(
        """() => [...document.querySelectorAll('iframe[title="streamlit_agraph.agraph"]')].every(
               f => f.contentDocument && f.contentDocument.querySelector('canvas'))""",
        timeout=timeout_ms,
    )


def settle(tab, timeout_ms: int = 60_000) -> None:
    """After an action that reruns the script: wait for the rerun to start (if it is not already over)
    and then for the page to be idle again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        tab.wait_for_selector('[data-testid="stApp"][data-test-script-state="running"]', timeout=1_000)
    except PlaywrightTimeout:
        pass  # the run was quicker than the poll, or the action did not rerun
    wait_idle(tab, timeout_ms)
