"""What typed wire models cost on the hot answers: the game view, a move's answer,
legal-actions and an events page, each built and rendered to JSON bytes

- `dict_json`: today's path: the dict presentation builds, rendered as DRF's
  JSONRenderer does (json.dumps, compact, ensure_ascii off);
- `pydantic_validate`: the same dict validated into pydantic v2 models, then
  `model_dump_json` (what "the running code builds, validates and renders" costs when
  the engine's view stays a dict);
- `pydantic_construct`: the models built with `model_construct` (no validation), nested
  ones too, then `model_dump_json`;
- `msgspec_convert` / `msgspec_construct`: the same with msgspec Structs
  (`msgspec.convert`, then `msgspec.json.encode`).

    uv run --no-sync python bench/wire_models.py [--seconds 0.3] [--seats 4]

It chose msgspec for games/http/wire.py. The documents come from a real game: the engine
plays a classic 4-seat game from a fixed seed to mid-round, then a seat's view, its legal
actions, the last move's events and a page of 50 events are shaped as
games/presentation.py shapes them (its envelope fields filled with fixed values). Each
figure is the median of repeated timings, in microseconds of CPU per answer; the last
line is one JSON object with every figure.
"""

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Annotated, Any, Literal, Union

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import msgspec  # noqa: E402
import pydantic  # noqa: E402
from pydantic import BaseModel, Field  # noqa: E402

from games import engine  # noqa: E402
from games.engine import Viewer, action_body, event_to_parts, view_for  # noqa: E402

NOW = "2026-12-03T18:00:00.000000Z"
HASH = "ab" * 32


# --- the documents, from a game the engine plays -----------------------------------------


def play(seats: int, moves: int, seed: int = 7):
    rng = random.Random(seed)
    rules = engine.rule_set_from("classic", {"target_score": 5000})
    state = engine.GameState()
    log = list(engine.step_in_place(state, engine.StartGame(seats=seats, rules=rules), rng))
    for _ in range(moves):
        to_act = state.to_act
        options = engine.legal_actions(state, to_act)
        log.extend(engine.step_in_place(state, rng.choice(options), rng))
    return state, log


def event_doc(seq: int, event, viewer: Viewer) -> dict:
    redacted = engine.redact_for(event, viewer)
    type_, public, private = event_to_parts(event)
    return {
        "seq": seq,
        "type": type_,
        "schema_version": 1,
        "recorded_at": NOW,
        "actor": "seat:0",
        "public": public,
        "private": redacted["private"],
        "private_digest": HASH if private is not None else "",
        "prev_hash": HASH,
        "hash": HASH,
    }


def game_doc(state, viewer: Viewer) -> dict:
    view = view_for(state, viewer)
    for entry in view["seats"]:
        entry["player"] = {"id": "0" * 8 + "-0000-4000-8000-" + "0" * 12, "name": "Ana"}
        entry["catchable_until"] = None
    view.pop("uno_windows")
    view.pop("status")
    return {
        "id": "1" * 8 + "-1111-4111-8111-" + "1" * 12,
        "version": 120,
        "head_hash": HASH,
        "status": "active",
        "visibility": "public",
        "host": "0" * 8 + "-0000-4000-8000-" + "0" * 12,
        "seat_count": state.seat_count,
        "rules_id": "0123456789abcdef",
        "bot_think_ms": 600,
        "created_at": NOW,
        "server_time": NOW,
        "deadline_at": NOW,
        "next_game_id": None,
        "spectators": 0,
        **view,
        "uno_window": None,
        "replay_url": None,
        "legal_actions": [action_body(a) for a in engine.legal_actions(state, viewer.seat)],
    }


def documents(seats: int) -> dict[str, dict]:
    state, log = play(seats, 40)
    viewer = Viewer.of_seat(state.to_act)
    game = game_doc(state, viewer)
    events = [event_doc(i + 1, e, viewer) for i, e in enumerate(log)]
    return {
        "game_view": game,
        "move": {"version": 120, "events": events[-2:], "game": game},
        "legal_actions": {"actions": game["legal_actions"]},
        "events_page": {"version": 120, "head_hash": HASH, "events": events[-50:]},
    }


