"""The games API: thin translators between HTTP and the services and selectors.

Throttling (settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]): `lobby` for creating,
joining, leaving and starting; `reads` for every GET; `actions` for moves, set far above
any game's pace (a seated player is never slowed below it). Every 429 has Retry-After.
"""

from __future__ import annotations

import random
import re

from django.http import HttpResponseNotModified, StreamingHttpResponse
from django.utils.http import parse_etags
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from games import engine, selectors, services
from games.errors import (
    GameConflict,
    GameNotEnded,
    GameNotSealed,
    InvalidOption,
    InviteRequired,
    LogNotFoldable,
    NotHost,
    NotSeated,
    StaffOnly,
    TooManyGames,
)
from games.http import wire
from games.http.idempotency import IDEMPOTENCY_KEY_PATTERN, idempotent
from games.http.schema_types import RULE_CODES_OF_SEAT_ACTIONS
from games.http.serializers import (
    ACTION_UNION,
    AbortInput,
    GameCreateInput,
    GameListQuery,
    JoinInput,
    QuickMatchInput,
    UnknownCardError,
    parse_action,
)
from games.http.stream_schema import (
    GAME_SSE_EVENT,
    GAME_STREAM_FRAME,
    PLAYER_SSE_EVENT,
    PLAYER_STREAM_FRAME,
)
from games.http.wire import WireRenderer, answer, serializer_of
from games.live.frames import game_frames, player_frames
from games.live.spectators import spectator_join
from games.live.stream_views import LEASE_SECONDS, StreamApiView
from games.live.waiting import WaitingApiView
from games.live.watch import version_watch
from games.log.audit import audit_game
from games.presentation import event_document, viewer_of
from games.setup import position_from_setup, staff_deck_from_setup
from players.auth import BearerTokenAuthentication
from players.tickets import StreamTicketAuthentication
from unoservice.api import (
    ApiError,
    problem_responses,
    refuse_a_body,
)
from unoservice.clock import format_time
from unoservice.pages import (
    PAGE_PARAMETERS,
    keyset_page,
    list_filters,
    page_request,
)
from unoservice.rate_limits import ScopedRateThrottle
from unoservice.serving import on_shared_threads

GameView = serializer_of(wire.GameView)

API_ROOT = "/api/v1"
#: A seq in a query (`after`, `at`).
MAX_SEQ = 10**9
SEQ = {"type": "integer", "minimum": 0, "maximum": MAX_SEQ}


def problems(*statuses: int) -> dict:
    """The problem+json responses of a games endpoint: 400, 401, 404, 429 and these."""
    return problem_responses(*sorted({400, 401, 404, 429, *statuses}))


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "pattern": IDEMPOTENCY_KEY_PATTERN, "maxLength": 200},
    OpenApiParameter.HEADER,
    required=False,
    description="Makes the request safe to retry: a repeat with the same key and body "
    "returns the stored response and applies nothing (422 with another body; 409 "
    "`request_in_progress` while the first is running). Keys are kept at least 24 h.",
)
#: An `If-Match` the service takes: a version, optionally quoted and weak.
IF_MATCH_PATTERN = r'^(?:W/)?"?[0-9]{1,10}"?$'
IF_MATCH = OpenApiParameter(
    "If-Match",
    {"type": "string", "pattern": IF_MATCH_PATTERN},
    OpenApiParameter.HEADER,
    required=False,
    description='The version the client saw, e.g. "12" (a view\'s `ETag`): the action applies '
    "only if the game is still at that version (412 `stale_version` otherwise). "
    "Out-of-turn actions need none.",
)
IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="The `ETag` of the answer the client holds: 304 with no body while the "
    "answer would be the same.",
)


class InvalidIfMatch(ApiError):
    status_code = 400
    default_code = "invalid_request"
    default_detail = 'If-Match must be a game version, e.g. "12".'


def parse_if_match(request) -> int | None:
    header = request.META.get("HTTP_IF_MATCH")
    if header is None:
        return None
    if not re.fullmatch(IF_MATCH_PATTERN, header.strip()):
        raise InvalidIfMatch()
    return int(header.strip().removeprefix("W/").strip('"'))


def version_etag(version: int) -> str:
    """`"<version>"`: the game's version (CONTRACT: the ETag is the version)."""
    return f'"{version}"'


def view_cacheable(view: dict) -> bool:
    """Whether a client's copy of this view is still the view while the version stays.
    A rematch links an ended game to its next game without an event (its log is sealed),
    so an ended game with `next_game_id` is always answered whole."""
    return view.get("next_game_id") is None


