"""What the service writes to its log: quiet at rest, one line per request with who and
what, one format for every process, LOG_LEVEL obeyed, no traceback for a client's error."""

from __future__ import annotations

import io
import json
import logging
import logging.config
import time
import urllib.parse
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
    served = serve(heartbeat_seconds=2, LOG_FORMAT="json", LOG_LEVEL="INFO", UNO_QUIET_START="0")
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
    # The server's output reaches the test through a pipe: the GET's own line may not be
    # in it yet, and must not be counted as the move's.
    deadline = time.monotonic() + 10
    while "/legal-actions 200" not in served.output():
        assert time.monotonic() < deadline, served.output()
        time.sleep(0.05)
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


# --- what a line may carry ---------------------------------------------------------------


@pytest.fixture
def service_log():
    """service_log(fmt) -> a buffer that receives every line, formatted as the service
    formats them (its whole logging configuration, with the console written to the
    buffer); the test run's own logging is put back afterwards."""
    touched: list[tuple[logging.Logger, dict]] = []

    def configure(fmt: str) -> io.StringIO:
        config = logs.logging_config("INFO", fmt)
        buffer = io.StringIO()
        config["handlers"]["console"]["stream"] = buffer
        for name in ["", *config["loggers"]]:
            logger = logging.getLogger(name)
            touched.append((logger, dict(vars(logger))))
        logging.config.dictConfig(config)
        return buffer

    yield configure
    for logger, saved in reversed(touched):
        for handler in logger.handlers:
            if handler not in saved["handlers"]:
                handler.close()
        logger.__dict__.update(saved)
        logger.handlers = saved["handlers"]
        logger.filters = saved["filters"]


def ended_game_link(client) -> str:
    """A replay link an ended game's view carries, as a player receives it."""
    ann = client.post("/api/v1/players", {"name": "ann"}, content_type="application/json")
    auth = {"HTTP_AUTHORIZATION": f"Bearer {ann.json()['token']}"}
    game = client.post("/api/v1/games", {"seats": 2}, content_type="application/json", **auth)
    game_id = game.json()["id"]
    left = client.post(f"/api/v1/games/{game_id}/leave", content_type="application/json", **auth)
    assert left.status_code == 200, left.content
    view = client.get(f"/api/v1/games/{game_id}", **auth).json()
    assert view["replay_url"], view
    return urllib.parse.urlsplit(view["replay_url"]).path


@pytest.mark.parametrize("fmt", logs.LOG_FORMATS)
def test_a_signed_replay_link_never_reaches_the_log(client, service_log, fmt):
    link = ended_game_link(client)
    signed = link.rstrip("/").rsplit("/", 1)[1]
    assert len(signed) > 20, link
    log = service_log(fmt)

    page = client.get(link)
    steps = client.get(link + "steps.json")
    logging.getLogger("games").warning("someone opened %s", link)  # any other line

    assert page.status_code == 200 and steps.status_code == 200
    written = log.getvalue()
    assert sum("/replay/" in line for line in written.splitlines()) == 3, written
    assert signed not in written
    for piece in signed.split(":"):  # not even a part of it
        assert piece not in written, (piece, written)


@pytest.mark.parametrize(
    ("path", "raw"),
    [
        ("/api/v1/x%0a2026-01-01 00:00:00,000 INFO forged: line", "\n"),
        ("/api/v1/x%0d%0aforged", "\r"),
        ("/api/v1/x%1b[31mred", "\x1b"),
        ("/api/v1/x%00nul", "\x00"),
        ("/api/v1/x%e2%80%a8separator", "\u2028"),
        ("/api/v1/x%c2%85next-line", "\x85"),
    ],
)
def test_a_request_is_one_text_line_whatever_its_path_holds(client, service_log, path, raw):
    log = service_log("text")

    answer = client.get(path)

    assert answer.status_code == 404
    written = log.getvalue()
    assert raw not in written[:-1]
    assert written.endswith("\n") and written.count("\n") == 1, written
    assert written.splitlines()[0].split(" ")[2:4] == ["INFO", "unoservice.requests:"]


@pytest.mark.parametrize("fmt", logs.LOG_FORMATS)
def test_a_body_over_the_limit_is_refused_as_before_and_logged_on_one_line(
    client, service_log, settings, fmt
):
    log = service_log(fmt)
    body = json.dumps({"name": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)})

    answer = client.post("/api/v1/players", body, content_type="application/json")

    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid_request"
    lines = log.getvalue().splitlines()
    assert "Traceback" not in log.getvalue()
    too_big = [line for line in lines if "RequestDataTooBig" in line]
    assert len(too_big) == 1, lines
    assert len(lines) == 2, lines  # that line and the request's


def test_a_quiet_start_keeps_the_processes_start_up_lines_for_debug():
    quiet = logs.logging_config("INFO", "text", quiet_start=True)["loggers"]
    loud = logs.logging_config("INFO", "text")["loggers"]
    debug = logs.logging_config("DEBUG", "text", quiet_start=True)["loggers"]
    for name in logs.STARTUP_LOGGERS:
        assert quiet[name]["level"] == "WARNING"
        assert loud.get(name, {}).get("level", "INFO") == "INFO"
        assert debug[name]["level"] == "DEBUG"
    assert logs.quiet_start({"UNO_QUIET_START": "1"})
    assert not logs.quiet_start({})