# --- pydantic v2 models ------------------------------------------------------------------


class PPlayerRef(BaseModel):
    id: str
    name: str
    bot: bool | None = None


class PSeatView(BaseModel):
    seat: int
    player: PPlayerRef | None
    cards: int
    uno_called: bool
    catchable: bool | None = None
    catchable_until: str | None
    score: int
    state: Literal["playing", "bot", "removed", "eliminated", "open"]
    team: int | None = None
    backs: list[str] | None = None
    hand: list[str] | None = None


class PYouView(BaseModel):
    seat: int
    hand: list[str]
    drawn_card: str | None = None


class PUnoWindow(BaseModel):
    seat: int
    closes_at: str | None


def _p_action(name: str, **fields):
    annotations = {"type": Literal[name], **{k: v[0] for k, v in fields.items()}}
    defaults = {k: v[1] for k, v in fields.items() if len(v) > 1}
    return type(
        "P" + name.title().replace("_", ""),
        (BaseModel,),
        {"__annotations__": annotations, **defaults},
    )


P_ACTIONS = [
    _p_action(
        "play",
        card=(str,),
        color=(str | None, None),
        target=(int | None, None),
        uno=(bool, False),
    ),
    *(_p_action(n) for n in ("draw", "pass", "keep", "call_uno", "challenge", "accept")),
    _p_action("choose_color", color=(str,)),
    _p_action("choose_target", target=(int,)),
    _p_action("catch_uno", target=(int,)),
]
PAction = Annotated[Union[tuple(P_ACTIONS)], Field(discriminator="type")]  # noqa: UP007


class PGameView(BaseModel):
    id: str
    version: int
    head_hash: str
    status: str
    visibility: str
    invite_code: str | None = None
    host: str
    seat_count: int
    rules_id: str
    rules: dict | None = None
    timers: dict | None = None
    bot_think_ms: int
    created_at: str
    seats: list[PSeatView]
    you: PYouView | None
    round: int
    dealer: int | None
    top_card: str | None
    color: str | None
    direction: str
    to_act: int | None
    phase: str
    pending_draw: int
    challengeable: int | None = None
    uno_window: PUnoWindow | None
    draw_pile: int
    discard_pile: int
    draw_pile_cards: list[str] | None = None
    side: str | None = None
    draw_pile_back: str | None = None
    deadline_at: str | None
    server_time: str
    winner: int | list[int] | None
    ranking: list[int]
    provably_fair: bool | None = None
    next_game_id: str | None
    replay_url: str | None
    spectators: int
    legal_actions: list[PAction]


class PEvent(BaseModel):
    seq: int
    type: str
    schema_version: int
    recorded_at: str
    actor: str
    public: dict[str, Any]
    private: dict[str, Any] | None
    private_digest: str
    prev_hash: str
    hash: str


class PActionResult(BaseModel):
    version: int
    events: list[PEvent]
    game: PGameView


class PLegalActions(BaseModel):
    actions: list[PAction]


class PEventFeed(BaseModel):
    version: int
    head_hash: str
    events: list[PEvent]


P_MODELS = {
    "game_view": PGameView,
    "move": PActionResult,
    "legal_actions": PLegalActions,
    "events_page": PEventFeed,
}
P_ACTION_OF = {cls.model_fields["type"].annotation.__args__[0]: cls for cls in P_ACTIONS}


def p_construct_game(d: dict) -> PGameView:
    fields = dict(d)
    fields["seats"] = [
        PSeatView.model_construct(
            **{
                **s,
                "player": PPlayerRef.model_construct(**s["player"]) if s["player"] else None,
            }
        )
        for s in d["seats"]
    ]
    fields["you"] = PYouView.model_construct(**d["you"]) if d["you"] else None
    fields["uno_window"] = (
        PUnoWindow.model_construct(**d["uno_window"]) if d["uno_window"] else None
    )
    fields["legal_actions"] = p_construct_actions(d["legal_actions"])
    return PGameView.model_construct(**fields)


def p_construct_actions(bodies: list[dict]) -> list:
    return [P_ACTION_OF[b["type"]].model_construct(**b) for b in bodies]


