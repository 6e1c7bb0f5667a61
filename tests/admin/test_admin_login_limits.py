"""Admin sign-in is limited (django-axes): after UNO_ADMIN_LOGIN_FAILURES failures an
address gets 429 for a while, even with the right password, until it cools off or an
operator resets it; the address is the client's by the same rule as the API throttles."""

from __future__ import annotations

from io import StringIO

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client, RequestFactory, override_settings

from unoservice.addresses import client_address

pytestmark = pytest.mark.django_db

LOGIN = "/admin/login/?next=/admin/"
LIMIT = settings.AXES_FAILURE_LIMIT


@pytest.fixture(autouse=True)
def root(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast
    return get_user_model().objects.create_superuser("root", "root@example.com", "right")


def sign_in(password: str, address: str = "192.0.2.10", **headers):
    return Client().post(
        LOGIN, {"username": "root", "password": password}, REMOTE_ADDR=address, **headers
    )


def fail_until_locked(address: str = "192.0.2.10", **headers) -> list[int]:
    return [sign_in("wrong", address, **headers).status_code for _ in range(LIMIT)]


def test_a_right_password_signs_in():
    assert sign_in("right").status_code == 302


def test_repeated_failures_lock_the_address_out_with_429_even_for_the_right_password():
    statuses = fail_until_locked()

    assert statuses == [200] * (LIMIT - 1) + [429]
    assert sign_in("right").status_code == 429


def test_the_lockout_is_per_address():
    fail_until_locked("192.0.2.10")

    assert sign_in("right", "192.0.2.11").status_code == 302


def test_an_operator_resets_a_lockout_with_axes_reset_ip():
    fail_until_locked("192.0.2.10")
    out = StringIO()

    call_command("axes_reset_ip", "192.0.2.10", stdout=out)

    assert "attempts removed" in out.getvalue()
    assert sign_in("right", "192.0.2.10").status_code == 302


def test_an_operator_resets_every_lockout_with_axes_reset():
    fail_until_locked("192.0.2.10")

    call_command("axes_reset", stdout=StringIO())

    assert sign_in("right", "192.0.2.10").status_code == 302


def test_a_forged_x_forwarded_for_does_not_escape_the_lockout_without_trusted_proxies():
    statuses = [
        sign_in("wrong", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").status_code for n in range(LIMIT)
    ]

    assert statuses[-1] == 429
    assert sign_in("right", HTTP_X_FORWARDED_FOR="198.51.100.1").status_code == 429


def test_behind_one_trusted_proxy_the_lockout_counts_the_address_the_proxy_saw():
    rest = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    proxy = "10.0.0.2"
    with override_settings(REST_FRAMEWORK=rest):
        fail_until_locked(proxy, HTTP_X_FORWARDED_FOR="forged, 203.0.113.9")
        locked = sign_in("right", proxy, HTTP_X_FORWARDED_FOR="203.0.113.9")
        other = sign_in("right", proxy, HTTP_X_FORWARDED_FOR="203.0.113.9, 198.51.100.4")

    assert locked.status_code == 429
    assert other.status_code == 302


def test_the_address_rule_is_the_throttles_rule():
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.1", HTTP_X_FORWARDED_FOR="1.2.3.4")

    assert client_address(request) == "192.0.2.1"
    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}):
        assert client_address(request) == "1.2.3.4"
