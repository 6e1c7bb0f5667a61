"""The API's request body parser (its own module: DRF's settings import it while
rest_framework.views loads, so it must not import the views itself)."""

from __future__ import annotations

import re

from rest_framework import exceptions, parsers

#: No request body of this API nests deeper; anything deeper is refused before use.
MAX_JSON_DEPTH = 32


class JsonParser(parsers.JSONParser):
    """DRF's JSON parser, with bounds: a body nested deeper than MAX_JSON_DEPTH (or too
    deep for Python's parser at all) is a 400 like any other malformed body, and one
    whose strings hold U+0000 or a lone surrogate is a 400 naming where (`errors`),
    never a 500 further on."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - nested too deeply.") from None
        if _depth_exceeds(data, MAX_JSON_DEPTH):
            raise exceptions.ParseError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels.")
        found = _unstorable_character_at(data)
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
