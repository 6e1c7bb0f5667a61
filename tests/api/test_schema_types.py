"""The schema types what matters to a client: every event type with its public and
private parts (read from the engine's event classes, and checked against a whole match's
real events), cards, rules and their options, timers, the winner, times, parameters'
bounds and the response headers."""

from __future__ import annotations

import dataclasses
import random
import re
import sys
import unicodedata

import pytest

from games.engine.cards import CARDS_BY_CODE
from games.engine.events import EVENT_TYPES
from games.engine.rules import BOOL, OPTION_KINDS, Choice, IntRange
from games.http.apis import IF_MATCH_PATTERN, parse_if_match
from games.http.schema_types import SHELL_EVENTS
from games.timers.options import TIMER_CHOICES, TIMER_LIMITS
from players.apis import NOT_IN_NAMES

from .conftest import NO_TIMERS
from .openapi_document import openapi_document, problems_with, resolve
from .test_full_games_over_http import play_to_the_end


@pytest.fixture(scope="module")
def document() -> dict:
    return openapi_document()


def schemas(document) -> dict:
    return document["components"]["schemas"]


def camel(type_: str) -> str:
    return "".join(part.title() for part in type_.split("_"))


def target(schema: dict) -> str | None:
    """The component a property refers to, through a nullable allOf."""
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    for member in schema.get("allOf", ()):
        return target(member)
    return None


# --- events ------------------------------------------------------------------------------


def test_every_event_type_has_its_component_in_the_event_union(document):
    union = schemas(document)["Event"]

    every_type = {*EVENT_TYPES, *SHELL_EVENTS}
    assert union["discriminator"]["propertyName"] == "type"
    assert set(union["discriminator"]["mapping"]) == every_type
    for type_ in every_type:
        component = resolve(document, union["discriminator"]["mapping"][type_])
        assert component["properties"]["type"]["enum"] == [type_]
        assert target(component["properties"]["public"]) == camel(type_) + "Public"


@pytest.mark.parametrize("type_", sorted(EVENT_TYPES))
def test_an_engine_events_parts_are_its_fields_as_the_codec_splits_them(document, type_):
    cls = EVENT_TYPES[type_]
    names = [f.name for f in dataclasses.fields(cls)]
    public = schemas(document)[camel(type_) + "Public"]
    shell_additions = {"deadline_at"} if "deadline" in names else set()

    assert set(public["properties"]) == {n for n in names if n not in cls.PRIVATE} | shell_additions
    envelope = schemas(document)[camel(type_) + "Event"]
    if cls.PRIVATE:
        private = schemas(document)[camel(type_) + "Private"]
        assert set(private["properties"]) == {*cls.PRIVATE, "nonce"}
        assert target(envelope["properties"]["private"]) == camel(type_) + "Private"
    else:
        assert camel(type_) + "Private" not in schemas(document)


@pytest.mark.django_db
def test_a_whole_matchs_events_views_and_answers_match_the_schema(staff, make_player):
    seated = [staff] + [make_player(f"p{n}") for n in range(1, 4)]
    body = {
        "seats": 4,
        "rules": {"preset": "house", "options": {"target_score": 50, "teams": True}},
        "timers": NO_TIMERS,
        "seed": 20261201,
    }
    created = staff.post("/api/v1/games", body)
    assert problems_with(created.json(), "GameView") == []
    game_id = created.json()["id"]
    for player in seated[1:]:
        player.post(f"/api/v1/games/{game_id}/join")
    staff.post(f"/api/v1/games/{game_id}/start")
    legal = seated[1].get(f"/api/v1/games/{game_id}/legal-actions").json()
    assert problems_with(legal, "LegalActions") == []

    final, _ = play_to_the_end(game_id, seated, random.Random(3))

    assert problems_with(final, "GameView") == []
    seen, after = set(), 0
    while True:  # staff's feed: every private part too
        feed = staff.get(f"/api/v1/games/{game_id}/events", data={"after": after}).json()
        if not feed["events"]:
            break
        for event in feed["events"]:
            assert problems_with(event, "Event") == [], event
            seen.add(event["type"])
        after = feed["events"][-1]["seq"]
    assert {"game_created", "seat_taken", "cards_dealt", "card_played", "match_ended"} <= seen
    assert problems_with(seated[1].get(f"/api/v1/games/{game_id}/events").json(), "EventFeed") == []


# --- cards, rules, timers, winner, times -----------------------------------------------------


def test_a_card_is_the_card_enum_or_a_flip_pair_wherever_one_appears(document):
    s = schemas(document)
    card = s["Card"]
    pair = re.compile(s["FlipCardCode"]["pattern"])

    assert [target(member) for member in card["oneOf"]] == ["CardCode", "FlipCardCode"]
    assert s["CardCode"]["enum"] == sorted(CARDS_BY_CODE)
    assert pair.fullmatch("red-3/teal-skip-everyone") and pair.fullmatch("wild/purple-draw5")
    assert pair.fullmatch("blue-flip/wild-draw-color")
    assert not pair.fullmatch("red-3") and not pair.fullmatch("red-3/nothing")
    assert not pair.fullmatch("red-3/blue-skip")  # two light faces: no such card
    assert not pair.fullmatch("teal-1/red-3")  # the light face comes first
    assert target(s["GameView"]["properties"]["top_card"]) == "Card"
    assert target(s["YouView"]["properties"]["hand"]["items"]) == "Card"
    assert target(s["YouView"]["properties"]["drawn_card"]) == "Card"
    assert target(s["SeatView"]["properties"]["hand"]["items"]) == "Card"
    assert target(s["PlayAction"]["properties"]["card"]) == "Card"
    assert target(s["CardPlayedPublic"]["properties"]["card"]) == "Card"
    assert target(s["CardsDrawnPrivate"]["properties"]["cards"]["items"]) == "Card"
    assert target(s["GameCreateInput"]["properties"]["deck"]["items"]) == "Card"