def p_construct_events(events: list[dict]) -> list[PEvent]:
    return [PEvent.model_construct(**e) for e in events]


P_CONSTRUCT = {
    "game_view": p_construct_game,
    "move": lambda d: PActionResult.model_construct(
        version=d["version"],
        events=p_construct_events(d["events"]),
        game=p_construct_game(d["game"]),
    ),
    "legal_actions": lambda d: PLegalActions.model_construct(
        actions=p_construct_actions(d["actions"])
    ),
    "events_page": lambda d: PEventFeed.model_construct(
        version=d["version"], head_hash=d["head_hash"], events=p_construct_events(d["events"])
    ),
}


# --- msgspec Structs ---------------------------------------------------------------------


def msgspec_models():
    UNSET, Struct = msgspec.UNSET, msgspec.Struct
    UnsetInt = int | msgspec.UnsetType
    UnsetBool = bool | msgspec.UnsetType
    UnsetStrs = list[str] | msgspec.UnsetType

    class MPlayerRef(Struct, omit_defaults=True):
        id: str
        name: str
        bot: UnsetBool = UNSET

    class MSeatView(Struct, omit_defaults=True):
        seat: int
        player: MPlayerRef | None
        cards: int
        uno_called: bool
        catchable_until: str | None
        score: int
        state: str
        catchable: UnsetBool = UNSET
        team: UnsetInt = UNSET
        backs: UnsetStrs = UNSET
        hand: UnsetStrs = UNSET

    class MYouView(Struct, omit_defaults=True):
        seat: int
        hand: list[str]
        drawn_card: str | msgspec.UnsetType = UNSET

    class MUnoWindow(Struct):
        seat: int
        closes_at: str | None

    class MPlay(Struct, tag_field="type", tag="play", omit_defaults=True):
        card: str
        color: str | msgspec.UnsetType = UNSET
        target: UnsetInt = UNSET
        uno: bool = False

    def bare(name):
        return msgspec.defstruct("M" + name, [], tag_field="type", tag=name)

    def one(name, field, kind):
        return msgspec.defstruct("M" + name, [(field, kind)], tag_field="type", tag=name)

    actions = [
        MPlay,
        *(bare(n) for n in ("draw", "pass", "keep", "call_uno", "challenge", "accept")),
        one("choose_color", "color", str),
        one("choose_target", "target", int),
        one("catch_uno", "target", int),
    ]
    MAction = Union[tuple(actions)]  # noqa: UP007

    class MGameView(Struct, omit_defaults=True):
        id: str
        version: int
        head_hash: str
        status: str
        visibility: str
        host: str
        seat_count: int
        rules_id: str
        bot_think_ms: int
        created_at: str
        seats: list[MSeatView]
        you: MYouView | None
        round: int
        dealer: int | None
        top_card: str | None
        color: str | None
        direction: str
        to_act: int | None
        phase: str
        pending_draw: int
        uno_window: MUnoWindow | None
        draw_pile: int
        discard_pile: int
        deadline_at: str | None
        server_time: str
        winner: int | list[int] | None
        ranking: list[int]
        next_game_id: str | None
        replay_url: str | None
        spectators: int
        legal_actions: list[MAction]
        invite_code: str | msgspec.UnsetType = UNSET
        rules: dict | msgspec.UnsetType = UNSET
        timers: dict | msgspec.UnsetType = UNSET
        challengeable: int | None | msgspec.UnsetType = UNSET
        draw_pile_cards: UnsetStrs = UNSET
        side: str | msgspec.UnsetType = UNSET
        draw_pile_back: str | None | msgspec.UnsetType = UNSET
        provably_fair: UnsetBool = UNSET

    class MEvent(Struct):
        seq: int
        type: str
        schema_version: int
        recorded_at: str
        actor: str
        public: dict[str, Any]
        private: dict[str, Any] | None
        private_digest: str
        prev_hash: str
        hash: str

    class MActionResult(Struct):
        version: int
        events: list[MEvent]
        game: MGameView

    class MLegalActions(Struct):
        actions: list[MAction]

    class MEventFeed(Struct):
        version: int
        head_hash: str
        events: list[MEvent]

    tags = {cls.__struct_config__.tag: cls for cls in actions}

    def actions_of(bodies):
        return [tags[b["type"]](**{k: v for k, v in b.items() if k != "type"}) for b in bodies]

    def game_of(d):
        fields = dict(d)
        fields["seats"] = [
            MSeatView(**{**s, "player": MPlayerRef(**s["player"]) if s["player"] else None})
            for s in d["seats"]
        ]
        fields["you"] = MYouView(**d["you"]) if d["you"] else None
        fields["uno_window"] = MUnoWindow(**d["uno_window"]) if d["uno_window"] else None
        fields["legal_actions"] = actions_of(d["legal_actions"])
        return MGameView(**fields)

    def events_of(events):
        return [MEvent(**e) for e in events]

    models = {
        "game_view": MGameView,
        "move": MActionResult,
        "legal_actions": MLegalActions,
        "events_page": MEventFeed,
    }
    construct = {
        "game_view": game_of,
        "move": lambda d: MActionResult(d["version"], events_of(d["events"]), game_of(d["game"])),
        "legal_actions": lambda d: MLegalActions(actions_of(d["actions"])),
        "events_page": lambda d: MEventFeed(d["version"], d["head_hash"], events_of(d["events"])),
    }
    return models, construct


