"""AppTest: the Settings page — session-only settings, the key never written or logged."""

from __future__ import annotations

import logging

from app_harness import assert_clean, new_app, page_path

SECRET = "sk-test-0123456789abcdef"


def _settings_page(monkeypatch, tmp_path):
    app = new_app(monkeypatch, tmp_path)
    app.switch_page(page_path("settings")).run()
    assert_clean(app)
    return app


def test_settings_apply_to_this_session_only(monkeypatch, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    app = _settings_page(monkeypatch, tmp_path)
    app.radio(key="settings_backend").set_value("openai")
    app.text_input(key="settings_base_url").input("http://127.0.0.1:9/v1")
    app.text_input(key="settings_model").input("local-model")
    app.text_input(key="settings_key").input(SECRET)
    next(b for b in app.button if b.label == "Apply for this session").click().run()
    assert_clean(app)
    settings = app.session_state["causeway_settings"]
    assert settings.backend == "openai"
    assert settings.llm.base_url == "http://127.0.0.1:9/v1"
    assert settings.llm.api_key.get_secret_value() == SECRET
    assert SECRET not in repr(settings) and SECRET not in settings.model_dump_json()
    # Nothing reaches the disk or the log.
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
    assert SECRET not in caplog.text
    # Once applied, the typed key is gone from the widget state (only the SecretStr holds it).
    assert app.session_state["settings_key"] == ""
    assert SECRET not in str({key: app.session_state[key] for key in app.session_state})

    fresh = _settings_page(monkeypatch, tmp_path)  # another browser session: server defaults
    assert fresh.session_state["causeway_settings"].backend == "offline"
    assert fresh.session_state["causeway_settings"].llm.api_key is None


def test_bad_endpoint_url_is_refused(monkeypatch, tmp_path):
    app = _settings_page(monkeypatch, tmp_path)
    app.radio(key="settings_backend").set_value("openai")
    app.text_input(key="settings_base_url").input("localhost:8000")
    next(b for b in app.button if b.label == "Apply for this session").click().run()
    assert not app.exception
    assert any("must start with http" in e.value for e in app.error)
    assert app.session_state["causeway_settings"].backend == "offline"


def test_forgetting_the_key(monkeypatch, tmp_path):
    app = _settings_page(monkeypatch, tmp_path)
    app.text_input(key="settings_key").input(SECRET)
    next(b for b in app.button if b.label == "Apply for this session").click().run()
    assert app.session_state["causeway_settings"].llm.api_key is not None
    app.checkbox(key="settings_forget_key").check()
    next(b for b in app.button if b.label == "Apply for this session").click().run()
    assert app.session_state["causeway_settings"].llm.api_key is None


def test_the_page_shows_the_applied_values_right_after_apply(monkeypatch, tmp_path):
    app = _settings_page(monkeypatch, tmp_path)
    app.radio(key="settings_backend").set_value("openai")
    app.text_input(key="settings_base_url").input("http://127.0.0.1:9/v1")
    app.text_input(key="settings_model").input("local-model")
    app.number_input(key="settings_rounds").set_value(4)
    app.number_input(key="settings_time_limit").set_value(7.5)
    next(b for b in app.button if b.label == "Apply for this session").click().run()
    assert_clean(app)
    assert app.radio(key="settings_backend").value == "openai"
    assert app.text_input(key="settings_base_url").value == "http://127.0.0.1:9/v1"
    assert app.text_input(key="settings_model").value == "local-model"
    assert app.number_input(key="settings_rounds").value == 4
    assert app.number_input(key="settings_time_limit").value == 7.5
