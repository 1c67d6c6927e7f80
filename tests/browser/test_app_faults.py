"""Smaller faults seen by a scientist using the app (issue 16 part 4), checked in Chromium."""

from __future__ import annotations

import os

import pytest

from browser_support import ARTIFACTS, go_to, settle

pytestmark = pytest.mark.browser

ASK_TIMEOUT_MS = 240_000
DEAD_ENDPOINT = "http://127.0.0.1:9/v1"  # the discard port: nothing listens there


@pytest.fixture(scope="module", autouse=True)
def _no_llm_retries():
    """The server inherits this: a refused connection fails at once instead of after retries."""
    os.environ["CAUSEWAY_LLM__MAX_RETRIES"] = "0"
    yield
    del os.environ["CAUSEWAY_LLM__MAX_RETRIES"]


def _apply_settings(page, backend: str, base_url: str, rounds: str) -> None:
    go_to(page, "Settings")
    page.get_by_text(backend, exact=False).first.click()
    url = page.get_by_label("Endpoint base URL")
    url.fill(base_url)
    page.get_by_label("Pipeline rounds").fill(rounds)
    page.get_by_role("button", name="Apply for this session").click()
    settle(page)


def test_settings_show_the_applied_values_after_apply(page):
    _apply_settings(page, "OpenAI-compatible endpoint", DEAD_ENDPOINT, "2")
    assert page.get_by_label("Endpoint base URL").input_value() == DEAD_ENDPOINT
    assert page.get_by_label("Pipeline rounds").input_value() == "2"
    assert page.get_by_role("radio", name="OpenAI-compatible endpoint").is_checked()
    # and they stay so when the page is visited again
    go_to(page, "Ask")
    go_to(page, "Settings")
    assert page.get_by_label("Endpoint base URL").input_value() == DEAD_ENDPOINT
    assert page.get_by_label("Pipeline rounds").input_value() == "2"


def test_a_failed_question_leaves_no_progress_bar_and_no_earlier_graph(app_server, page):
    if not (app_server.index_dir / "manifest.json").exists():
        pytest.skip(f"no default index in {app_server.index_dir}")
    question = page.locator(".st-key-ask_question input")
    question.fill("How does BACE1 affect amyloid beta?")
    page.get_by_role("button", name="Ask", exact=True).click()
    settle(page, timeout_ms=ASK_TIMEOUT_MS)
    page.wait_for_selector('iframe[title="streamlit_agraph.agraph"]')  # the offline answer's graph

    _apply_settings(page, "OpenAI-compatible endpoint", DEAD_ENDPOINT, "1")
    go_to(page, "Ask")
    page.locator(".st-key-ask_question input").fill("How does rapamycin affect autophagy?")
    page.get_by_role("button", name="Ask", exact=True).click()
    settle(page, timeout_ms=ASK_TIMEOUT_MS)
    page.get_by_test_id("stAlertContentError").wait_for()
    page.screenshot(path=str(ARTIFACTS / "failed_question.png"), full_page=True)
    assert "Could not answer the question" in page.get_by_test_id("stAlertContentError").inner_text()
    assert page.get_by_test_id("stProgress").count() == 0
    assert page.locator('iframe[title="streamlit_agraph.agraph"]').count() == 0
    assert "Graph:" not in page.get_by_test_id("stMain").inner_text()