def with_etag(request, response: Response, etag: str, *, cacheable: bool = True):
    """The answer with its `ETag`, or, to a GET whose `If-None-Match` names that ETag
    (or `*`), a 304 with no body: the client's copy is still the answer."""
    response["ETag"] = etag
    if cacheable and request.method in ("GET", "HEAD") and _none_match(request, etag):
        not_modified = HttpResponseNotModified()
        not_modified["ETag"] = etag
        return not_modified
    return response


def _none_match(request, etag: str) -> bool:
    header = request.META.get("HTTP_IF_NONE_MATCH")
    if not header:
        return False
    tags = parse_etags(header)
    return tags == ["*"] or etag in {tag.removeprefix("W/") for tag in tags}


NOT_MODIFIED = {
    304: OpenApiResponse(
        description="Not modified: the `ETag` in `If-None-Match` is still this answer's. "
        "No body; keep your copy."
    )
}


_PLAIN_ACCEPTS = frozenset({"*/*", "application/json"})


class GameApi(APIView):
    """A games endpoint. Errors are `application/problem+json` with a stable `code`.

    `refusals` names, per method, the errors a view may answer besides those of what it
    is (games.http.schema documents each operation's codes from them)."""

    refusals: dict[str, tuple] = {}

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "reads"
    renderer_classes = [WireRenderer]

    def perform_content_negotiation(self, request, force=False):
        """JSON, the one kind of answer: a request that accepts JSON or anything and names
        no `format` gets it without DRF's negotiation (its parsing of `Accept` costs
        every request about 25 us); any other goes through DRF's, which may refuse it."""
        accept = request.META.get("HTTP_ACCEPT") or "*/*"
        if accept in _PLAIN_ACCEPTS and not request.META.get("QUERY_STRING"):
            renderers = self.get_renderers()
            if len(renderers) == 1:
                return renderers[0], renderers[0].media_type
        return super().perform_content_negotiation(request, force)

    def get_throttles(self):
        scope = getattr(self, f"throttle_scope_{self.request.method.lower()}", None)
        if scope:
            self.throttle_scope = scope
        return super().get_throttles()

    def game(self, game_id, fields: tuple[str, ...] | None = None):
        return selectors.game_get(game_id=game_id, player=self.request.user, fields=fields)

    def view_response(self, game, state=None, status=200, with_rules=False) -> Response:
        """The caller's view; `rules` and `timers` only `with_rules` (GET: POST answers
        carry `rules_id` alone)."""
        view = selectors.game_view_get(
            game=game, player=self.request.user, state=state, with_rules=with_rules
        )
        view = _with_absolute_links(self.request, view)
        response = with_etag(
            self.request,
            Response(answer(wire.GameView, view), status=status),
            version_etag(view["version"]),
            cacheable=view_cacheable(view),
        )
        if status == 201:
            response["Location"] = self.request.build_absolute_uri(f"{API_ROOT}/games/{game.id}")
        return response

    def written_response(self, write) -> Response:
        """The caller's view after a write, from the state the write left in memory."""
        return self.view_response(write.game, state=write.state)