def test_every_rule_option_has_its_values_default_and_what_it_does(document):
    options = schemas(document)["RuleOptions"]["properties"]

    assert set(options) == set(OPTION_KINDS)
    for name, kind in OPTION_KINDS.items():
        option = options[name]
        assert len(option["description"]) > 20, name
        assert "default" in option, name
        if kind is BOOL:
            assert option["type"] == "boolean", name
        elif isinstance(kind, Choice):
            assert option["enum"] == list(kind.values), name
        else:
            assert isinstance(kind, IntRange)
            assert (option["minimum"], option["maximum"]) == (kind.low, kind.high), name
    rules = schemas(document)["Rules"]
    assert target(rules["properties"]["options"]) == "RuleOptions"
    assert target(schemas(document)["GameView"]["properties"]["rules"]) == "Rules"
    assert target(schemas(document)["RulesInput"]["properties"]["options"]) == "RuleOptions"


def test_timers_and_the_winner_are_typed(document):
    s = schemas(document)
    timers = s["Timers"]["properties"]

    assert set(timers) == {*TIMER_LIMITS, *TIMER_CHOICES}
    assert timers["turn_seconds"]["maximum"] == 86400 and timers["turn_seconds"]["nullable"]
    assert timers["timeout_action"]["enum"] == ["draw_and_pass", "auto_play"]
    assert target(s["GameView"]["properties"]["timers"]) == "Timers"
    assert target(s["GameView"]["properties"]["winner"]) == "Winner"
    assert target(s["MatchEndedPublic"]["properties"]["winner"]) == "Winner"


def _time_properties(node, path=""):
    if isinstance(node, dict):
        for key, value in node.get("properties", {}).items():
            if key.endswith("_at") or key in ("server_time", "catchable_until"):
                yield f"{path}.{key}", value
        for key, value in node.items():
            yield from _time_properties(value, f"{path}/{key}")
    elif isinstance(node, list):
        for item in node:
            yield from _time_properties(item, path)


def test_every_timestamp_is_a_date_time(document):
    times = list(_time_properties(schemas(document)))

    assert len(times) > 10
    for where, schema in times:
        assert schema.get("format") == "date-time", where


# --- parameters and headers ---------------------------------------------------------------


def parameter(document, path: str, method: str, name: str) -> dict:
    return next(p for p in document["paths"][path][method]["parameters"] if p["name"] == name)


def test_the_bounds_of_wait_and_at_and_the_form_of_if_match_are_documented(document):
    wait = parameter(document, "/api/v1/games/{game_id}/events", "get", "wait")["schema"]
    at = parameter(document, "/api/v1/games/{game_id}/replay", "get", "at")["schema"]
    if_match = parameter(document, "/api/v1/games/{game_id}/actions", "post", "If-Match")

    assert (wait["minimum"], wait["maximum"]) == (0, 30)
    assert at["minimum"] == 0
    assert if_match["schema"]["pattern"] == IF_MATCH_PATTERN


@pytest.mark.parametrize("header", ['"12"', "12", 'W/"0"', '"9999999999"'])
def test_an_if_match_of_the_documented_form_is_taken(header, rf):
    assert re.fullmatch(IF_MATCH_PATTERN, header)
    request = rf.post("/", HTTP_IF_MATCH=header)
    assert parse_if_match(request) == int(header.removeprefix("W/").strip('"'))


def test_the_response_headers_are_documented(document):
    act = document["paths"]["/api/v1/games/{game_id}/actions"]["post"]["responses"]
    create = document["paths"]["/api/v1/games"]["post"]["responses"]

    assert {
        "ETag",
        "Idempotent-Replayed",
        "RateLimit-Limit",
        "RateLimit-Remaining",
        "RateLimit-Reset",
    } <= set(act["200"]["headers"])
    assert {"Location", "ETag", "Idempotent-Replayed"} <= set(create["201"]["headers"])
    assert "Retry-After" in act["429"]["headers"]
    assert "Retry-After" in act["503"]["headers"]


def test_a_created_game_links_to_its_join_start_actions_and_events(document):
    links = document["paths"]["/api/v1/games"]["post"]["responses"]["201"]["links"]

    linked = {link["operationId"] for link in links.values()}
    assert {"games_join", "games_start", "games_act", "games_events"} <= linked
    assert all(link["parameters"] == {"game_id": "$response.body#/id"} for link in links.values())


def test_names_refuse_exactly_the_unprintable_characters_of_the_basic_plane():
    refused = re.compile(f"[{NOT_IN_NAMES}]")

    for code_point in range(0x10000):
        char = chr(code_point)
        category = unicodedata.category(char)
        if category in ("Cs", "Cn"):
            continue
        assert bool(refused.match(char)) is (not char.isprintable()), hex(code_point)
    assert sys.maxunicode > 0xFFFF


def test_the_replay_and_the_lobby_page_are_documented_by_the_shapes_they_are_rendered_as(
    document,
):
    """The replay carries `replay_of` (the game's version now); its schema names it."""
    from games.http import wire

    found = schemas(document)
    replay = document["paths"]["/api/v1/games/{game_id}/replay"]["get"]["responses"]["200"]
    assert target(replay["content"]["application/json"]["schema"]) == "GameReplay"
    assert set(found["GameReplay"]["properties"]) == set(wire.GameReplay.__struct_fields__)
    assert "replay_of" in found["GameReplay"]["required"]
    assert set(found["GameSummary"]["properties"]) == set(wire.GameSummary.__struct_fields__)
    assert target(found["GameSummaryPage"]["properties"]["results"]["items"]) == "GameSummary"
