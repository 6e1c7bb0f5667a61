"""`Uno`: the generated operations (uno_client) called the way the service asks.

- Every POST that takes an `Idempotency-Key` gets a new one, and keeps it across retries,
  so a retried request is done once.
- A move carries `If-Match` with the version it was chosen from: a move chosen from a view
  that is no longer current is refused (412 `stale_version`), never applied.
- What the API says may be retried is retried, with the same key: 429 with `Retry-After`
  (waiting that long), 503 (`Retry-After`, else a growing pause), 409
  `request_in_progress`, and a connection that failed before an answer came.
- Anything else that is not a success raises `ApiError`, which carries the problem.
"""

from __future__ import annotations

import functools
import json
import time
import typing
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import httpx

from uno_client import AuthenticatedClient, Client
from uno_client.api.games import (
    games_act,
    games_create,
    games_join,
    games_legal_actions,
    games_retrieve,
    games_start,
)
from uno_client.api.players import players_register
from uno_client.api.stream_tickets import stream_tickets_create
from uno_client.models import ActionResult, GameView

from .streams import Frame, follow_stream

#: What `decide` may return: one of the actions it was given (a generated action model).
Action = Any
#: `decide(view, legal_actions)`: the seat's view and what it may send now; returns one.
Decide = Callable[[GameView, Sequence[Action]], Action]

ENDED = ("finished", "aborted")


class ApiError(Exception):
    """An answer that is not a success: its status and problem (application/problem+json).
    `code` is the problem's stable code (docs/api-guide.md lists them)."""

    def __init__(self, status: int, problem: Mapping[str, Any]):
        self.status = status
        self.problem = dict(problem)
        self.code: str = str(problem.get("code", ""))
        super().__init__(f"{status} {self.code}: {problem.get('detail', '')}")


class RetryPolicy:
    """How often and how long to retry what the API says may be retried."""

    def __init__(self, attempts: int = 6, pause: float = 0.2, longest_wait: float = 30.0):
        self.attempts, self.pause, self.longest_wait = attempts, pause, longest_wait

    def wait(self, attempt: int, headers: Mapping[str, str] | None = None) -> float:
        """Seconds to wait before attempt `attempt + 1`: `Retry-After` when the answer
        has one, else a pause that doubles each time."""
        said = (headers or {}).get("Retry-After")
        try:
            seconds = float(said) if said is not None else self.pause * 2**attempt
        except ValueError:  # an HTTP date: not sent by this service
            seconds = self.pause * 2**attempt
        return min(max(seconds, 0.0), self.longest_wait)


def retryable(status: int, problem: Mapping[str, Any], headers: Mapping[str, str]) -> bool:
    """What the API says may be sent again as it was (docs/api-guide.md says which)."""
    if status == 429:
        return "Retry-After" in headers  # not too_many_games: that one waits on the player
    return status == 503 or (status == 409 and problem.get("code") == "request_in_progress")


def problem_of(answer) -> dict[str, Any]:
    """An answer's problem document (anything else as a `detail`)."""
    try:
        found = json.loads(answer.content or b"{}")
    except ValueError:
        detail = answer.content[:200].decode(errors="replace")
        return {"status": answer.status_code, "detail": detail}
    return found if isinstance(found, dict) else {"status": answer.status_code}


@functools.cache
def hints(operation) -> dict[str, Any]:
    """An operation's parameters and their types (read once: it costs milliseconds)."""
    return typing.get_type_hints(operation.sync_detailed)


def body_of(operation, fields: Mapping[str, Any]):
    """The body model `operation` takes (as its signature names it), built from JSON; of
    a union (the actions), the member that reads it (each has its own `type`)."""
    annotation = hints(operation)["body"]
    members = [m for m in typing.get_args(annotation) or (annotation,) if hasattr(m, "from_dict")]
    for member in members[:-1]:
        try:
            return member.from_dict(dict(fields))
        except (KeyError, TypeError, ValueError):
            continue
    return members[-1].from_dict(dict(fields))


def _game_id(game) -> str:
    return str(getattr(game, "id", game))