class GameListCreateApi(GameApi):
    """The lobby: list the games you may see; create a game and take seat 0."""

    throttle_scope_post = "lobby"
    refusals = {
        "post": (
            StaffOnly,
            (InvalidOption, ("invalid_option", "unknown_option", "unknown_card")),
            TooManyGames,
        )
    }

    @extend_schema(
        operation_id="games_list",
        summary="The lobby: games you may see, most recently active first",
        parameters=[GameListQuery, *PAGE_PARAMETERS],
        responses={200: serializer_of(wire.GameSummaryPage), **problems()},
    )
    def get(self, request):
        query = list_filters(GameListQuery, request.query_params)
        filters = selectors.GameFilters(
            status=query.get("status"),
            preset=query.get("preset"),
            player_id=query.get("player"),
            mine=query["mine"],
            visibility=query.get("visibility"),
            updated_after=query.get("updated_after"),
        )
        games = selectors.game_list(player=request.user, filters=filters)
        page = keyset_page(
            games, page_request(request.query_params), order=("-updated_at", "-id"), item=_summary
        )
        return Response(answer(wire.GameSummaryPage, page))

    @extend_schema(
        operation_id="games_create",
        summary="Create a game; you take seat 0",
        request=GameCreateInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: GameView, **problems(403, 409, 422)},
        examples=[
            OpenApiExample(
                "House rules, 4 seats",
                request_only=True,
                value={
                    "seats": 4,
                    "rules": {"preset": "house", "options": {"target_score": 300}},
                    "timers": {"turn_seconds": 30},
                    "visibility": "public",
                },
            ),
            OpenApiExample(
                "A game of bots alone",
                request_only=True,
                description="The creator takes no seat but stays the host: it starts the "
                "game and may watch it. Unless staff make it, such a game thinks at least "
                "200 ms per move and plays to at most 500 points (400 `invalid_option`).",
                value={
                    "seats": 3,
                    "bots": [
                        {"strategy": "greedy"},
                        {"strategy": "random"},
                        {"strategy": "greedy"},
                    ],
                    "seat_host": False,
                    "bot_think_ms": 200,
                },
            ),
            OpenApiExample(
                "Staff: start from a position",
                request_only=True,
                description="Hands keyed by seat, piles top first; the deck's other cards "
                "go to the bottom of the draw pile. The host starts it once the seats are "
                "taken.",
                value={
                    "seats": 2,
                    "rules": {"preset": "classic", "options": {"target_score": 200}},
                    "position": {
                        "hands": {"0": ["red-5", "wild", "blue-skip"], "1": ["blue-2", "yellow-7"]},
                        "discard": ["red-3", "green-3"],
                        "draw": ["green-7", "wild-draw4"],
                        "color": "red",
                        "direction": "clockwise",
                        "to_act": 0,
                        "dealer": 1,
                        "scores": {"0": 120, "1": 40},
                        "eliminated": [],
                        "unplaced": "draw_bottom",
                    },
                },
            ),
            OpenApiExample(
                "Staff: a prearranged deal",
                request_only=True,
                description="The first cards of the deck, top first (dealt one at a time "
                "from the seat left of the dealer, then the first card turned); `seed` makes "
                "every later shuffle reproducible.",
                value={
                    "seats": 2,
                    "deck": ["red-1", "blue-1", "red-2", "blue-2"],
                    "dealer": 1,
                    "seed": 42,
                },
            ),
        ],
    )
    def post(self, request):
        return idempotent(request, lambda: self._create(request))

    def _create(self, request):
        data = _valid(GameCreateInput, request.data)
        staff_fields = {k: data[k] for k in GameCreateInput.STAFF_FIELDS if k in data}
        if staff_fields and not request.user.is_staff:
            raise StaffOnly(f"Only staff may set {', '.join(sorted(staff_fields))}.")
        rules = data.get("rules") or {"preset": "classic", "options": {}}
        if staff_fields:
            _check_staff_setup(staff_fields, data["seats"], rules)
        game = services.game_create(
            host=request.user,
            seats=data["seats"],
            rules=rules,
            timers=data.get("timers"),
            visibility=data["visibility"],
            setup=staff_fields,
            bots=data["bots"],
            seat_host=data["seat_host"],
            bot_think_ms=data["bot_think_ms"],
        )
        return self.view_response(game, status=201)


VIEW_ETAG = (
    'The `ETag` is the game\'s version (`"12"`). With `If-None-Match` naming it, the '
    "answer is a 304 with no body while the game is at that version: keep your copy (all "
    "but `server_time`, which is new on every answer, and `spectators`, a live count, are "
    "still what you hold; its `replay_url` stays valid until 24 hours after you got it). "
    "An ended game that a rematch has linked to its next game (`next_game_id`, which no "
    "event records) is always answered whole. A `POST` answer's view carries the same "
    "`ETag` a `GET` would."
)


class GameDetailApi(GameApi):
    """The game as you may see it: your hand, everyone's counts, the table, whose turn,
    deadlines, what you may send now, and the rule set."""

    refusals = {"get": (LogNotFoldable,)}

    @extend_schema(
        operation_id="games_retrieve",
        summary="The game as you may see it, with its rule set",
        description="The only answer that carries `rules` and `timers` besides a stream's "
        "first view; every view carries `rules_id`. " + VIEW_ETAG,
        parameters=[IF_NONE_MATCH],
        responses={200: GameView, **NOT_MODIFIED, **problems(409)},
    )
    def get(self, request, game_id):
        return self.view_response(self.game(game_id), with_rules=True)


class GameJoinApi(GameApi):
    """Take the next free seat of a waiting game (`invite_code` for an invite game).
    Joining a game you sit in returns it unchanged."""

    throttle_scope = "lobby"
    refusals = {
        "post": (InviteRequired, (GameConflict, ("game_full", "game_not_active")), TooManyGames)
    }

    @extend_schema(
        operation_id="games_join",
        summary="Take a seat",
        request=JoinInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: GameView, **problems(403, 409, 422)},
    )
    def post(self, request, game_id):
        return idempotent(request, lambda: self._join(request, game_id))

    def _join(self, request, game_id):
        data = _valid(JoinInput, request.data)
        written = services.game_join(
            game_id=game_id, player=request.user, invite_code=data.get("invite_code")
        )
        return self.written_response(written)


