"""The client's address, by one rule for every limit: the API's throttles and the admin's
login lockout. It is the connection's peer, unless `UNO_TRUSTED_PROXIES` (DRF's
NUM_PROXIES) says how many proxies in front of the service append to X-Forwarded-For:
then the entry that many places from the right, the address the first proxy saw."""

from __future__ import annotations

from django.http import HttpRequest
from rest_framework.throttling import BaseThrottle


def client_address(request: HttpRequest) -> str | None:
    return BaseThrottle().get_ident(request)
