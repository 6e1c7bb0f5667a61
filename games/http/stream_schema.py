"""The streams' frames as the OpenAPI document describes them (no code sends these
serializers: the streams write their frames themselves, games.live.frames).

An NDJSON stream sends one frame object per line, `{"kind", "id", "data"}`; a Server-Sent
Events stream sends the same frame as `event: <kind>`, `id: <id>` and `data: <data as
one line of JSON>`. Each union below is keyed by `kind`; `sse_event` describes one SSE
event as an OpenAPI 3.0 document can (an object of the event's fields, as test tools
such as schemathesis read an event stream), its `data` the JSON text of the frame's data."""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from games.http.serializers import EventField, GameView, PlayerRef, WinnerField
from unoservice.api import TimeField

PHASES = ["play", "drawn_card", "respond_draw4", "choose_color", "choose_target"]


def _frame(kind: str, data, doc: str, id_help: str) -> type[serializers.Serializer]:
    """A frame serializer: `kind` (this one), `id`, and `data`."""
    fields = {
        "kind": serializers.ChoiceField(choices=[kind]),
        "id": serializers.IntegerField(help_text=id_help),
        "data": data,
        "__doc__": doc,
    }
    name = "".join(part.title() for part in kind.split("_")) + "Frame"
    return type(name, (serializers.Serializer,), fields)


# --- the game's stream ----------------------------------------------------------------


class StreamEnd(serializers.Serializer):
    version = serializers.IntegerField(help_text="The game's final version.")


GAME_FRAMES = {
    "view": _frame(
        "view",
        GameView(),
        "Your view of the game, as GET /games/{id} answers it.",
        "The view's version (resume after it).",
    ),
    "event": _frame(
        "event",
        EventField(),
        "One appended event, redacted for you as in the event feed.",
        "The event's seq (resume after it).",
    ),
    "end": _frame(
        "end", StreamEnd(), "The game has ended; the stream closes.", "The final version."
    ),
}

GAME_STREAM_FRAME = PolymorphicProxySerializer(
    component_name="GameStreamFrame",
    serializers=GAME_FRAMES,
    resource_type_field_name="kind",
)


# --- the player's own stream ----------------------------------------------------------


class YourTurn(serializers.Serializer):
    game = serializers.UUIDField()
    version = serializers.IntegerField(help_text="The game's version when it became your turn.")
    phase = serializers.ChoiceField(choices=PHASES, help_text="What the game waits on you for.")
    deadline_at = TimeField(
        allow_null=True, help_text="When you must have acted; null without a turn timer."
    )


class PlayerSnapshot(serializers.Serializer):
    your_turn = YourTurn(many=True, help_text="The games where you must act now.")
    waiting = serializers.ListField(
        child=serializers.UUIDField(), help_text="The games you sit in that wait for players."
    )
    active = serializers.ListField(
        child=serializers.UUIDField(), help_text="The games you sit in that are being played."
    )


class GameStarted(serializers.Serializer):
    game = serializers.UUIDField()
    version = serializers.IntegerField()


class GameEnded(serializers.Serializer):
    game = serializers.UUIDField()
    winner = WinnerField(
        allow_null=True, help_text="A seat, or a team's seats; null for an aborted game."
    )


class SeatChange(serializers.Serializer):
    game = serializers.UUIDField()
    seat = serializers.IntegerField()
    player = PlayerRef()


class Rematch(serializers.Serializer):
    game = serializers.UUIDField(help_text="The ended game you sat in.")
    next_game = serializers.UUIDField(help_text="Its rematch (POST /games/{id}/rematch to sit).")


_COUNT = "This connection's frame count (the stream does not resume)."
PLAYER_FRAMES = {
    "snapshot": _frame(
        "snapshot",
        PlayerSnapshot(),
        "The first frame: your games now, so that a client that reconnects is in sync.",
        _COUNT,
    ),
    "your_turn": _frame("your_turn", YourTurn(), "It has become your turn in a game.", _COUNT),
    "game_started": _frame("game_started", GameStarted(), "A game you sit in started.", _COUNT),
    "game_ended": _frame("game_ended", GameEnded(), "A game you sit in ended.", _COUNT),
    "seat_taken": _frame(
        "seat_taken",
        SeatChange(),
        "A seat was taken in a game you sit in while it waits (yours too, when you join).",
        _COUNT,
    ),
    "seat_left": _frame(
        "seat_left",
        SeatChange(),
        "A seat was left in a game you sit in while it waits (yours too, when you leave).",
        _COUNT,
    ),
    "rematch": _frame("rematch", Rematch(), "A game you sat in that ended has a rematch.", _COUNT),
}

PLAYER_STREAM_FRAME = PolymorphicProxySerializer(
    component_name="PlayerStreamFrame",
    serializers=PLAYER_FRAMES,
    resource_type_field_name="kind",
)


# --- Server-Sent Events ---------------------------------------------------------------


def sse_event(name: str, kinds: list[str], id_help: str) -> type[serializers.Serializer]:
    """One SSE event of a stream whose NDJSON frames are `kinds`: its `event`, `id` and
    `data` fields, each a string as SSE sends them."""
    fields = {
        "event": serializers.ChoiceField(choices=kinds, help_text="The frame's `kind`."),
        "id": serializers.RegexField(r"^[0-9]+$", help_text=id_help),
        "data": serializers.CharField(
            help_text="One line of JSON: the `data` of the NDJSON frame of the same `kind` "
            "(an object, as that frame's schema says)."
        ),
        "__doc__": "One Server-Sent Event (a keepalive is a comment line, not an event).",
    }
    return type(name, (serializers.Serializer,), fields)


GAME_SSE_EVENT = sse_event(
    "GameStreamEvent", list(GAME_FRAMES), "The event's seq or the view's version."
)
PLAYER_SSE_EVENT = sse_event("PlayerStreamEvent", list(PLAYER_FRAMES), _COUNT)