class QuickMatchApi(GameApi):
    """Play the next public game with these settings: join the one that has waited
    longest, or create one. Such games start by themselves once full."""

    throttle_scope = "lobby"
    refusals = {
        "post": ((InvalidOption, ("invalid_option", "unknown_option")), TooManyGames),
    }

    @extend_schema(
        operation_id="games_quick_match",
        tags=["games"],
        summary="Quick match: join the longest-waiting matching game, or create one",
        description="Joins the public quick match game with the same seat count, rules and "
        "timers that has waited longest (200, its view), or creates one that you host in "
        "seat 0 (201, with `Location`). Rules are compared after the preset is applied "
        "(every option) and timers after the defaults are filled in. A quick match game "
        "starts by itself when its last seat is taken: the answer to that join is the "
        "started game. Asking again while you wait in such a game answers it (200). "
        "Only games made by quick match are matched; others wait for their host to start.",
        request=QuickMatchInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={
            201: OpenApiResponse(GameView, description="No game was waiting: a new one."),
            200: OpenApiResponse(
                GameView,
                description="A waiting game you now sit in (started if you took its last "
                "seat), or the one you were already waiting in.",
            ),
            **problems(409, 422),
        },
        examples=[
            OpenApiExample("Two seats, classic", request_only=True, value={"seats": 2}),
            OpenApiExample(
                "Four seats, house rules, 30 s turns",
                request_only=True,
                value={
                    "seats": 4,
                    "rules": {"preset": "house"},
                    "timers": {"turn_seconds": 30},
                },
            ),
        ],
    )
    def post(self, request):
        return idempotent(request, lambda: self._quick_match(request))

    def _quick_match(self, request):
        data = _valid(QuickMatchInput, request.data)
        found, created = services.game_quick_match(
            player=request.user,
            seats=data["seats"],
            rules=data.get("rules") or {"preset": "classic", "options": {}},
            timers=data.get("timers"),
        )
        if created:
            return self.view_response(found, status=201)
        return self.written_response(found)


class GameLeaveApi(GameApi):
    """Leave: while waiting the seat is freed (the host's leaving closes the game);
    while playing the seat is removed from play and its cards go under the draw pile."""

    throttle_scope = "lobby"
    refusals = {"post": (NotSeated, GameConflict)}

    @extend_schema(
        operation_id="games_leave",
        summary="Leave: frees the seat while waiting, removes it while playing",
        request=None,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: GameView, **problems(403, 409, 422)},
    )
    def post(self, request, game_id):
        refuse_a_body(request)
        return idempotent(request, lambda: self._leave(request, game_id))

    def _leave(self, request, game_id):
        return self.written_response(services.game_leave(game_id=game_id, player=request.user))


class GameStartApi(GameApi):
    """The host starts the game once every seat is taken: the first deal."""

    throttle_scope = "lobby"
    refusals = {
        "post": (
            NotHost,
            (GameConflict, ("game_not_active", "game_not_full")),
            (InvalidOption, ("invalid_option",)),
        )
    }

    @extend_schema(
        operation_id="games_start",
        summary="Start the game (host, seats filled)",
        request=None,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: GameView, **problems(403, 409, 422)},
    )
    def post(self, request, game_id):
        refuse_a_body(request)
        return idempotent(request, lambda: self._start(request, game_id))

    def _start(self, request, game_id):
        return self.written_response(services.game_start(game_id=game_id, player=request.user))


class GameAbortApi(GameApi):
    """Staff: stop a game with no result, recording the reason."""

    throttle_scope = "lobby"
    refusals = {"post": (StaffOnly, GameConflict)}

    @extend_schema(
        operation_id="games_abort",
        summary="Staff: abort a stuck game",
        request=AbortInput,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: GameView, **problems(403, 409, 422)},
    )
    def post(self, request, game_id):
        return idempotent(request, lambda: self._abort(request, game_id))

    def _abort(self, request, game_id):
        game = self.game(game_id)
        if not request.user.is_staff:
            raise StaffOnly(version=game.version)  # the problem names the game's version
        data = _valid(AbortInput, request.data)
        written = services.game_abort(game_id=game.id, reason=data["reason"], staff=request.user)
        return self.written_response(written)


