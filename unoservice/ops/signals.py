"""What the ops app listens for: requests that failed with an unexpected error."""

from __future__ import annotations

import sys

from unoservice.ops import figures


def count_server_error(sender, request=None, **kwargs) -> None:
    """Django sends got_request_exception for an exception no view handled (a 500): it
    is counted by its class and the endpoint it happened on ("server_error:KeyError at
    games:actions"), so the dashboard lists the recent ones."""
    error = sys.exc_info()[1]
    match = getattr(request, "resolver_match", None)
    # Never the raw path: any client could then add names (and rows) at will.
    where = match.view_name if match is not None else "no view"
    figures.count(f"{figures.SERVER_ERROR}{type(error).__name__} at {where}")