# --- timing ------------------------------------------------------------------------------


def drf_render(data) -> bytes:
    """DRF's JSONRenderer with the service's settings (compact, UNICODE_JSON)."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def timed(fn, seconds: float) -> float:
    """Median microseconds per call over repeated batches filling `seconds`."""
    fn()
    batch, start = 1, time.perf_counter()
    while time.perf_counter() - start < 0.01:
        fn()
        batch += 1
    samples = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or len(samples) < 5:
        t0 = time.thread_time()
        for _ in range(batch):
            fn()
        samples.append((time.thread_time() - t0) / batch * 1e6)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=0.3, help="per figure")
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    docs = documents(args.seats)
    contestants: dict[str, dict[str, Any]] = {}
    for name, doc in docs.items():
        model = P_MODELS[name]
        same = json.loads(drf_render(doc))
        assert json.loads(model.model_validate(doc).model_dump_json(exclude_unset=True)) == same
        assert json.loads(P_CONSTRUCT[name](doc).model_dump_json(exclude_unset=True)) == same
        contestants.setdefault("dict_json", {})[name] = lambda doc=doc: drf_render(doc)
        contestants.setdefault("pydantic_validate", {})[name] = lambda doc=doc, model=model: (
            model.model_validate(doc).model_dump_json(exclude_unset=True)
        )
        contestants.setdefault("pydantic_construct", {})[name] = (
            lambda doc=doc, build=P_CONSTRUCT[name]: build(doc).model_dump_json(exclude_unset=True)
        )
    models, construct = msgspec_models()
    encoder = msgspec.json.Encoder()
    for name, doc in docs.items():
        same = json.loads(drf_render(doc))
        assert json.loads(encoder.encode(msgspec.convert(doc, models[name]))) == same
        assert json.loads(encoder.encode(construct[name](doc))) == same
        contestants.setdefault("msgspec_convert", {})[name] = lambda doc=doc, m=models[name]: (
            encoder.encode(msgspec.convert(doc, m))
        )
        contestants.setdefault("msgspec_construct", {})[name] = (
            lambda doc=doc, build=construct[name]: encoder.encode(build(doc))
        )
    figures: dict[str, dict[str, float]] = {}
    sizes = {name: len(drf_render(doc)) for name, doc in docs.items()}
    print(f"{'answer':<15}{'bytes':>7}" + "".join(f"{c:>20}" for c in contestants))
    for name in docs:
        row = {c: round(timed(fns[name], args.seconds), 1) for c, fns in contestants.items()}
        figures[name] = row
        print(f"{name:<15}{sizes[name]:>7}" + "".join(f"{row[c]:>17.1f} us" for c in row))
    print(
        json.dumps(
            {
                "us_per_answer": figures,
                "bytes": sizes,
                "seats": args.seats,
                "seconds_per_figure": args.seconds,
                "msgspec": msgspec.__version__,
                "pydantic": pydantic.VERSION,
            }
        )
    )


if __name__ == "__main__":
    main()