class GameRematchApi(GameApi):
    """A player of an ended game asks for the next one: the first call creates it (201;
    the caller hosts it, in seat 0), later calls seat their caller in it (200). Anyone
    else joins the new game as usual."""

    throttle_scope = "lobby"
    refusals = {
        "post": (
            NotSeated,
            GameNotEnded,
            (GameConflict, ("game_full", "game_not_active")),
            TooManyGames,
        )
    }

    @extend_schema(
        operation_id="games_rematch",
        summary="Rematch: the next game after an ended one, with its players",
        description="For a player who sat in a finished or aborted game. The first call "
        "creates the next game (201, with `Location`): the same seat count, rules, timers "
        "and visibility, no staff set-up, the caller in seat 0 as its host. Every later "
        "call answers the same game (200) and seats its caller there if they were a player "
        "of the ended game, no invite code needed; anyone else joins it as usual "
        "(POST /games/{id}/join, with the new game's own invite code for an invite game). "
        "The ended game's view then shows `next_game_id`; its log and seal are unchanged.",
        request=None,
        parameters=[IDEMPOTENCY_KEY],
        responses={
            201: OpenApiResponse(GameView, description="The next game, created by this call."),
            200: OpenApiResponse(GameView, description="The next game, created before."),
            **problems(403, 409, 422),
        },
    )
    def post(self, request, game_id):
        refuse_a_body(request)
        return idempotent(request, lambda: self._rematch(request, game_id))

    def _rematch(self, request, game_id):
        game = self.game(game_id)  # an invite game is invisible (404) to outsiders
        next_game, created = services.game_rematch(game_id=game.id, player=request.user)
        return self.view_response(next_game, status=201 if created else 200)


class GameLegalActionsApi(GameApi):
    """Every action your seat may send now (out-of-turn ones included), each a
    ready-to-send body for POST /actions."""

    @extend_schema(
        operation_id="games_legal_actions",
        summary="Every action your seat may send now, as ready-to-send bodies",
        description="Every view carries the same list as `legal_actions`. The `ETag` is "
        'the game\'s version (`"12"`); `If-None-Match` naming it gives a 304.',
        parameters=[IF_NONE_MATCH],
        responses={200: serializer_of(wire.LegalActions), **NOT_MODIFIED, **problems()},
    )
    def get(self, request, game_id):
        game = self.game(game_id, fields=selectors.LEGAL_ACTIONS_FIELDS)
        actions = selectors.legal_actions_get(game=game, player=request.user)
        body = answer(wire.LegalActions, {"actions": actions})
        return with_etag(request, Response(body), version_etag(game.version))


class GameActionsApi(GameApi):
    """Send one action."""

    throttle_scope = "actions"
    refusals = {
        "post": (
            NotSeated,
            UnknownCardError,
            (GameConflict, ("game_not_active", *RULE_CODES_OF_SEAT_ACTIONS)),
        )
    }

    @extend_schema(
        operation_id="games_act",
        summary="Send one action",
        description="One body for every action, discriminated by `type`. A play carries the "
        "card and, where the card needs them, `color` and `target`; add `uno: true` to say "
        "UNO with it. Jump-in is a play by a seat whose turn it is not. Out-of-turn actions "
        "(jump-in, `call_uno`, `catch_uno`) race: the server's receipt order decides, and a "
        "late one gets a 409 such as `window_closed`.",
        request=ACTION_UNION,
        parameters=[IDEMPOTENCY_KEY, IF_MATCH],
        responses={200: serializer_of(wire.ActionResult), **problems(403, 409, 412, 422)},
        examples=[
            OpenApiExample(
                "Play a red 5", value={"type": "play", "card": "red-5"}, request_only=True
            ),
            OpenApiExample(
                "Play a wild, call blue, say UNO",
                request_only=True,
                value={"type": "play", "card": "wild", "color": "blue", "uno": True},
            ),
            OpenApiExample("Draw", value={"type": "draw"}, request_only=True),
            OpenApiExample(
                "Catch seat 2", value={"type": "catch_uno", "target": 2}, request_only=True
            ),
        ],
    )
    def post(self, request, game_id):
        return idempotent(request, lambda: self._act(request, game_id))

    def _act(self, request, game_id):
        command = parse_action(request.data).command(None)  # the service gives the seat
        written = services.game_act(
            game_id=game_id,
            player=request.user,
            command=command,
            if_match=parse_if_match(request),
        )
        game = written.game
        viewer = viewer_of(game, request.user)
        events = [event_document(a.row, viewer, event=a.event) for a in written.appended]
        view = _with_absolute_links(
            request,
            selectors.game_view_get(
                game=game, player=request.user, state=written.state, with_rules=False
            ),
        )
        body = answer(wire.ActionResult, {"version": game.version, "events": events, "game": view})
        return with_etag(
            request, Response(body), version_etag(view["version"]), cacheable=view_cacheable(view)
        )


