"""Standard HTTP compression of the games API's JSON answers, when the client asks.

A move's answer (about 2.4 kB) is the new events with their hashes and the caller's view,
as the API promises it (docs/api-guide.md, "Acting"; "Compressed answers" says what a
client sees of this module). Compressed with brotli (quality 5) it takes about 40% of its
bytes, with gzip about 42%; a client that sends no `Accept-Encoding` (or `identity`)
gets the same bytes as before. The choice follows the header's weights (`q=0` refuses a
coding), brotli before gzip where both weigh the same. Only the games API's JSON answers
of at least `MIN_BYTES` are compressed: the ones a program polls move after move. Each
such answer says `Vary: Accept-Encoding`, compressed or not.

The `ETag` stays the game's version, as the contract says (Django's GZipMiddleware would
weaken it to `W/"12"`): it names the game's state, which is the same whatever the coding,
and `If-Match`/`If-None-Match` take it in either form. No answer here is served in ranges.
(BREACH needs an attacker's text reflected beside a secret in one body, sent with the
victim's credentials; these answers are asked for with a bearer token, which a page on
another origin cannot make a browser send.)
"""

from __future__ import annotations

import gzip

import brotli
from asgiref.sync import iscoroutinefunction
from django.conf import settings
from django.utils.cache import patch_vary_headers
from django.utils.decorators import sync_and_async_middleware

from unoservice.middleware import GAMES_API

#: Smaller bodies are sent as they are: a coding's own framing would eat the gain.
MIN_BYTES = 200
BROTLI_QUALITY = 5  # 4 and below give gzip's ratio; 11 costs 50 times as much CPU
GZIP_LEVEL = 6
_JSON_TYPES = frozenset({"application/json", "application/problem+json"})


def coding_weights(accept_encoding: str) -> dict[str, float]:
    """`Accept-Encoding`'s codings by weight (`q`; 1 without one, 0 for a bad one)."""
    weights: dict[str, float] = {}
    for part in accept_encoding.split(","):
        name, _, parameters = part.partition(";")
        weight = 1.0
        key, _, value = parameters.partition("=")
        if key.strip().lower() == "q":
            try:
                weight = float(value)
            except ValueError:
                weight = 0.0
        weights[name.strip().lower()] = weight
    return weights


def _gzip_weight(weights: dict[str, float]) -> float:
    return weights.get("gzip", weights.get("x-gzip", weights.get("*", 0.0)))


def chosen_coding(accept_encoding: str) -> str | None:
    """`br`, `gzip` or None (send it as it is) for an `Accept-Encoding` header."""
    weights = coding_weights(accept_encoding)
    brotli_weight = weights.get("br", weights.get("*", 0.0))
    gzip_weight = _gzip_weight(weights)
    if brotli_weight <= 0 and gzip_weight <= 0:
        return None
    return "br" if brotli_weight >= gzip_weight else "gzip"


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether the header gives gzip (or `x-gzip`, or else `*`) a weight above 0: what a
    stream is compressed with (games.live.stream_views), flushed after each batch."""
    return _gzip_weight(coding_weights(accept_encoding)) > 0


def compressed(content: bytes, coding: str) -> bytes:
    if coding == "br":
        return brotli.compress(content, quality=BROTLI_QUALITY)
    return gzip.compress(content, compresslevel=GZIP_LEVEL, mtime=0)


@sync_and_async_middleware
def games_api_compression_middleware(get_response):
    # Both kinds, so that asynchronous views (streams, long-polls) stay on the event loop.
    if iscoroutinefunction(get_response):

        async def compress_async(request):
            return _encoded(request, await get_response(request))

        return compress_async

    def compress(request):
        return _encoded(request, get_response(request))

    return compress


def _encoded(request, response):
    if not request.path_info.startswith(GAMES_API) or not _compressible(response):
        return response
    if not settings.UNO_COMPRESSION:
        return response
    _vary_on_accept_encoding(response)
    accept_encoding = request.META.get("HTTP_ACCEPT_ENCODING")
    if not accept_encoding or len(response.content) < MIN_BYTES:
        return response
    coding = chosen_coding(accept_encoding)
    if coding is None:
        return response
    body = compressed(response.content, coding)
    if len(body) >= len(response.content):
        return response
    response.content = body
    response["Content-Encoding"] = coding
    response["Content-Length"] = str(len(body))
    return response


def _compressible(response) -> bool:
    if response.streaming:
        return False
    headers = response.headers
    if "Content-Encoding" in headers:
        return False
    media_type = headers.get("Content-Type", "").partition(";")[0].strip().lower()
    return media_type in _JSON_TYPES


def _vary_on_accept_encoding(response) -> None:
    vary = response.headers.get("Vary")
    if vary is None:  # most answers: Django's patching, which parses the header, not needed
        response.headers["Vary"] = "Accept-Encoding"
    elif "accept-encoding" not in vary.lower():
        patch_vary_headers(response, ("Accept-Encoding",))
