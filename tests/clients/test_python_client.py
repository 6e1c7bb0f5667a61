"""The committed Python client (clients/python, openapi-python-client) is what the
generator makes of today's schema, and it plays a whole game against the service as
gunicorn serves it while following the game's stream, using only its generated
functions and models.

The test names operations (their ids and paths) and fields, never schema component
names: the models it builds are the ones the operations declare they take, and the
stream's frame models are those the schema's NDJSON response names for each `kind`.
"""

from __future__ import annotations

import json
import random
import sys
import threading
import typing
from datetime import datetime
from pathlib import Path

import httpx
import pytest
import yaml
from openapi_python_client.strings import ClassName

from .conftest import CLIENTS, differences, run_generator

pytestmark = pytest.mark.django_db(transaction=True)

MAX_ACTIONS = 3000
NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}


def test_the_committed_python_client_is_what_the_generator_makes_of_the_schema(tmp_path):
    said = run_generator(tmp_path, "python")

    # The one thing the generator cannot type is the NDJSON export (a media type it does
    # not parse): that function returns the raw response. Anything else is a defect.
    warnings = [line for line in said.splitlines() if "WARNING" in line]
    assert all("/export" in line for line in warnings), said

    package = Path("python") / "uno_client"  # the rest of clients/python is hand-written
    stale = [str(package / d) for d in differences(CLIENTS / package, tmp_path / package)]
    stale += ["openapi.yaml"] * (
        (CLIENTS / "openapi.yaml").read_bytes() != (tmp_path / "openapi.yaml").read_bytes()
    )
    assert not stale, f"the committed clients are out of date ({stale}): run bin/generate-clients"


def body_model(operation) -> type:
    """The model an operation's `body` argument takes (its annotation, less Unset)."""
    (model,) = members(typing.get_type_hints(operation.sync_detailed)["body"])
    return model


def frame_models(models) -> dict[str, type]:
    """The generated model for each `kind` of the game stream's NDJSON frames, found
    through the operation's response in the committed schema."""
    schema = yaml.safe_load((CLIENTS / "openapi.yaml").read_text())
    content = schema["paths"]["/api/v1/games/{game_id}/stream"]["get"]["responses"]["200"]
    frame = content["content"]["application/x-ndjson"]["schema"]
    while "$ref" in frame:
        frame = schema["components"]["schemas"][frame["$ref"].rsplit("/", 1)[1]]
    mapping = frame["discriminator"]["mapping"]
    return {
        kind: getattr(models, ClassName(ref.rsplit("/", 1)[1], "")) for kind, ref in mapping.items()
    }


def members(annotation) -> set[type]:
    """The classes a (union) annotation names, less Unset and None."""
    found = typing.get_args(annotation) or (annotation,)
    return {m for m in found if m is not type(None) and m.__name__ != "Unset"}


def test_the_act_operation_declares_the_body_type_legal_actions_lists(uno_client):
    from uno_client.api.games import games_act, games_legal_actions

    answer = typing.get_type_hints(games_legal_actions.sync)["return"]
    legal = next(m for m in members(answer) if "actions" in m.__annotations__)
    names = {**vars(sys.modules[legal.__module__]), **vars(uno_client.models)}
    (item,) = typing.get_args(typing.get_type_hints(legal, globalns=names)["actions"])
    taken = typing.get_type_hints(games_act.sync_detailed)["body"]

    assert members(item) <= members(taken)


