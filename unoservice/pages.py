"""Lists in pages: `{"results": [...], "next_cursor": "..." or null}`.

Every list of the API pages the same way: `limit` (1 to 100, 50 by default) and the
`cursor` the previous page gave. A cursor names the last item seen by its sort key (a
keyset, not an offset), so a page never repeats or skips an item when items are added
in front of it while a client pages, and reading page 1,000 costs what page 1 does.
Cursors are opaque to clients: URL-safe base64 of the key's values.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Q, QuerySet
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

DEFAULT_LIMIT = 50
MAX_LIMIT = 100

PAGE_PARAMETERS = [
    OpenApiParameter(
        "limit",
        {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": DEFAULT_LIMIT},
        description=f"Items per page, 1 to {MAX_LIMIT} ({DEFAULT_LIMIT} when absent).",
    ),
    OpenApiParameter(
        "cursor",
        {"type": "string", "pattern": "^[A-Za-z0-9_-]+$"},
        description="The `next_cursor` of the previous page; absent for the first page. "
        "Opaque: any other value is a 400 `invalid_request` naming `cursor`.",
    ),
]


@dataclass(frozen=True)
class PageRequest:
    limit: int
    after: list[Any] | None  # the sort key's values of the last item already seen


def list_filters(serializer_class: type[serializers.Serializer], query_params) -> dict:
    """A list's filters, validated by `serializer_class` (a 400 naming the parameter if
    not). Each parameter's last value counts, and an empty value is a value (`?status=`
    is refused, never read as absent)."""
    query = serializer_class(data=query_params.dict())
    query.is_valid(raise_exception=True)
    return query.validated_data


def page_request(query_params) -> PageRequest:
    """The page a client asks for; a 400 `invalid_request` naming the parameter if not sane."""
    return PageRequest(limit=_limit(query_params.get("limit")), after=_cursor(query_params))


def keyset_page(
    queryset: QuerySet,
    request: PageRequest,
    *,
    order: Sequence[str],
    item: Callable[[Any], dict],
) -> dict:
    """One page of `queryset` sorted by `order` (field names, "-" for descending; the last
    one unique), each row shown by `item`."""
    if request.after is not None:
        queryset = queryset.filter(_after(queryset, order, request.after))
    rows = list(queryset.order_by(*order)[: request.limit + 1])
    more = len(rows) > request.limit
    rows = rows[: request.limit]
    next_cursor = _encode([_key_value(rows[-1], field) for field in order]) if more else None
    return {"results": [item(row) for row in rows], "next_cursor": next_cursor}


def page_serializer(item_serializer: type[serializers.Serializer], name: str):
    """The OpenAPI component of a page of `item_serializer` items."""
    return type(
        name,
        (serializers.Serializer,),
        {
            "results": item_serializer(many=True),
            "next_cursor": serializers.CharField(
                allow_null=True,
                help_text="Pass as `cursor` for the next page; null on the last page.",
            ),
        },
    )


def _limit(raw: str | None) -> int:
    if raw is None:
        return DEFAULT_LIMIT
    if not re.fullmatch(r"[0-9]{1,3}", raw) or not 1 <= int(raw) <= MAX_LIMIT:
        raise serializers.ValidationError({"limit": [f"an integer from 1 to {MAX_LIMIT}"]})
    return int(raw)


def _cursor(query_params) -> list[Any] | None:
    raw = query_params.get("cursor")
    if raw is None:
        return None
    try:
        values = json.loads(base64.urlsafe_b64decode(raw.encode("ascii") + b"=" * (-len(raw) % 4)))
    except (ValueError, UnicodeEncodeError, binascii.Error, RecursionError):
        values = None
    if not isinstance(values, list) or not values:
        raise serializers.ValidationError({"cursor": ["not a cursor this list gave"]})
    return values


def _encode(values: list[Any]) -> str:
    text = json.dumps([_plain(value) for value in values], separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).rstrip(b"=").decode("ascii")


def _plain(value: Any) -> Any:
    """A key value as JSON keeps it exactly (a time to the microsecond, unlike Django's
    encoder, which stops at the millisecond and would skip or repeat rows)."""
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if isinstance(value, (int, float, str)) or value is None:
        return value
    return str(value)


def _after(queryset: QuerySet, order: Sequence[str], values: list[Any]) -> Q:
    """Rows sorting after the key `values`: (a, b) after (x, y) is a past x, or a = x and
    b past y, in each field's direction."""
    if len(values) != len(order):
        raise serializers.ValidationError({"cursor": ["not a cursor this list gave"]})
    fields = [name.lstrip("-") for name in order]
    typed = [_typed(queryset, field, value) for field, value in zip(fields, values, strict=True)]
    condition = Q(pk__in=[])
    for depth, name in enumerate(order):
        past = "lt" if name.startswith("-") else "gt"
        equal = {fields[i]: typed[i] for i in range(depth)}
        condition |= Q(**equal, **{f"{fields[depth]}__{past}": typed[depth]})
    return condition


def _typed(queryset: QuerySet, field: str, value: Any) -> Any:
    model_field = queryset.model._meta.get_field("id" if field == "pk" else field)
    try:
        typed = model_field.to_python(value)
    except (DjangoValidationError, TypeError, ValueError, OverflowError):  # int(inf)
        typed = None
    if typed is None:  # no key the lists sort by is null; a filter on None is a ValueError
        raise serializers.ValidationError({"cursor": ["not a cursor this list gave"]})
    return typed


def _key_value(row: Any, field: str) -> Any:
    name = field.lstrip("-")
    return getattr(row, "pk" if name == "pk" else name)
