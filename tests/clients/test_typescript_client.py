"""The TypeScript client (clients/typescript: openapi-typescript's types of today's
schema, openapi-fetch, a small typed module and an example): its committed types are
current, `tsc` accepts the client and the example and refuses a body the schema does not
allow, and the example, compiled and run in Node, plays a game to its end against the
service as gunicorn serves it."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from games.models import Game

from .conftest import CLIENTS, TYPESCRIPT, run_generator

TYPES = TYPESCRIPT / "src" / "api.d.ts"


def tsc(bin_dir, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(bin_dir / "tsc"), *args], cwd=TYPESCRIPT, capture_output=True, text=True, timeout=300
    )


def test_the_committed_typescript_types_are_what_the_generator_makes_of_the_schema(
    typescript_tools, tmp_path
):
    run_generator(tmp_path, "typescript")

    stale = [
        name
        for name, committed, fresh in [
            ("openapi.yaml", CLIENTS / "openapi.yaml", tmp_path / "openapi.yaml"),
            ("typescript/src/api.d.ts", TYPES, tmp_path / "typescript" / "src" / "api.d.ts"),
        ]
        if committed.read_bytes() != fresh.read_bytes()
    ]
    assert not stale, f"the committed clients are out of date ({stale}): run bin/generate-clients"


def test_tsc_accepts_the_typescript_client_and_its_example(typescript_tools):
    checked = tsc(typescript_tools, "--noEmit")

    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_tsc_refuses_a_value_a_field_and_a_path_the_schema_does_not_have(
    typescript_tools, tmp_path
):
    wrong = tmp_path / "wrong.ts"
    wrong.write_text(
        f'import {{ connect }} from "{TYPESCRIPT}/src/client.js";\n'
        'const api = connect("http://127.0.0.1:8000", "token");\n'
        'const path = { game_id: "00000000-0000-0000-0000-000000000000" };\n'
        'await api.POST("/api/v1/games", { body: { seats: 2, visibility: "secret" } });\n'
        'await api.POST("/api/v1/games/{game_id}/actions",\n'
        '  { params: { path }, body: { type: "draw", card: 7 } });\n'
        'await api.GET("/api/v1/nowhere");\n'
    )
    (tmp_path / "package.json").write_text('{"type": "module"}')
    config = tmp_path / "tsconfig.json"
    config.write_text(
        json.dumps(
            {
                "extends": str(TYPESCRIPT / "tsconfig.json"),
                "compilerOptions": {
                    "rootDir": "/",
                    "typeRoots": [str(TYPESCRIPT / "node_modules" / "@types")],
                },
                "files": [str(wrong)],
            }
        )
    )

    checked = tsc(typescript_tools, "--noEmit", "-p", str(config))

    lines = [line.split("wrong.ts(")[1].split(",")[0] for line in checked.stdout.splitlines()]
    assert lines == ["4", "6", "7"], checked.stdout  # no such visibility, card, path


@pytest.mark.django_db(transaction=True)
def test_the_example_plays_a_game_to_its_end_against_the_service(typescript_tools, served_api):
    built = tsc(typescript_tools)  # to dist/, where Node finds node_modules
    assert built.returncode == 0, built.stdout + built.stderr

    played = subprocess.run(
        ["node", str(TYPESCRIPT / "dist" / "examples" / "play.js")],
        cwd=TYPESCRIPT,
        env={**os.environ, "UNO_BASE_URL": served_api},
        capture_output=True,
        text=True,
        timeout=600,
    )

    assert played.returncode == 0, played.stdout + played.stderr
    result = json.loads(played.stdout.strip().splitlines()[-1])
    assert result["status"] == "finished" and result["winner"] in (0, 1)
    game = Game.objects.get(id=result["game"])
    assert (game.status, game.seat_count) == ("finished", 2)
    assert result["moves"] > 0
