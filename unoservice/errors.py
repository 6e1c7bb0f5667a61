"""Domain errors: what services refuse, with a stable code and no HTTP in sight.

Services and tasks raise these; the API's one exception handler (unoservice.api) maps
each `kind` to its status, so a Celery task never meets an HTTP type. Keyword arguments
become extra members of the problem document (`version`, `option`)."""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    kind = "invalid"  # invalid, forbidden, not_found, conflict, stale, too_many
    default_code = "invalid_request"
    default_detail = "The request is not valid."

    def __init__(self, detail: str | None = None, code: str | None = None, **extra: Any):
        self.detail = detail or self.default_detail
        self.code = code or self.default_code
        self.extra = extra
        super().__init__(self.detail)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.detail!r})"
