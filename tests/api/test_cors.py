"""Browser pages on other origins (UNO_CORS_ORIGINS): a preflight on /api/ is answered
without a token, real answers carry Access-Control-Allow-Origin and expose the headers
clients read, nothing outside /api/ gets CORS headers, and production allows no origin
unless the operator names some."""

from __future__ import annotations

import json
import secrets

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import override_settings

from games.models import Game
from unoservice import env

ORIGIN = "https://play.example"
SENT = "authorization, content-type, idempotency-key, if-match, if-none-match, last-event-id"
EXPOSED = {
    "etag",
    "location",
    "retry-after",
    "ratelimit-limit",
    "ratelimit-remaining",
    "ratelimit-reset",
    "idempotent-replayed",
    "x-request-id",
}


def header_set(value: str | None) -> set[str]:
    return {item.strip().lower() for item in (value or "").split(",") if item.strip()}


def cors_headers(response) -> dict[str, str]:
    return {k.lower(): v for k, v in response.items() if k.lower().startswith("access-control-")}


def preflight(client, path: str, method: str = "POST", origin: str = ORIGIN):
    return client.options(
        path,
        HTTP_ORIGIN=origin,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD=method,
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS=SENT,
    )


@pytest.mark.django_db
def test_a_preflight_from_another_origin_is_answered_without_a_token(api_client):
    response = preflight(api_client, "/api/v1/games")

    assert response.status_code in (200, 204), response.content
    headers = cors_headers(response)
    assert headers["access-control-allow-origin"] == "*"
    assert header_set(headers["access-control-allow-headers"]) >= header_set(SENT)
    assert {"GET", "POST", "PATCH", "DELETE"} <= set(
        headers["access-control-allow-methods"].replace(" ", "").split(",")
    )
    assert "access-control-allow-credentials" not in headers
    assert Game.objects.count() == 0


def test_a_real_request_from_another_origin_gets_the_origin_and_the_exposed_headers(ann):
    response = ann.post(
        "/api/v1/games",
        {"seats": 2},
        HTTP_ORIGIN=ORIGIN,
        HTTP_IDEMPOTENCY_KEY="cors-create",
    )

    assert response.status_code == 201, response.content
    assert response["Access-Control-Allow-Origin"] == "*"
    assert header_set(response["Access-Control-Expose-Headers"]) == EXPOSED
    assert response["Location"]  # a header the page can now read
    assert "Access-Control-Allow-Credentials" not in response


@pytest.mark.django_db
def test_an_error_answer_carries_the_cors_headers_too(api_client):
    response = api_client.get("/api/v1/games", HTTP_ORIGIN=ORIGIN)

    assert response.status_code == 401
    assert response["Access-Control-Allow-Origin"] == "*"


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/admin/login/", "/replay/nothing-here"])
def test_nothing_outside_the_api_gets_cors_headers(api_client, path):
    real = api_client.get(path, HTTP_ORIGIN=ORIGIN)
    pre = preflight(api_client, path, method="GET")

    assert cors_headers(real) == {}
    assert cors_headers(pre) == {}


@pytest.mark.django_db
@override_settings(CORS_ALLOW_ALL_ORIGINS=False, CORS_ALLOWED_ORIGINS=[ORIGIN])
def test_named_origins_are_echoed_and_others_get_no_cors_headers(api_client):
    allowed = preflight(api_client, "/api/v1/games")
    other = preflight(api_client, "/api/v1/games", origin="https://evil.example")

    assert allowed["Access-Control-Allow-Origin"] == ORIGIN
    assert "origin" in header_set(allowed["Vary"])
    assert cors_headers(other) == {}


def test_the_origins_come_from_the_mode_and_uno_cors_origins():
    assert env.cors_origins({}, "embedded") == ["*"]
    assert env.cors_origins({}, "production") == []
    assert env.cors_origins({"UNO_CORS_ORIGINS": ""}, "embedded") == []
    assert env.cors_origins(
        {"UNO_CORS_ORIGINS": "https://a.example, http://localhost:5173/"}, "production"
    ) == ["https://a.example", "http://localhost:5173"]
    assert env.cors_origins({"UNO_CORS_ORIGINS": "https://a.example,*"}, "production") == ["*"]
    for bad in ("a.example", "https://a.example/app", "ftp://a.example"):
        with pytest.raises(ImproperlyConfigured):
            env.cors_origins({"UNO_CORS_ORIGINS": bad}, "production")


# A preflight and a real request in a production process; prints their CORS headers.
PRODUCTION_REQUESTS = """
import json
from django.test import Client
client = Client(HTTP_HOST="localhost")
pre = client.options("/api/v1/games", HTTP_ORIGIN="https://play.example",
                     HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST")
real = client.get("/api/v1/health", HTTP_ORIGIN="https://play.example")
print(json.dumps({
    name: [r.status_code, {k: v for k, v in r.items() if k.lower().startswith("access-control")}]
    for name, r in {"preflight": pre, "real": real}.items()
}))
"""


@pytest.mark.parametrize(
    ("origins", "expected"), [(None, None), ("https://play.example", "https://play.example")]
)
def test_production_allows_no_origin_until_the_operator_names_one(
    manage, child_env, tmp_path, origins, expected
):
    result = manage(
        "shell",
        "-c",
        PRODUCTION_REQUESTS,
        env=child_env(
            UNO_MODE="production",
            SECRET_KEY=secrets.token_urlsafe(50),
            UNO_SIGNING_KEY_FILE=str(tmp_path / "signing_key.pem"),
            UNO_DATA_DIR=str(tmp_path),
            DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3",
            CELERY_BROKER_URL=None,
            UNO_CACHE_URL="locmem://",
            ALLOWED_HOSTS=None,
            DJANGO_ALLOW_ASYNC_UNSAFE=None,
            UNO_CORS_ORIGINS=origins,
        ),
    )
    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout.strip().splitlines()[-1])

    for _status, headers in answers.values():
        assert {k.lower(): v for k, v in headers.items()}.get(
            "access-control-allow-origin"
        ) == expected
