"""The hand-written TypeScript layer (clients/typescript/src/uno.ts, cards.ts): its
closed types refuse a made-up card and a problem without its code (checks/closed-types.ts,
compiled here and against the packed package), it sends `Idempotency-Key` and `If-Match`
itself and retries with the same key, `play` ends a game while streams cut midway resume
with nothing lost or repeated, and the README's game runs from `npm pack`'s package
installed in a fresh folder."""

from __future__ import annotations

import json
import os
import subprocess
import time

import pytest

from games.models import Game

from .conftest import TYPESCRIPT
from .test_python_sdk import CuttingProxy, readme_game

README = TYPESCRIPT / "README.md"


def run(command: list[str], cwd, timeout: float = 180, **env: str) -> str:
    done = subprocess.run(
        command,
        cwd=cwd,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, f"{command}: {done.stdout}{done.stderr}"
    return done.stdout


@pytest.mark.django_db(transaction=True)
def test_play_retries_with_one_key_and_streams_cut_midway_resume_with_nothing_lost(
    typescript_tools, served_api
):
    run([str(typescript_tools / "tsc")], cwd=TYPESCRIPT)  # to dist/
    proxy = CuttingProxy(served_api, cut_after=6000, most=8)
    try:
        out = run(
            ["node", str(TYPESCRIPT / "dist" / "checks" / "play-through-cuts.js")],
            cwd=TYPESCRIPT,
            timeout=120,
            UNO_BASE_URL=proxy.url,
        )
    finally:
        proxy.close()

    seen = json.loads(out.strip().splitlines()[-1])
    final = Game.objects.get(id=seen["game"])
    assert final.status == "finished" and seen["status"] == ["finished", "finished"]
    assert proxy.cuts >= 4
    for way in ("fetched", "ticketed"):  # Last-Event-ID; EventSource with a ticket
        frames = seen[way]
        assert frames["events"] == list(range(frames["first"] + 1, final.version + 1)), way
        assert frames["last"] == [["view", final.version], ["end", final.version]], way
    first_move = seen["moves"][:4]  # three refusals, then the move itself: one key
    assert len({m["key"] for m in first_move}) == 1 and first_move[0]["key"]
    assert len({m["match"] for m in first_move}) == 1 and first_move[0]["match"].startswith('"')
    # The 429's Retry-After; the player's own stream, cut too, waits its backoff meanwhile.
    assert 1 in seen["waits"]


@pytest.mark.django_db(transaction=True)
def test_the_readme_game_runs_from_an_npm_package_in_a_fresh_folder(
    typescript_tools, served_with_bots, tmp_path
):
    started = time.monotonic()
    packed = run(["npm", "pack", "--pack-destination", str(tmp_path)], cwd=TYPESCRIPT)
    tarball = tmp_path / packed.strip().splitlines()[-1]
    app = tmp_path / "app"
    app.mkdir()
    (app / "package.json").write_text('{"name": "app", "private": true, "type": "module"}')
    # Its dependencies come from npm's cache when it has them (CI's `npm ci` filled it).
    run(["npm", "install", "--prefer-offline", "--no-audit", "--no-fund", str(tarball)], cwd=app)
    (app / "game.ts").write_text(readme_game(README, "ts", served_with_bots))
    checks = (TYPESCRIPT / "checks" / "closed-types.ts").read_text()
    (app / "checks.ts").write_text(checks.replace('"../src/index.js"', '"uno-client"'))
    (app / "tsconfig.json").write_text(
        json.dumps(
            {
                "extends": str(TYPESCRIPT / "tsconfig.json"),
                "compilerOptions": {
                    "rootDir": ".",
                    "outDir": "out",
                    "declaration": False,
                    "skipLibCheck": True,  # the .d.ts files: checked in the repository
                    "typeRoots": [str(TYPESCRIPT / "node_modules" / "@types")],
                },
                "include": ["game.ts", "checks.ts"],
            }
        )
    )
    # The package's own types, from its node_modules folder: a made-up card or a problem
    # without its code fails this compilation as it does in the repository.
    run([str(typescript_tools / "tsc"), "-p", str(app / "tsconfig.json")], cwd=app)
    installed = time.monotonic()

    out = run(["node", str(app / "out" / "game.js")], cwd=app, timeout=120)
    finished = time.monotonic()

    winner = json.loads(out.strip().splitlines()[-1])
    game = Game.objects.get()
    assert game.status == "finished" and winner in (0, 1)
    print(
        f"typescript README game: pack+install+tsc {installed - started:.1f}s, "
        f"game {finished - installed:.1f}s ({game.version} events)"
    )
