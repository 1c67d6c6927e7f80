"""Toggle to relabelled drawing, in the browser: the Graph page with a whole 40-node graph drawn.

Starts ``streamlit run app.py`` on a free port (workspaces in a temporary folder), drives Debian's
Chromium headless, imports a pipeline-shaped random graph (``bench/relabel.py``'s ``pipeline`` series)
through the sidebar, opens the Graph page, and then clicks the source's setting back and forth. Each
sample is timed inside the page, from the click to:

- ``drawn``: the drawing's data holds the new caption of a downstream node whose label the toggle
  changes, and vis-network's next animation frame (the one that paints it) has run;
- ``table``: the labels table under the drawing shows that node's new label.

The first two toggles warm up and are not counted. Prints medians (and min/max) in milliseconds.

Usage: ``python bench/app_toggle.py [--nodes 40] [--toggles 20] [--seed 7] [--json]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests" / "browser")]

from browser_support import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    DRAWING_PROBE_JS,
    free_port,
    go_to,
    import_graph,
    probe_drawing,
    server_command,
    server_env,
    settle,
    wait_idle,
    wait_until_served,
)
from relabel import pipeline_graph  # noqa: E402

from bench.results import write_results  # noqa: E402
from engine.model.graph import Graph, Scenario  # noqa: E402
from engine.solver.reasoner import label_graph  # noqa: E402
from engine.explain.drawing import short_value  # noqa: E402
from ui.graph_view import value_text  # noqa: E402

WARM_UP = 2
OPTIONS = {"quantity": ("decreasing", "increasing"), "state": ("inactive", "active")}

# Runs in the page: the network is found as DRAWING_PROBE_JS finds it, in the graph's iframe.
TOGGLE_JS = """
async ([container, option, node, caption, tableLabel, nodeName]) => {
  const frame = document.querySelector('iframe[title="streamlit_agraph.agraph"]');
  const win = frame.contentWindow;
  const network = win.__causewayNetwork;
  const button = [...document.querySelectorAll(container + ' button')].find(b => b.innerText.trim() === option);
  const tableShows = () => [...document.querySelectorAll('[data-testid="stMarkdownContainer"] table tr')].some(
      r => r.cells.length > 2 && r.cells[0].innerText.trim() === nodeName && r.cells[2].innerText.trim() === tableLabel);
  const t0 = performance.now();
  const drawn = new Promise(resolve => {
    const poll = () => {
      const current = network.body.nodes[node] && network.body.nodes[node].options.label;
      if (current && current.split('\\n')[1] === caption) win.requestAnimationFrame(() => resolve(performance.now() - t0));
      else win.requestAnimationFrame(poll);
    };
    poll();
  });
  const table = new Promise(resolve => {
    const check = () => tableShows() ? resolve(performance.now() - t0) : requestAnimationFrame(check);
    requestAnimationFrame(check);
  });
  const limit = new Promise((_, reject) => setTimeout(() => reject(new Error('no relabel within 30 s')), 30000));
  button.click();
  return await Promise.race([Promise.all([drawn, table]), limit]);
}
"""

# Keeps the network found by the probe on the iframe's window, for TOGGLE_JS.
EXPOSE_JS = DRAWING_PROBE_JS.replace("const scale = network.getScale();",
                                     "window.__causewayNetwork = network; const scale = network.getScale();")


def bench_graph(nodes: int, seed: int) -> tuple[Graph, str, dict[str, tuple[str, str]]]:
    """The graph, the node the toggle is read on, and that node's label per source setting (as the
    drawing shows it, as the labels table shows it)."""
    rng = random.Random(seed)
    graph = pipeline_graph(nodes, 1.2, rng)
    graph = graph.model_copy(update={"question": f"bench: toggle a {nodes}-node graph"})
    source = graph.node(graph.sources[0])
    labellings = {
        option: label_graph(graph, Scenario(interventions={source.id: option})) for option in OPTIONS[source.kind]
    }
    first, second = (labellings[o].labels for o in OPTIONS[source.kind])
    changed = [n.id for n in graph.nodes if n.id != source.id and first[n.id].label != second[n.id].label]
    if not changed:
        raise SystemExit(f"seed {seed}: no node changes with the source; try another --seed")
    watched = changed[-1]
    return graph, watched, {option: (short_value(labellings[option].labels[watched]),
                                     value_text(labellings[option].labels[watched])) for option in OPTIONS[source.kind]}


def run(nodes: int, toggles: int, seed: int) -> dict:
    from playwright.sync_api import sync_playwright

    graph, watched, expected = bench_graph(nodes, seed)
    work = Path(tempfile.mkdtemp(prefix="causeway-bench-"))
    graph_file = work / "graph.json"
    graph_file.write_text(graph.to_json())
    port = free_port()
    started = time.monotonic()
    with open(work / "streamlit.log", "wb") as log:
        server = subprocess.Popen(server_command(port), cwd=ROOT, env=server_env(work, work / "no-index"),
                                  stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_until_served(url, server, started)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            tab = browser.new_context(viewport={"width": 1500, "height": 1100}).new_page()
            tab.set_default_timeout(60_000)
            tab.goto(url)
            wait_idle(tab)
            _open(tab, graph_file)
            drawing = probe_drawing(tab)
            if drawing["nodes"] != nodes:
                raise SystemExit(f"{drawing['nodes']} nodes drawn, expected {nodes}")
            tab.query_selector('iframe[title="streamlit_agraph.agraph"]').content_frame().evaluate(EXPOSE_JS)
            samples = _toggle(tab, graph, watched, expected, toggles + WARM_UP)[WARM_UP:]
            browser.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
    drawn = [s[0] for s in samples]
    table = [s[1] for s in samples]
    return {
        "nodes": nodes, "edges": len(graph.edges), "toggles": len(samples),
        "min_node_text_px": round(min(drawing["text_px"]), 1),
        "drawn_median_ms": round(statistics.median(drawn), 1),
        "drawn_min_ms": round(min(drawn), 1), "drawn_max_ms": round(max(drawn), 1),
        "table_median_ms": round(statistics.median(table), 1),
        "load_average": os.getloadavg()[0],
    }


def _open(tab, graph_file: Path) -> None:
    import_graph(tab, graph_file)
    go_to(tab, "Graph")


def _toggle(tab, graph: Graph, watched: str, expected: dict[str, tuple[str, str]], count: int) -> list[tuple[float, float]]:
    source = graph.sources[0]
    name = graph.node(watched).label
    samples = []
    options = list(expected)
    for i in range(count):
        option = options[i % 2]
        samples.append(tuple(tab.evaluate(TOGGLE_JS, [f".st-key-graph_page_set_{source}", option, watched,
                                                       *expected[option], name])))
        settle(tab)
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=40)
    parser.add_argument("--toggles", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 2
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    result = run(args.nodes, args.toggles, args.seed)
    print(json.dumps(result, indent=2) if args.json else
          " | ".join(f"{key} {value}" for key, value in result.items()))
    if (args.nodes, args.toggles, args.seed) == (40, 20, 7):  # the default run is the one on record
        write_results("app_toggle", "App", ".venv/bin/python bench/app_toggle.py --nodes 40 --toggles 20", [
            {"figure": "browser: toggle click to relabelled drawing, 40 nodes", "value": result["drawn_median_ms"],
             "unit": "ms", "decimals": 0, "target": {"at_most": 300},
             "note": f"median; min {result['drawn_min_ms']:.0f}, max {result['drawn_max_ms']:.0f}; "
                     f"load average {result['load_average']:.1f}"},
        ])
    return 0


if __name__ == "__main__":
    sys.exit(main())