class GameEventsApi(WaitingApiView, GameApi):
    """Your redacted event feed after a seq; `wait` long-polls until an event exists. A
    waiting request holds no thread and no database connection."""

    @extend_schema(
        operation_id="games_events",
        summary="Your redacted event feed after a seq (long-poll with wait)",
        description="With `wait`, the request is held until an event after `after` exists "
        "or `wait` seconds have passed (then `events` is empty). A waiting request counts "
        "toward the streams a player may hold open (429 `too_many_streams`). The `ETag` is "
        'the game\'s version (`"12"`); `If-None-Match` naming it gives a 304 (after the '
        "wait, with `wait`).",
        parameters=[
            IF_NONE_MATCH,
            OpenApiParameter("after", SEQ, description="Return events with seq > after."),
            OpenApiParameter(
                "wait",
                {"type": "integer", "minimum": 0, "maximum": 30},
                description="0-30 s: hold the request until an event exists or the time is up.",
            ),
        ],
        responses={
            200: serializer_of(wire.EventFeed),
            **NOT_MODIFIED,
            **problems(),
        },
    )
    def get(self, request, game_id):
        after = _int_param(request, "after", 0, 0, MAX_SEQ)
        wait = _int_param(request, "wait", 0, 0, 30)
        game = self.game(game_id)
        feed = selectors.event_feed(game=game, player=request.user, after=after)
        if feed["events"] or not wait:
            return _feed_response(request, feed)
        return self.wait_then(
            lambda: version_watch.wait_past(game.id, after, wait),
            seconds=wait,
            then=lambda: _feed_response(
                request, selectors.event_feed(game=game, player=request.user, after=after)
            ),
        )


def _feed_response(request, feed: dict):
    body = answer(wire.EventFeed, feed)
    return with_etag(request, Response(body), version_etag(feed["version"]))


#: A `Last-Event-ID` the service takes: a frame id (HTTP drops the spaces around it).
LAST_EVENT_ID_PATTERN = r"^[0-9]{1,10}$"


class InvalidLastEventId(ApiError):
    status_code = 400
    default_code = "invalid_request"
    default_detail = "Last-Event-ID must be the id of a frame this stream sent (an integer)."


STREAM_FRAMES = (
    "Frames (SSE: `event:`, `id:`, one line of `data:` JSON; NDJSON: one "
    '`{"kind", "id", "data"}` object per line): `view` (your view, as `GET /games/{id}`, '
    "with `rules` and `timers`; `id` its version) first, then for each batch of appended "
    "events one `event` per event (redacted for you, as in the feed; `id` its seq) and a "
    "`view` (without `rules` and `timers`: its `rules_id` is the first view's; none with "
    "`?views=first`); keepalives (`: keepalive`, or an empty NDJSON line) at least every "
    '15 s; once the game has ended, the final view and `end` (`{"version": V}`), then '
    "the stream closes."
)


SSE_FRAMES = (
    " Each SSE frame's `data:` is the `data` of the NDJSON frame of the same `kind` "
    "(the NDJSON response's schema)."
)


def stream_responses(frames_text: str, ndjson_frame, sse_event) -> dict:
    """A stream's 200 in both media types: SSE by default, NDJSON by Accept. The SSE
    schema describes one event (OpenAPI 3.0 has no way to describe the whole stream)."""
    return {
        (200, "text/event-stream"): OpenApiResponse(
            sse_event, description="Server-Sent Events. " + frames_text + SSE_FRAMES
        ),
        (200, "application/x-ndjson"): OpenApiResponse(
            ndjson_frame, description="NDJSON: one frame per line. " + frames_text
        ),
    }


#: A game stream's `?views=`.
STREAM_VIEWS = ("all", "first")


class GameStreamApi(StreamApiView, GameApi):
    """The game live: your view, then every event appended, redacted for you, with a view
    after each batch. An open stream holds no thread and no database connection."""

    stream_kind = "game"

    authentication_classes = [BearerTokenAuthentication, StreamTicketAuthentication]

    @extend_schema(
        operation_id="games_stream",
        summary="The game live, as Server-Sent Events or NDJSON (resumable)",
        description=STREAM_FRAMES
        + " Resume with `Last-Event-ID: N` (or `?after=N`; the header wins): every event "
        "after N, then a view, then live; nothing lost or repeated. Counts toward the "
        "streams a player may hold open (429 `too_many_streams`). Browsers authenticate "
        "with `?ticket=` (`POST /api/v1/stream-tickets`).",
        parameters=[
            OpenApiParameter("after", SEQ, description="Resume after this seq."),
            OpenApiParameter(
                "Last-Event-ID",
                {"type": "string", "pattern": LAST_EVENT_ID_PATTERN},
                OpenApiParameter.HEADER,
                description="The last frame id received (sent by EventSource on reconnect): "
                "an integer; anything else is a 400 `invalid_request`.",
            ),
            OpenApiParameter("ticket", str, description="A stream ticket, for EventSource."),
            OpenApiParameter(
                "views",
                {"type": "string", "enum": list(STREAM_VIEWS), "default": "all"},
                description="`all`: a view after every batch of events; `first`: the "
                "connection's first view and the final one only, events in between (a "
                "client that applies the events itself).",
            ),
            OpenApiParameter("format", exclude=True),  # the media type goes by Accept
        ],
        responses={
            **stream_responses(STREAM_FRAMES, GAME_STREAM_FRAME, GAME_SSE_EVENT),
            **problems(),
        },
    )
    def get(self, request, game_id):
        after = _stream_start(request)
        views = request.query_params.get("views", "all")
        if views not in STREAM_VIEWS:
            raise serializers.ValidationError({"views": ["must be all or first"]})
        game = self.game(game_id)
        live = on_shared_threads()  # served on the event loop (else WSGI: one batch)
        spectator = None
        if viewer_of(game, request.user).seat is None:
            spectator = spectator_join(game.id, request.user, LEASE_SECONDS)
        frames = game_frames(
            request, game.id, after, live=live, spectator=spectator, views_first=views == "first"
        )
        return self.open_stream(frames, also=(spectator,) if spectator else ())


