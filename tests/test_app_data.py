"""AppTest: the Data page — CSV upload, discovery, bad files, comparison and merge."""

from __future__ import annotations

import numpy as np
import pytest
from markdown_it import MarkdownIt

from app_graphs import smoking_graph
from app_harness import assert_clean, messages, new_app, open_graph_page, page_path, plain


def chain_csv(rows: int = 400, seed: int = 1) -> bytes:
    """oxidative stress → neuronal death, exercise → oxidative stress (−), with uniform noise."""
    rng = np.random.default_rng(seed)
    exercise = rng.uniform(-1, 1, rows)
    stress = -1.5 * exercise + rng.uniform(-1, 1, rows)
    death = 2.0 * stress + rng.uniform(-1, 1, rows)
    lines = ["exercise,oxidative stress,neuronal death"]
    lines += [f"{a:.5f},{b:.5f},{c:.5f}" for a, b, c in zip(exercise, stress, death, strict=True)]
    return ("\n".join(lines) + "\n").encode()


def _upload(app, name: str, data: bytes, mime: str = "text/csv"):
    app.file_uploader(key="data_upload").upload(name, data, mime).run()
    return app


def _discover(app, method: str = "lingam"):
    app.selectbox(key="discovery_method").set_value(method)
    next(b for b in app.button if b.label == "Discover").click().run(timeout=120)
    return app


@pytest.fixture
def data_page(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.switch_page(page_path("data")).run()
    assert_clean(app)
    return app


def test_uploaded_csv_gives_a_signed_discovered_graph(data_page):
    app = _upload(data_page, "chain.csv", chain_csv())
    assert_clean(app)
    assert any("400 rows × 3 columns" in str(m.value) for m in app.markdown)
    _discover(app)
    assert_clean(app)
    edges = app.table[0].value
    found = {(plain(a), plain(b)): sign for a, b, sign in zip(edges["from"], edges["to"], edges["sign"], strict=True)}
    assert plain(found.get(("exercise", "oxidative stress"), "")) == "−"
    assert plain(found.get(("oxidative stress", "neuronal death"), "")) == "+"
    # st.table reads cells as Markdown: the sign must render as the sign, not as a list bullet
    assert MarkdownIt().render(found[("oxidative stress", "neuronal death")]).strip() == "<p>+</p>"


def test_unreadable_table_is_a_clear_error(data_page):
    app = _upload(data_page, "bad.csv", b"\x00\x01\x02 not a table")
    assert not app.exception
    assert app.error and "bad.csv" in messages(app) and "binary" in messages(app)


def test_one_column_is_refused_with_a_message(data_page):
    app = _upload(data_page, "one.csv", b"a\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n")
    assert not app.exception
    assert app.error or app.warning
    assert "one.csv" in messages(app)


def test_discovered_graph_merges_into_the_literature_graph(monkeypatch, tmp_path):
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph())
    app.switch_page(page_path("data")).run()
    _upload(app, "chain.csv", chain_csv())
    _discover(app)
    assert_clean(app)
    app.button(key="data_merge").click().run()
    assert_clean(app)
    app.switch_page(page_path("graph")).run()
    assert_clean(app)
    origins = [o for o in app.selectbox(key="edge_pick").options if "data" in o]
    assert origins, app.selectbox(key="edge_pick").options


def test_after_a_merge_the_comparison_is_still_literature_against_data(monkeypatch, tmp_path):
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph())
    app.switch_page(page_path("data")).run()
    _upload(app, "chain.csv", chain_csv())
    app.number_input(key="data_resamples").set_value(0)
    _discover(app)
    before = [plain(str(m.value)) for m in app.markdown if "matched literature nodes" in plain(str(m.value))]
    assert before and "3 column(s) matched" in before[0]
    app.button(key="data_merge").click().run()
    assert_clean(app)
    after = [plain(str(m.value)) for m in app.markdown if "matched literature nodes" in plain(str(m.value))]
    assert after == before  # not the merged graph compared with itself
    said = " ".join(plain(str(s.value)) for s in app.success)
    assert "Merged: 3 column(s) joined existing nodes" in said and "0 new node(s)" in said
    assert "data edge(s) added" in said


def test_error_message_names_an_option_the_page_offers(data_page):
    rows = ["a,b"] + [f"{k},{'' if k % 2 else k * 2}" for k in range(14)]
    app = _upload(data_page, "holes.csv", ("\n".join(rows) + "\n").encode())
    assert not app.exception
    text = messages(app)
    assert "impute missing cells" in text and "missing='impute'" not in text
    app.radio(key="data_missing").set_value("impute").run()
    assert_clean(app)
    assert any("14 rows × 2 columns" in str(m.value) for m in app.markdown)