class Uno:
    """A player's session with the service at `base_url` (its token from registration or
    `manage.py create_token`). `sleep` waits between retries; `transport` is httpx's (a
    proxy, a test's recorder)."""

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        retry: RetryPolicy | None = None,
        timeout: float = 30.0,
        sleep: Callable[[float], None] = time.sleep,
        transport: httpx.BaseTransport | None = None,
    ):
        self.base_url, self.token = base_url.rstrip("/"), token
        self.retry, self._sleep = retry or RetryPolicy(), sleep
        # Streams and long-polls wait up to 30 s for something to say (keepalives: 15 s).
        limits = httpx.Timeout(timeout, read=max(timeout, 45.0))
        extra = {"httpx_args": {"transport": transport}} if transport else {}
        self.client: Client = (
            AuthenticatedClient(base_url=self.base_url, token=token, timeout=limits, **extra)
            if token
            else Client(base_url=self.base_url, timeout=limits, **extra)
        )

    @classmethod
    def register(cls, base_url: str, name: str, **options) -> Uno:
        """A new player named `name`, signed in."""
        anonymous = cls(base_url, **options)
        me = anonymous.call(players_register, body=body_of(players_register, {"name": name}))
        return cls(base_url, me.token, **options)

    def __enter__(self) -> Uno:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.client.get_httpx_client().close()

    # --- any operation ------------------------------------------------------------------

    def call(self, operation, *args, **kwargs):
        """`operation` (a module of uno_client.api) with retries: its parsed answer, or
        ApiError. POSTs that take an `Idempotency-Key` get one (the same on every try).

        The request is the generated one (`_get_kwargs`) and a success is parsed by the
        generated code (`_build_response`); a refusal is read here, so that one the
        schema does not describe (a proxy's 503 page) is still an ApiError."""
        if "idempotency_key" in hints(operation) and "idempotency_key" not in kwargs:
            kwargs["idempotency_key"] = str(uuid.uuid4())
        request = operation._get_kwargs(*args, **kwargs)
        http = self.client.get_httpx_client()
        for attempt in range(self.retry.attempts):
            last = attempt == self.retry.attempts - 1
            try:
                answer = http.request(**request)
            except httpx.TransportError:  # no answer: with its key, sending again is safe
                if last:
                    raise
                self._sleep(self.retry.wait(attempt))
                continue
            if answer.status_code < 300:
                return operation._build_response(client=self.client, response=answer).parsed
            problem = problem_of(answer)
            if last or not retryable(answer.status_code, problem, answer.headers):
                raise ApiError(answer.status_code, problem)
            self._sleep(self.retry.wait(attempt, answer.headers))
        raise AssertionError("unreachable")

    # --- games --------------------------------------------------------------------------

    def create_game(self, **fields) -> GameView:
        """POST /games with these fields (`seats`, `rules`, `timers`, `bots`, …)."""
        return self.call(games_create, body=body_of(games_create, fields))

    def join(self, game, **fields) -> GameView:
        return self.call(games_join, _game_id(game), body=body_of(games_join, fields))

    def start(self, game) -> GameView:
        return self.call(games_start, _game_id(game))

    def game(self, game) -> GameView:
        return self.call(games_retrieve, _game_id(game))

    def legal_actions(self, game) -> list[Action]:
        return self.call(games_legal_actions, _game_id(game)).actions

    def act(self, game, action: Action, *, version: int | None = None) -> ActionResult:
        """Sends `action` (a listed action, or a dict); with `version`, only if the game
        is still at that version (`If-Match`), else ApiError 412 `stale_version`."""
        if isinstance(action, Mapping):
            action = body_of(games_act, action)
        match = {} if version is None else {"if_match": f'"{version}"'}
        return self.call(games_act, _game_id(game), body=action, **match)

    def stream_ticket(self) -> str:
        """A ticket for `?ticket=` on a stream (what a browser's EventSource uses)."""
        return self.call(stream_tickets_create).ticket

    # --- live ---------------------------------------------------------------------------

    def follow(self, game, *, after: int | None = None) -> Iterator[Frame]:
        """The game's stream (Server-Sent Events) as typed frames: `ViewFrame`,
        `EventFrame`, and last `EndFrame`. A connection that is cut is opened again
        with `Last-Event-ID`, so no frame is lost or repeated; the iterator ends with
        the game."""
        return follow_stream(self, _game_id(game), after=after)

    def play(self, game, decide: Decide) -> GameView:
        """Plays this player's seat to the game's end: whenever the seat may act,
        `decide(view, legal_actions)` chooses one of the actions, which is sent with the
        view's version in `If-Match`. Returns the final view."""
        game_id, known = _game_id(game), -1
        for frame in self.follow(game_id):
            if frame.kind == "end":
                break
            if frame.kind != "view" or frame.data.version < known:
                continue
            view = frame.data
            while view.status == "active" and view.legal_actions:
                action = decide(view, view.legal_actions)
                try:
                    view = self.act(game_id, action, version=view.version).game
                except ApiError as error:
                    # Someone moved first (a bot, a timer): the stream brings the new view.
                    # The same refusal at an unchanged version is the decision's own fault.
                    current = self.game(game_id)
                    if error.status not in (409, 412) or current.version == view.version:
                        raise
                    view = current
            known = view.version
        return self.game(game_id)