PLAYER_STREAM_FRAMES = (
    "Frames (SSE: `event:`, `id:`, one line of `data:` JSON; NDJSON: one "
    '`{"kind", "id", "data"}` object per line): first `snapshot` (`your_turn`: the games '
    "where you must act, `waiting` and `active`: the games you sit in), then notices as "
    "they happen: `your_turn`, `game_started`, `game_ended`, `seat_taken` and `seat_left` "
    "(games you sit in while they wait, your own seat included), `rematch`; keepalives "
    "(`: keepalive`, or an empty NDJSON line) at least every 15 s. `id` counts this "
    "connection's frames: the stream does not resume, and a reconnect starts with a new "
    "snapshot, in sync again. Notices are derived from your games as stored, so a notice "
    "may come late, never lost; several writes between two reads are told together."
)


class PlayerStreamApi(StreamApiView, GameApi):
    """Your own notices across your games: a snapshot, then what changes. An open stream
    holds no thread and no database connection."""

    stream_kind = "player"

    authentication_classes = [BearerTokenAuthentication, StreamTicketAuthentication]

    @extend_schema(
        operation_id="players_me_stream",
        summary="Your notices across games, as Server-Sent Events or NDJSON",
        description=PLAYER_STREAM_FRAMES
        + " Counts toward the streams a player may hold open (429 `too_many_streams`). "
        "Browsers authenticate with `?ticket=` (`POST /api/v1/stream-tickets`).",
        parameters=[
            OpenApiParameter("ticket", str, description="A stream ticket, for EventSource."),
            OpenApiParameter("format", exclude=True),  # the media type goes by Accept
        ],
        responses={
            **stream_responses(PLAYER_STREAM_FRAMES, PLAYER_STREAM_FRAME, PLAYER_SSE_EVENT),
            **problem_responses(401, 429),
        },
    )
    def get(self, request):
        live = on_shared_threads()  # served on the event loop (else WSGI: the snapshot)
        return self.open_stream(player_frames(request, live=live))


def _stream_start(request) -> int | None:
    """Where a stream resumes: `Last-Event-ID`, else `?after=`, else None (the head).
    Both are checked when both are sent: the header wins, but a bad `after` is a 400."""
    after = None
    if request.query_params.get("after") is not None:
        after = _int_param(request, "after", 0, 0, MAX_SEQ)
    header = request.headers.get("Last-Event-ID")
    if header is not None:
        if not re.fullmatch(LAST_EVENT_ID_PATTERN, header.strip()):
            raise InvalidLastEventId()
        return int(header)
    return after


class GameReplayApi(GameApi):
    """The game as of seq `at`, as you may see it."""

    refusals = {"get": (LogNotFoldable,)}

    @extend_schema(
        operation_id="games_replay",
        summary="The game as of seq `at`, as you may see it",
        description="A view as of `at` (`version` is `at`, `replay_of` the game's version), "
        "with `rules` and `timers`; its `legal_actions` is empty (nothing can be sent to a "
        'past position). The `ETag` is `"<at>"`; `If-None-Match` naming it gives a 304. '
        "A stored log the engine cannot replay up to `at` (changed outside the service) is "
        "a 409 `log_not_foldable` whose `seq` names the first event it cannot apply.",
        parameters=[
            OpenApiParameter(
                "at", SEQ, required=True, description="The seq (beyond the last: the last)."
            ),
            IF_NONE_MATCH,
        ],
        responses={200: serializer_of(wire.GameReplay), **NOT_MODIFIED, **problems(409)},
    )
    def get(self, request, game_id):
        at = _int_param(request, "at", None, 0, MAX_SEQ)
        game = self.game(game_id)
        replay = _with_absolute_links(
            request, selectors.game_replay_get(game=game, player=request.user, at=at)
        )
        body = answer(wire.GameReplay, replay)
        return with_etag(request, Response(body), version_etag(body.version))


