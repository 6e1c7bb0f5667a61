"""The API's request body parser (its own module: DRF's settings import it while
rest_framework.views loads, so it must not import the views itself)."""

from __future__ import annotations

import io
import re

from django.conf import settings
from rest_framework import exceptions, parsers

#: No request body of this API nests deeper; anything deeper is refused before use.
MAX_JSON_DEPTH = 32


class JsonParser(parsers.JSONParser):
    """DRF's JSON parser, with bounds: a body nested deeper than MAX_JSON_DEPTH (or too
    deep for Python's parser at all) is a 400 like any other malformed body, and one
    whose strings hold U+0000 or a lone surrogate is a 400 naming where (`errors`),
    never a 500 further on.

    Both checks walk the parsed body only when its text could fail them (more brackets
    than the depth allows; a `\\u0000` or `\\ud800`-`\\udfff` escape): a walk of a 2 MB
    array took 1.8 s, a search of its text takes milliseconds."""

    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read()
        try:
            data = super().parse(io.BytesIO(raw), media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - nested too deeply.") from None
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        text = raw.decode(encoding)  # it parsed, so it decodes
        if text.count("[") + text.count("{") > MAX_JSON_DEPTH and _depth_exceeds(
            data, MAX_JSON_DEPTH
        ):
            raise exceptions.ParseError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels.")
        found = _unstorable_character_at(data) if _MAY_SPELL_UNSTORABLE.search(text) else None
        if found is not None:
            path, in_name = found
            what = "A member's name" if in_name else "The value"
            message = f"{what} holds U+0000 or a lone surrogate, which is not allowed."
            raise exceptions.ValidationError({".".join(path): [message]})
        return data


def _depth_exceeds(value, limit: int) -> bool:
    level = [value]
    for _ in range(limit + 1):
        level = [
            child
            for item in level
            if isinstance(item, (dict, list))
            for child in (item.values() if isinstance(item, dict) else item)
        ]
        if not level:
            return False
    return True


#: What in a body's text can become U+0000 or a lone surrogate once parsed: the escapes
#: that spell them, or the characters themselves (which some charsets decode to).
_MAY_SPELL_UNSTORABLE = re.compile(r"\\u(?:0000|[dD][89a-fA-F])|[\x00\ud800-\udfff]")

#: Characters no stored text can hold: U+0000 (PostgreSQL's text and jsonb refuse it) and
#: lone surrogates (JSON's `\u` escapes can spell one; a pair becomes one character,
#: but one alone is no character and cannot be written as UTF-8).
_UNSTORABLE = re.compile(r"[\x00\ud800-\udfff]")


def _unstorable_character_at(value) -> tuple[tuple[str, ...], bool] | None:
    """Where a string of the body holds a character that could be neither stored nor
    echoed back (a refusal that quoted it, kept for an Idempotency-Key or rendered as
    UTF-8, would fail): (the path of the value, or of the object whose member's name
    holds it, and whether it is in a name); None when there is none. The path never
    quotes the offending name."""
    pending: list[tuple[object, tuple[str, ...]]] = [(value, ())]
    while pending:
        item, path = pending.pop()
        if isinstance(item, str):
            if _UNSTORABLE.search(item):
                return path, False
        elif isinstance(item, dict):
            if any(_UNSTORABLE.search(key) for key in item):
                return path, True
            pending.extend((child, (*path, key)) for key, child in item.items())
        elif isinstance(item, list):
            pending.extend((child, (*path, str(i))) for i, child in enumerate(item))
    return None
