"""The schema feeds a client generator without hand edits (DESIGN.md §1, §5).

openapi-python-client generates a client from `manage.py spectacular`'s schema into a
temporary folder; the test imports it and, against a live server, registers two players,
creates a game, joins, starts and plays it to its end using only the generated client's
functions and models, choosing among the legal actions the server lists.
"""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from pathlib import Path
from uuid import UUID

import pytest

PACKAGE = "uno_generated_client"
MAX_ACTIONS = 3000


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The generated client package, imported from a temporary folder."""
    from django.conf import settings

    folder = tmp_path_factory.mktemp("client")
    schema = folder / "schema.yaml"
    made = subprocess.run(
        [sys.executable, "manage.py", "spectacular", "--file", str(schema)],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    generator = Path(sys.executable).with_name("openapi-python-client")
    result = subprocess.run(
        [str(generator), "generate", "--path", str(schema), "--meta", "none"]
        + ["--output-path", str(folder / PACKAGE)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    # The one thing the generator cannot type is the NDJSON export (an unsupported media
    # type for it): that function returns the raw response. Anything else is a defect.
    warnings = [line for line in output.splitlines() if line.startswith("WARNING")]
    assert all("/export" in line for line in warnings), output
    sys.path.insert(0, str(folder))
    try:
        package = importlib.import_module(PACKAGE)
        yield package
    finally:
        sys.path.remove(str(folder))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_the_generated_client_plays_a_whole_game(generated, live_server):
    # Imported here: the package exists only once the fixture has generated it.
    from uno_generated_client import client as client_module
    from uno_generated_client import models
    from uno_generated_client.api import games, players

    importlib.import_module("uno_generated_client.api.players.players_register")
    importlib.import_module("uno_generated_client.api.players.players_me")
    for name in ("create", "join", "start", "legal_actions", "act", "retrieve", "audit"):
        importlib.import_module(f"uno_generated_client.api.games.games_{name}")
    importlib.import_module("uno_generated_client.api.games.games_export")
    anonymous = client_module.Client(base_url=live_server.url)

    def register(name: str):
        response = players.players_register.sync_detailed(
            client=anonymous, body=models.RegisterInput(name=name)
        )
        assert response.status_code == 201, response.content
        registered = response.parsed
        assert isinstance(registered, models.RegisterOutput)
        return client_module.AuthenticatedClient(base_url=live_server.url, token=registered.token)

    ann, bob = register("ann"), register("bob")
    me = players.players_me.sync(client=ann)
    assert isinstance(me, models.PlayerOutput) and me.name == "ann"

    body = models.GameCreateInput(
        seats=2,
        rules=models.RulesInput(
            preset=models.PresetEnum.CLASSIC,
            options=models.RuleOptions(target_score=50),
        ),
        timers=models.TimersInput(
            turn_seconds=None, response_seconds=None, uno_window_seconds=None
        ),
        visibility=models.VisibilityEnum.PUBLIC,
    )
    created = games.games_create.sync_detailed(client=ann, body=body)
    assert created.status_code == 201, created.content
    game_id = created.parsed.id
    assert isinstance(game_id, UUID)
    joined = games.games_join.sync(game_id, client=bob, body=models.JoinInput())
    assert isinstance(joined, models.GameView) and joined.you.seat == 1
    started = games.games_start.sync(game_id, client=ann)
    assert isinstance(started, models.GameView)
    assert started.status == models.StatusEnum.ACTIVE

    rng = random.Random(7)
    seated = [ann, bob]
    final = None
    for _ in range(MAX_ACTIONS):
        offered = []
        for player in seated:
            legal = games.games_legal_actions.sync(game_id, client=player)
            assert isinstance(legal, models.LegalActions)
            offered += [(player, action) for action in legal.actions]
        if not offered:
            break
        plays = [o for o in offered if o[1].to_dict()["type"] in ("play", "call_uno")]
        player, action = rng.choice(plays if plays and rng.random() < 0.85 else offered)
        data = action.to_dict()
        # A listed action is sent back as it is: one model for both directions.
        sent = games.games_act.sync_detailed(game_id, client=player, body=action)
        assert sent.status_code == 200, (data, sent.content)
        result = sent.parsed
        assert isinstance(result, models.ActionResult)
        assert all(event.to_dict()["type"] for event in result.events)
        if result.game.status != models.StatusEnum.ACTIVE:
            final = result.game
            break
    else:
        pytest.fail(f"no end after {MAX_ACTIONS} actions")

    final = final or games.games_retrieve.sync(game_id, client=ann)
    assert final.status == models.StatusEnum.FINISHED
    assert final.winner in (0, 1)
    audit = games.games_audit.sync(game_id, client=bob)
    assert isinstance(audit, models.AuditResult) and audit.ok
    export = games.games_export.sync_detailed(game_id, client=bob)
    assert export.status_code == 200
    assert export.content.startswith(b'{"format": "uno-game-export"')