def test_the_python_client_plays_a_whole_game_and_follows_its_stream(uno_client, served_api):
    from uno_client import AuthenticatedClient, Client
    from uno_client.api.games import (
        games_act,
        games_audit,
        games_create,
        games_events,
        games_export,
        games_join,
        games_legal_actions,
        games_retrieve,
        games_start,
        games_stream,
    )
    from uno_client.api.players import players_me, players_register

    def register(name: str) -> AuthenticatedClient:
        body = body_model(players_register).from_dict({"name": name})
        answer = players_register.sync_detailed(client=Client(base_url=served_api), body=body)
        assert answer.status_code == 201, answer.content
        return AuthenticatedClient(base_url=served_api, token=answer.parsed.token)

    ann, bob = register("ann"), register("bob")
    assert players_me.sync(client=ann).name == "ann"
    create = {
        "seats": 2,
        "rules": {"preset": "classic", "options": {"target_score": 50, "hand_size": 4}},
        "timers": NO_TIMERS,
        "visibility": "public",
    }
    created = games_create.sync_detailed(
        client=ann, body=body_model(games_create).from_dict(create)
    )
    assert created.status_code == 201, created.content
    game_id = created.parsed.id
    joined = games_join.sync(game_id, client=bob, body=body_model(games_join).from_dict({}))
    assert joined.you.seat == 1
    started = games_start.sync(game_id, client=ann)
    assert started.status == "active"

    # Bob watches on a client of his own that asks for NDJSON. The generated function
    # returns once the stream closes, which it does when the game has ended.
    watcher = AuthenticatedClient(
        base_url=served_api,
        token=bob.token,
        headers={"Accept": "application/x-ndjson"},
        timeout=httpx.Timeout(120),
    )
    streamed = {}
    follow = threading.Thread(
        target=lambda: streamed.update(answer=games_stream.sync_detailed(game_id, client=watcher))
    )
    follow.start()

    rng = random.Random(7)
    final = None
    for _ in range(MAX_ACTIONS):
        offered = [
            (player, action)
            for player in (ann, bob)
            for action in games_legal_actions.sync(game_id, client=player).actions
        ]
        assert offered, "an active game with nothing to do"
        plays = [o for o in offered if o[1].type_ in ("play", "call_uno")]
        player, action = rng.choice(plays if plays and rng.random() < 0.85 else offered)
        # The listed action goes back as it is: no mapping to another class.
        sent = games_act.sync_detailed(game_id, client=player, body=action)
        assert sent.status_code == 200, (action.to_dict(), sent.content)
        if sent.parsed.game.status != "active":
            final = sent.parsed.game
            break
    else:
        pytest.fail(f"no end after {MAX_ACTIONS} actions")

    assert final.status == "finished" and final.winner in (0, 1)
    assert games_retrieve.sync(game_id, client=ann).version == final.version
    assert games_audit.sync(game_id, client=bob).ok
    export = games_export.sync_detailed(game_id, client=bob)
    assert export.status_code == 200
    assert json.loads(export.content.splitlines()[0])["format"] == "uno-game-export"

    follow.join(timeout=60)
    assert not follow.is_alive(), "the stream did not close after the game ended"
    answer = streamed["answer"]
    assert answer.status_code == 200, answer.content
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    models_by_kind = frame_models(uno_client.models)
    lines = [json.loads(line) for line in answer.content.splitlines() if line]
    frames = [models_by_kind[line["kind"]].from_dict(line) for line in lines]
    assert [type(f) for f in frames] == [models_by_kind[line["kind"]] for line in lines]
    for frame, line in zip(frames, lines, strict=True):  # nothing lost in the models
        assert not _differences(frame.to_dict(), line)

    first, *middle, last_view, end = frames
    assert (first.kind, last_view.kind, end.kind) == ("view", "view", "end")
    assert end.data.version == last_view.id == last_view.data.version == final.version
    assert last_view.data.status == "finished" and last_view.data.winner == final.winner
    events = [f for f in middle if f.kind == "event"]
    assert [f.id for f in events] == list(range(first.id + 1, final.version + 1))
    assert all(f.data.seq == f.id for f in events)
    feed, after = [], first.id
    while after < final.version:  # the feed pages: at most 500 events an answer
        page = games_events.sync(game_id, client=bob, after=after).events
        feed, after = feed + page, page[-1].seq
    assert [f.data.hash_ for f in events] == [e.hash_ for e in feed]
    views = [f for f in middle if f.kind == "view"]
    assert all(f.data.you.seat == 1 for f in [first, *views, last_view])


def _differences(got, expected, path="") -> list[str]:
    """Where two JSON values differ, as paths (for a failure's message)."""
    if isinstance(got, dict) and isinstance(expected, dict):
        return [
            d
            for key in sorted(set(got) | set(expected))
            for d in _differences(
                got.get(key, "<absent>"), expected.get(key, "<absent>"), f"{path}.{key}"
            )
        ]
    if isinstance(got, list) and isinstance(expected, list) and len(got) == len(expected):
        return [
            d
            for i, (g, e) in enumerate(zip(got, expected, strict=True))
            for d in _differences(g, e, f"{path}[{i}]")
        ]
    return [] if _same(got, expected) else [f"{path}: {got!r} != {expected!r}"]


def _same(got, expected) -> bool:
    """Equal, or the same instant (the models hold a date-time as a datetime, which
    writes `+00:00` where the server writes `Z`)."""
    if got == expected:
        return True
    try:
        return datetime.fromisoformat(got) == datetime.fromisoformat(expected)
    except (TypeError, ValueError):
        return False


def test_every_name_the_client_guide_imports_from_the_client_exists(uno_client):
    """docs/clients.md's Python snippets import only what the committed client has."""
    import re

    guide = (CLIENTS.parent / "docs" / "clients.md").read_text()
    snippets = re.findall(r"```python\n(.*?)```", guide, flags=re.DOTALL)
    imports = re.findall(r"^from (uno_client[\w.]*) import (.+)$", "\n".join(snippets), re.M)
    assert imports

    def importable(module: str, name: str) -> bool:
        try:
            exec(f"from {module} import {name}", {})
        except ImportError:
            return False
        return True

    missing = [
        f"{module}.{name.strip()}"
        for module, names in imports
        for name in names.split(",")
        if not importable(module, name.strip())
    ]
    assert missing == []