def test_questions_in_words_and_stability_on_the_data_page(data_page):
    app = _upload(data_page, "chain.csv", chain_csv())
    app.number_input(key="data_resamples").set_value(4)
    _discover(app, "auto")
    assert_clean(app)
    assert any("Stability over 4 subsamples" in plain(str(c.value)) for c in app.caption)
    table = app.table[0].value
    assert all("%" in s for s in table["edge found in"]) and all("%" in s for s in table["same direction in"])
    app.text_input(key="data_question").set_value("Which variables does neuronal death depend on?")
    next(b for b in app.button if b.label == "Answer").click().run()
    assert_clean(app)
    assert any("Which variables does neuronal death depend on?" in plain(str(m.value)) for m in app.markdown)
    app.text_input(key="data_question").set_value("Is smoking a cause of exercise?")
    next(b for b in app.button if b.label == "Answer").click().run()
    assert not app.exception and "not a column of the table" in messages(app)


def test_condition_column_runs_cdnod_without_a_traceback(data_page):
    rng = np.random.default_rng(4)
    site = np.repeat(["a", "b"], 200)
    x = rng.normal(size=400) + np.where(site == "b", 1.5, 0.0)
    y = 0.8 * x + rng.normal(size=400)
    z = rng.normal(size=400) + 0.5 * y
    lines = ["x,y,z,site"] + [f"{a:.4f},{b:.4f},{c:.4f},{s}" for a, b, c, s in zip(x, y, z, site, strict=True)]
    app = _upload(data_page, "sites.csv", ("\n".join(lines) + "\n").encode())
    app.selectbox(key="data_condition").set_value("site")
    app.number_input(key="data_resamples").set_value(0)
    _discover(app, "cdnod")
    assert_clean(app)
    edges = app.table[0].value
    assert ("x", "y") in {(plain(a), plain(b)) for a, b in zip(edges["from"], edges["to"], strict=True)}
    assert any("changes the mechanism of 'x'" in plain(str(c.value)) for c in app.caption)


def test_literature_hints_and_verdicts_on_the_data_page(monkeypatch, tmp_path):
    app = open_graph_page(new_app(monkeypatch, tmp_path), tmp_path, smoking_graph())
    app.switch_page(page_path("data")).run()
    _upload(app, "chain.csv", chain_csv())
    app.number_input(key="data_resamples").set_value(0)
    app.selectbox(key="data_literature_use").set_value("hint")
    _discover(app, "pc")
    assert_clean(app)
    edges = app.table[0].value
    rows = {(plain(a), plain(b)): (v, plain(m), plain(d)) for a, b, v, m, d in zip(
        edges["from"], edges["to"], edges["literature"], edges["marks"], edges["direction"], strict=True)}
    # PC leaves the chain's edges undirected; the literature orients them and confirms them.
    assert rows[("exercise", "oxidative stress")] == ("confirmed", "-->", "→ directed (direction from the literature)")
    assert rows[("oxidative stress", "neuronal death")][0] == "confirmed"


def test_an_undirected_edge_shows_its_mark_and_says_so(data_page):
    app = _upload(data_page, "chain.csv", chain_csv())
    app.number_input(key="data_resamples").set_value(0)
    _discover(app, "pc")
    assert_clean(app)
    edges = app.table[0].value
    undirected = [i for i, d in enumerate(edges["direction"]) if "undirected" in plain(d)]
    assert undirected  # PC cannot orient a three-node chain
    mark = edges["marks"][undirected[0]]
    assert plain(mark) == "---" and "<hr" not in MarkdownIt().render(mark)  # not a horizontal rule


def test_score_against_a_known_graph_on_the_data_page(data_page, tmp_path):
    app = _upload(data_page, "chain.csv", chain_csv())
    app.number_input(key="data_resamples").set_value(0)
    _discover(app, "lingam")
    truth = b"exercise -> oxidative stress\noxidative stress -> neuronal death\nexercise -> neuronal death\n"
    app.file_uploader(key="data_truth").upload("truth.txt", truth, "text/plain").run()
    assert_clean(app)
    metrics = {m.label: m.value for m in app.metric}
    assert set(metrics) == {"SHD", "Skeleton F1", "Oriented F1"}
    assert int(metrics["SHD"]) >= 1  # the third true edge is not in the data
    said = " ".join(plain(str(m.value)) for m in app.markdown)
    assert "missed: exercise → neuronal death" in said
    app.file_uploader(key="data_truth").upload("bad.txt", b"just some words here\n", "text/plain").run()
    assert not app.exception and "bad.txt" in messages(app) and "is no edge" in messages(app)
