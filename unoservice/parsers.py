"""The API's request body parser (its own module: DRF's settings import it while
rest_framework.views loads, so it must not import the views itself)."""

from __future__ import annotations

from rest_framework import exceptions, parsers

#: No request body of this API nests deeper; anything deeper is refused before use.
MAX_JSON_DEPTH = 32


class JsonParser(parsers.JSONParser):
    """DRF's JSON parser, with a bound on nesting: a body nested deeper than
    MAX_JSON_DEPTH (or too deep for Python's parser at all) is a 400 like any other
    malformed body, never a 500 further on."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - nested too deeply.") from None
        if _depth_exceeds(data, MAX_JSON_DEPTH):
            raise exceptions.ParseError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels.")
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
