"""Production behind TLS (UNO_MODE=production, UNO_HTTPS=1): Django's deploy check is
clean, plain HTTP is redirected except the health check, HSTS is sent, and a proxy's
X-Forwarded-Proto counts only when UNO_TRUSTED_PROXIES says there are proxies."""

from __future__ import annotations

import json
import secrets

import pytest

# Three requests in one process; prints each one's status, Location and HSTS header.
REQUESTS = """
import json
from django.test import Client
client = Client(HTTP_HOST="localhost")
answers = {
    "plain": client.get("/api/v1/games"),
    "health": client.get("/api/v1/health"),
    "forwarded_https": client.get("/api/v1/games", HTTP_X_FORWARDED_PROTO="https"),
}
print(json.dumps({
    name: [r.status_code, r.headers.get("Location"), r.headers.get("Strict-Transport-Security")]
    for name, r in answers.items()
}))
"""


@pytest.fixture
def production_env(child_env, tmp_path):
    def make(**overrides: str | None) -> dict[str, str]:
        return child_env(
            UNO_MODE="production",
            SECRET_KEY=secrets.token_urlsafe(50),
            UNO_SIGNING_KEY_FILE=str(tmp_path / "signing_key.pem"),
            UNO_DATA_DIR=str(tmp_path),
            DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3",
            CELERY_BROKER_URL=None,
            UNO_CACHE_URL="locmem://",
            ALLOWED_HOSTS=None,
            DEBUG=None,
            DJANGO_ALLOW_ASYNC_UNSAFE=None,  # the tests' own setting; never in deployment
            **overrides,
        )

    return make


@pytest.mark.parametrize("proxies", ["0", "1"])
def test_the_deploy_check_is_clean_in_production_behind_https(manage, production_env, proxies):
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env=production_env(UNO_HTTPS="1", UNO_TRUSTED_PROXIES=proxies),
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNINGS:" not in result.stdout + result.stderr


def test_without_https_the_deploy_check_warns(manage, production_env):
    result = manage(
        "check", "--deploy", "--fail-level", "WARNING", env=production_env(UNO_HTTPS=None)
    )

    assert result.returncode != 0
    assert "security.W008" in result.stderr  # SECURE_SSL_REDIRECT


def requests_in(manage, env) -> dict:
    result = manage("shell", "-c", REQUESTS, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_behind_a_trusted_tls_proxy_http_is_redirected_but_the_health_check_is_not(
    manage, production_env
):
    answers = requests_in(manage, production_env(UNO_HTTPS="1", UNO_TRUSTED_PROXIES="1"))

    assert answers["plain"][:2] == [301, "https://localhost/api/v1/games"]
    assert answers["health"][0] in (200, 503)  # answered, not redirected
    status, _, hsts = answers["forwarded_https"]
    assert status == 401  # reached the API: no token
    assert hsts == "max-age=31536000; includeSubDomains"


def test_without_trusted_proxies_a_claimed_https_is_not_believed(manage, production_env):
    answers = requests_in(manage, production_env(UNO_HTTPS="1", UNO_TRUSTED_PROXIES="0"))

    assert answers["forwarded_https"][:2] == [301, "https://localhost/api/v1/games"]