class GameExportApi(GameApi):
    """The whole log as NDJSON, redacted for you."""

    @extend_schema(
        operation_id="games_export",
        summary="The whole log as NDJSON, redacted for you",
        description="A header line `{format, format_version, game, version, head_hash}` "
        "(and `seal` once the game has ended), then "
        "one event per line (private parts you may not see are null; their digests stay, so "
        "the hash chain verifies).",
        responses={(200, "application/x-ndjson"): OpenApiTypes.STR, **problems()},
    )
    def get(self, request, game_id):
        game = self.game(game_id)
        lines = selectors.export_lines(game=game, player=request.user)
        response = StreamingHttpResponse(lines, content_type="application/x-ndjson")
        response["Content-Disposition"] = f'attachment; filename="game-{game.id}.ndjson"'
        return response


class GameSealApi(GameApi):
    """The Ed25519 seal of an ended game: anyone who may read the game may check that its
    log ends where the service signed it did, with a key from GET /keys."""

    refusals = {"get": (GameNotEnded, GameNotSealed)}

    @extend_schema(
        operation_id="games_seal",
        summary="The seal of an ended game (Ed25519 over its id, version and head hash)",
        responses={200: serializer_of(wire.SealView), **problems(409)},
    )
    def get(self, request, game_id):
        game = self.game(game_id)
        return Response(answer(wire.SealView, selectors.seal_get(game=game)))


class SigningKeysApi(APIView):
    """Every key the service has sealed games with, retired ones included."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "reads"
    renderer_classes = [WireRenderer]

    @extend_schema(
        operation_id="keys_list",
        summary="The public keys that verify seals (no authentication)",
        auth=[],
        responses={200: serializer_of(wire.SigningKeys), **problem_responses(400, 429)},
        tags=["games"],
    )
    def get(self, request):
        return Response(answer(wire.SigningKeys, selectors.signing_keys_get()))


class GameAuditApi(GameApi):
    """The audit: the hash chain is intact, replaying the log reproduces the head row
    and its snapshot, and every shuffle matches its commitment. Staff at any time; the
    game's players once it has ended."""

    refusals = {"get": (StaffOnly,)}

    @extend_schema(
        operation_id="games_audit",
        summary="Audit: hash chain, replay against the head row, shuffle commitments",
        responses={200: serializer_of(wire.AuditResult), **problems(403)},
    )
    def get(self, request, game_id):
        game = self.game(game_id)
        selectors.audit_allowed(game=game, player=request.user)
        return Response(answer(wire.AuditResult, audit_game(game)))


def _valid(serializer_class, data) -> dict:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _check_staff_setup(setup: dict, seats: int, rules: dict) -> None:
    """A staff deck, position or dealer is refused at creation, not when the host starts
    the game: unknown card codes are a 400 `unknown_card`; a set-up the engine cannot
    start from is a 400 `invalid_option` naming the field. Checked by starting the game
    once on a throwaway state (nothing is recorded)."""
    rule_set = services.rule_set_or_error(rules.get("preset", "classic"), rules.get("options"))
    try:
        engine.check_seats(rule_set, seats)
    except engine.InvalidRules:
        return  # game_create reports it
    command = engine.StartGame(
        seats=seats,
        rules=rule_set,
        dealer=setup.get("dealer"),
        deck=staff_deck_from_setup(setup),
        position=position_from_setup(setup),
        provably_fair=False,
    )
    try:
        engine.step(engine.GameState(), command, random.Random(0))
    except engine.RuleViolation as refused:
        field = next(f for f in ("position", "deck", "dealer", "seed") if f in setup)
        raise InvalidOption(
            f"{field}: {refused.message}", code="invalid_option", option=field
        ) from None


def _int_param(request, name: str, default, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        if default is None:
            raise serializers.ValidationError({name: ["This parameter is required."]})
        return default
    # ASCII digits only: int() would also take "1_0", " 1", "+1" and other scripts' digits.
    if not re.fullmatch(r"-?[0-9]+", raw):
        raise serializers.ValidationError({name: ["must be an integer"]})
    value = int(raw) if len(raw) <= 12 else None  # longer is out of range (and slow)
    if value is None or not low <= value <= high:
        raise serializers.ValidationError({name: [f"must be from {low} to {high}"]})
    return value


def _summary(game) -> dict:
    seats = game.seat_rows()
    return {
        "id": str(game.id),
        "status": game.status,
        "visibility": game.visibility,
        "seat_count": game.seat_count,
        "seats_taken": len([s for s in seats if not s.left]),
        "rules": game.rules,
        "host": {"id": str(game.host_id), "name": game.host.name},
        "version": game.version,
        "created_at": format_time(game.created_at),
        "updated_at": format_time(game.updated_at),
    }


def _with_absolute_links(request, view: dict) -> dict:
    if view.get("replay_url"):
        view["replay_url"] = request.build_absolute_uri(view["replay_url"])
    return view
