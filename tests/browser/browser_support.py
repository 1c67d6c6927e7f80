"""Helpers for the real-browser tests: starting the app server and waiting for the page to settle."""

from __future__ import annotations

import os
import re
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


# Runs inside the agraph iframe: finds the vis-network instance behind the canvas (react-graph-vis keeps
# it in a state hook of its component, reached through React's fibre on the container) and reports,
# for the drawing as fitted at the default zoom, the on-screen height of every node's text (font size x
# zoom), how many nodes are drawn, whether each node box lies inside the canvas, and whether navigation
# buttons exist.
DRAWING_PROBE_JS = """
() => {
  const container = document.querySelector('.vis-network');
  let element = container, fibre = null;
  while (element && !fibre) {
    const key = Object.keys(element).find(k => k.startsWith('__reactInternalInstance') || k.startsWith('__reactFiber'));
    if (key) fibre = element[key]; else element = element.parentElement;
  }
  let network = null;
  for (; fibre && !network; fibre = fibre.return) {
    for (let hook = fibre.memoizedState; hook && typeof hook === 'object' && !network; hook = hook.next) {
      const value = hook.memoizedState;
      if (value && typeof value.getScale === 'function') network = value;
    }
  }
  const scale = network.getScale();
  const canvas = container.querySelector('canvas').getBoundingClientRect();
  const nodes = Object.values(network.body.nodes).filter(n => !n.isCluster && network.body.nodeIndices.includes(n.id));
  const inside = nodes.every(n => {
    const box = network.getBoundingBox(n.id);
    const a = network.canvasToDOM({x: box.left, y: box.top}), b = network.canvasToDOM({x: box.right, y: box.bottom});
    return a.x >= -1 && a.y >= -1 && b.x <= canvas.width + 1 && b.y <= canvas.height + 1;
  });
  return {
    scale: scale,
    text_px: nodes.map(n => n.options.font.size * scale),
    edge_text_px: Object.values(network.body.edges).map(e => e.options.font.size * scale),
    nodes: nodes.length,
    node_ids: nodes.map(n => n.id),
    labels: nodes.map(n => n.options.label),
    inside: inside,
    navigation_buttons: document.querySelectorAll('.vis-navigation .vis-button').length,
    canvas: [canvas.width, canvas.height],
  };
}
"""


def graph_frames(tab) -> list:
    """The agraph iframes of the page, in document order."""
    return [element.content_frame() for element in tab.query_selector_all('iframe[title="streamlit_agraph.agraph"]')]


def probe_drawing(tab, index: int = 0) -> dict:
    """What ``DRAWING_PROBE_JS`` reports for the ``index``-th graph on the page."""
    tab.wait_for_function("n => document.querySelectorAll('iframe[title=\"streamlit_agraph.agraph\"]').length > n",
                          arg=index)
    frame = graph_frames(tab)[index]
    frame.wait_for_function("() => document.querySelector('.vis-network canvas')")
    return frame.evaluate(DRAWING_PROBE_JS)


def go_to(tab, title: str) -> None:
    """Open a page from the sidebar's navigation and wait until it has run."""
    tab.get_by_test_id("stSidebarNav").get_by_text(title, exact=True).click()
    tab.wait_for_function("t => document.querySelector('h1') && document.querySelector('h1').innerText === t",
                          arg=title)
    settle(tab)


def import_graph(tab, path: Path) -> None:
    """Import a graph file through the sidebar and open it, as a user would."""
    sidebar = tab.get_by_test_id("stSidebar")
    sidebar.get_by_text("Import a graph").click()
    sidebar.locator(".st-key-workspace_import input[type=file]").set_input_files(str(path))
    settle(tab)
    sidebar.get_by_role("button", name="Open the imported graph").click()
    settle(tab)


def first_example(tab):
    """The first example question's button, by its key: the page's first button can be another
    (a workspace's, in the sidebar, once an earlier test has saved one on the same server)."""
    return tab.locator(".st-key-ask_example_0 button")


def ask_first_example(tab, timeout_ms: int) -> str:
    """Put the first example question in the box, ask it and wait for the answer; returns it."""
    example = first_example(tab)
    question = example.inner_text()
    example.click()
    settle(tab)
    tab.get_by_role("button", name="Ask", exact=True).click()
    # On a loaded machine the rerun may start after settle's first poll, and a cold server's first
    # question takes tens of seconds: wait for its outcome (a graph, or a message) before settling.
    outcome = tab.get_by_text(re.compile(r"^Graph: \d+ nodes")).or_(tab.get_by_test_id("stAlert"))
    outcome.first.wait_for(timeout=timeout_ms)
    settle(tab, timeout_ms=timeout_ms)
    return question


def upload_chain_table(tab, folder: Path) -> None:
    """Upload a 300-row table of a three-node chain (exercise lowers oxidative stress, which raises
    neuronal death) on the Data page, and wait until it is read."""
    import numpy as np

    rng = np.random.default_rng(3)
    exercise = rng.uniform(-1, 1, 300)
    stress = -1.5 * exercise + rng.uniform(-1, 1, 300)
    death = 2.0 * stress + rng.uniform(-1, 1, 300)
    table = folder / "measurements.csv"
    table.write_text("exercise,oxidative stress,neuronal death\n" + "\n".join(
        f"{a:.4f},{b:.4f},{c:.4f}" for a, b, c in zip(exercise, stress, death, strict=True)))
    go_to(tab, "Data")
    tab.locator(".st-key-data_upload input[type=file]").set_input_files(str(table))
    tab.get_by_text("300 rows × 3 columns").wait_for()
    settle(tab)
