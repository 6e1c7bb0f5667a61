"""What the service writes to its log: quiet at rest, one line per request with who and
what, one format for every process, LOG_LEVEL obeyed, no traceback for a client's error."""

from __future__ import annotations

import json
import logging
import time
import urllib.request

import pytest
from django.test import override_settings

from unoservice import logs

pytestmark = pytest.mark.django_db


def test_the_health_check_answers_whatever_allowed_hosts_says(client):
    with override_settings(ALLOWED_HOSTS=["uno.example.org"]):
        answer = client.get("/api/v1/health", HTTP_HOST="127.0.0.1:8000")
        elsewhere = client.get("/api/v1/games", HTTP_HOST="127.0.0.1:8000")
    assert answer.status_code == 200
    assert answer.json()["database"] == "ok"
    assert elsewhere.status_code == 400


def test_a_host_the_service_does_not_serve_costs_one_line_without_a_traceback(client, caplog):
    with override_settings(ALLOWED_HOSTS=["uno.example.org"]), caplog.at_level(logging.INFO):
        client.get("/api/v1/games", HTTP_HOST="scanner.example")
    disallowed = [r for r in caplog.records if r.name == "django.security.DisallowedHost"]
    assert len(disallowed) == 1
    assert disallowed[0].exc_info is None


def test_each_request_is_logged_once_with_its_request_id_player_and_game(client, caplog):
    player = client.post("/api/v1/players", {"name": "ann"}, content_type="application/json").json()
    auth = {"HTTP_AUTHORIZATION": f"Bearer {player['token']}"}
    game = client.post(
        "/api/v1/games", {"seats": 2}, content_type="application/json", **auth
    ).json()
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="unoservice.requests"):
        answer = client.get(f"/api/v1/games/{game['id']}", HTTP_X_REQUEST_ID="trace-42", **auth)
        made_up = client.get(f"/api/v1/games/{game['id']}", HTTP_X_REQUEST_ID="no spaces!", **auth)
    assert answer["X-Request-ID"] == "trace-42"
    assert made_up["X-Request-ID"] != "no spaces!" and len(made_up["X-Request-ID"]) == 32
    lines = [r for r in caplog.records if r.name == "unoservice.requests"]
    assert len(lines) == 2
    line = lines[0]
    assert (line.method, line.path, line.status) == ("GET", f"/api/v1/games/{game['id']}", 200)
    assert (line.request_id, line.player_id, line.game_id) == ("trace-42", player["id"], game["id"])
    assert line.duration_ms >= 0


def test_json_lines_carry_the_request_fields_and_text_lines_show_them_as_key_values():
    record = logging.LogRecord(
        "unoservice.requests", logging.INFO, __file__, 1, "GET /x 200", (), None
    )
    record.request_id, record.status, record.player_id = "r-1", 200, "p-1"
    config = logs.logging_config("INFO", "json")["formatters"]["json"]
    from pythonjsonlogger.json import JsonFormatter

    options = {key: value for key, value in config.items() if key != "()"}
    line = json.loads(JsonFormatter(**options).format(record))
    assert line["level"] == "INFO" and line["logger"] == "unoservice.requests"
    assert (line["request_id"], line["status"], line["player_id"]) == ("r-1", 200, "p-1")
    assert "time" in line and line["message"] == "GET /x 200"
    text = logs.TextFormatter().format(record)
    assert text.endswith("unoservice.requests: GET /x 200 request_id=r-1 player_id=p-1")


def test_routine_framework_lines_are_kept_for_debug():
    at_info = logs.logging_config("INFO", "text")["loggers"]
    at_debug = logs.logging_config("DEBUG", "text")["loggers"]
    for name in logs.ROUTINE_LOGGERS:
        assert at_info[name]["level"] == "WARNING"
        assert at_debug[name]["level"] == "DEBUG"


@pytest.mark.parametrize("name, value", [("LOG_LEVEL", "LOUD"), ("LOG_FORMAT", "xml")])
def test_a_log_setting_that_means_nothing_is_refused(name, value):
    read = logs.log_level if name == "LOG_LEVEL" else lambda env: logs.log_format(env, False)
    with pytest.raises(ValueError, match=name):
        read({name: value})


@pytest.mark.e2e
def test_at_rest_the_service_logs_nothing_and_a_move_logs_one_json_line(serve):
    served = serve(heartbeat_seconds=2, LOG_FORMAT="json", LOG_LEVEL="INFO")
    served.wait_healthy()

    # At rest once every process has started: both web workers (bin/serve runs two; the
    # health check answers as soon as one is up), the worker and beat's first sweep.
    def started() -> bool:
        output = served.output()
        return output.count("Application startup complete") == 2 and "ready." in output

    deadline = time.monotonic() + 60
    while not started():
        assert time.monotonic() < deadline, served.output()
        time.sleep(0.2)
    time.sleep(2)
    at_rest_from = len(served.output())
    time.sleep(20)  # about 20 sweeps and 10 heartbeats, each a task for the worker
    at_rest = served.output()[at_rest_from:]
    assert at_rest.strip() == "", f"logged at rest:\n{at_rest}"

    def call(method, path, token=None, body=None, request_id=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if request_id:
            headers["X-Request-ID"] = request_id
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(served.base + path, data, headers, method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    ann = call("POST", "/api/v1/players", body={"name": "ann"})
    bob = call("POST", "/api/v1/players", body={"name": "bob"})
    game = call("POST", "/api/v1/games", ann["token"], {"seats": 2, "visibility": "public"})
    call("POST", f"/api/v1/games/{game['id']}/join", bob["token"], {})
    view = call("POST", f"/api/v1/games/{game['id']}/start", ann["token"])
    mover = ann if view["to_act"] == 0 else bob
    actions = call("GET", f"/api/v1/games/{game['id']}/legal-actions", mover["token"])["actions"]
    before_move = len(served.output())
    call("POST", f"/api/v1/games/{game['id']}/actions", mover["token"], actions[0], "move-1")
    time.sleep(1)

    logged = [line.split("| ", 1)[1] for line in served.output()[before_move:].splitlines()]
    assert len(logged) == 1, logged
    line = json.loads(logged[0])
    assert line["request_id"] == "move-1"
    assert (line["method"], line["path"]) == ("POST", f"/api/v1/games/{game['id']}/actions")
    assert line["status"] == 200 and line["level"] == "INFO"
    assert (line["player_id"], line["game_id"]) == (mover["id"], game["id"])
    assert isinstance(line["duration_ms"], float) and line["time"]
