"""Every code block of the README and docs/ runs, against a served instance (bin/serve,
started once: tests/conftest.py's `served_instance`).

A page's blocks run in order, as a reader would paste them (the pages at the same time):

- `sh` blocks in bash (`set -e -o pipefail`), each block seeing the variables and
  functions the page's earlier blocks set. Every page starts with `API` (the served
  instance's /api/v1), `ANN` and `BOB` (the tokens of two new players), `TOKEN` (Ann's),
  `ID` and `GAME` (a game both sat in, ended: Bob left it).
  `http://127.0.0.1:8000` in a block means the served instance. Each `curl` answering
  400 or more fails the block, unless a comment of the block names that status (`# 412`,
  `# HTTP/1.1 409 …`); a stream (`curl -N`) is followed for a few seconds, then left.
- `python` blocks run in one namespace per page (the second block uses what the first
  made), in a process of their own, with `clients/python` importable; one preceded by
  `<!-- file: NAME -->` is written to NAME in the page's folder instead, for a later `sh`
  block to run.

Operators' commands run too. A page's folder holds links to the checkout's files (as a
shell in a clone would), so `manage.py`, `bin/…` and `uv run` work there as written.
- `docker compose …` runs without Docker (tests/docs/compose.py): each service's command
  as a process here, in the environment docker-compose.yml gives that service, its
  postgres a PostgreSQL cluster of the page's own, its Redis the test Redis; `.env` is
  the page's.
- A block marked `<!-- operator: on the service's machine -->` runs in the environment
  the served instance was started with (`python manage.py …` beside `bin/serve`).
- `<!-- operator: as a superuser -->` (an `sql` block: psql runs it) and
  `<!-- operator: as the database's owner -->` are a set-up without compose: another
  cluster of the page's own, `HOST` its `host:port`; the owner's blocks run in the served
  instance's environment with `DATABASE_URL` naming the role `uno` and the database `uno`
  (which the page's superuser block makes). They share nothing with the page's other
  blocks, so they run in order in a shell of their own, beside those.
- `<!-- typed: TEXT -->`: what the reader types when the command asks (a confirmation).

`js` blocks run in Chromium (Debian's, as tests/admin's browser tests), each in a new tab
of a page on the served instance's origin, or on another origin (`localhost` where `API`
names 127.0.0.1) after `<!-- browser: on another origin -->`; `API` and `token` (Ann's)
are set, and a `fetch` answering 400 or more fails the block unless a comment names the
status (`// 409`). A block that defines functions defines them: nothing calls them.

A block preceded by `<!-- illustrative: why -->` is not run (a benchmark of minutes, the
test suite itself, what needs Docker or a terminal). Blocks in a language that is not a
command (`json`, `text`, a config file's) show what something looks like and are not
run either. A failing block fails the test with its page and line.
"""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from admin.conftest import CHROMIUM, CHROMIUM_ARGS
from faults.support import PostgresServer, postgres_bin_dir

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
SHELL = {"sh", "bash", "shell"}
PYTHON = {"python", "py"}
JAVASCRIPT = {"js", "javascript"}
#: What something looks like (an answer, a stream, a config file): not run.
SAMPLES = {"", "json", "text", "yaml", "ini", "nginx", "caddy"}
ILLUSTRATIVE = re.compile(r"^<!--\s*illustrative\b")
OPERATOR = re.compile(r"^<!--\s*operator:\s*(?P<who>.+?)\s*-->")
SERVICE_MACHINE, DATABASE_OWNER = "on the service's machine", "as the database's owner"
SUPERUSER = "as a superuser"
DATABASE_SERVER = (SUPERUSER, DATABASE_OWNER)  # a set-up without compose
COMPOSE = Path(__file__).with_name("compose.py")  # `docker` in a block
#: What the reader types when the block's command asks (`<!-- typed: yes -->`).
TYPED = re.compile(r"^<!--\s*typed:\s*(?P<text>.*?)\s*-->")
FILE = re.compile(r"^<!--\s*file:\s*(?P<name>[\w.-]+)\s*-->")
FENCE = re.compile(r"^(?P<indent> *)(?P<ticks>```+)(?P<lang>[\w+-]*)\s*$")
LOCAL = re.compile(r"http://(?:127\.0\.0\.1|localhost):8000")
#: Statuses a block's comments say a request answers (`# 412 {…}`, `# HTTP/1.1 304 …`).
EXPECTED = re.compile(r"#\s*(?:HTTP/[\d.]+\s+)?(?P<status>[1-5]\d\d)\b")
JS_EXPECTED = re.compile(r"//\s*(?P<status>[1-5]\d\d)\b")  # `// 412` in JavaScript
STATUS = re.compile(r"^HTTP_STATUS (\d+)$", re.M)  # what the `curl` of a block writes
#: A hang guard, not a budget: the README plays a whole game, one process per request,
#: and a machine busy with other work (the operators' commands of the same run) needs
#: more than two minutes for it.
BLOCK_SECONDS = 300
STREAM_SECONDS = 3


@dataclass
class Block:
    page: Path
    line: int  # of the opening fence, 1-based
    lang: str
    text: str
    marker: str  # the HTML comment just above it, if any

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(REPO)}:{self.line}"

    @property
    def illustrative(self) -> bool:
        return bool(ILLUSTRATIVE.match(self.marker))

    @property
    def operator(self) -> str | None:
        """Whose environment the block runs in (SERVICE_MACHINE, …), if the marker says."""
        said = OPERATOR.match(self.marker)
        return said["who"] if said else None

    @property
    def runs(self) -> bool:
        if self.lang == "sql":
            return self.operator == SUPERUSER
        return self.lang in SHELL | PYTHON | JAVASCRIPT and not self.illustrative


def blocks(page: Path) -> list[Block]:
    lines = page.read_text().splitlines()
    found, index = [], 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        indent, ticks = len(opening["indent"]), opening["ticks"]
        end = index + 1
        while end < len(lines) and lines[end].strip() != ticks:
            end += 1
        body = "\n".join(line[indent:] for line in lines[index + 1 : end])
        above = next((line.strip() for line in reversed(lines[:index]) if line.strip()), "")
        marker = above if above.startswith("<!--") else ""
        found.append(Block(page, index + 1, opening["lang"].lower(), body + "\n", marker))
        index = end + 1
    return found


def test_every_code_block_is_run_or_marked_illustrative():
    unrun = [
        f"{block.where} ({block.lang})"
        for page in PAGES
        for block in blocks(page)
        if block.lang not in SAMPLES and not block.illustrative and not block.runs
    ]
    assert not unrun, f"blocks in a language the test does not run, not marked: {unrun}"
    operators = (None, SERVICE_MACHINE, DATABASE_OWNER, SUPERUSER)
    unknown = [b.where for page in PAGES for b in blocks(page) if b.operator not in operators]
    assert not unknown, f"operator markers that name no environment: {unknown}"


# --- running them ---------------------------------------------------------------------

BASH_HEADER = r"""
set -e -o pipefail
__builtin=$(compgen -v)
. "$DOCS_STATE"
docker() { python3 "$DOCS_COMPOSE" "$@"; }
curl() {
  local seconds=20 rc=0
  case " $* " in *" -N "*) seconds=$STREAM_SECONDS ;; esac
  command curl --max-time "$seconds" -w '%{stderr}\nHTTP_STATUS %{http_code}\n' "$@" \
    2>>"$DOCS_STATUS" || rc=$?
  if [ "$rc" -eq 28 ] && [ "$seconds" = "$STREAM_SECONDS" ]; then rc=0; fi
  return "$rc"
}
"""
BASH_FOOTER = r"""
{
  for __name in $(compgen -v); do
    case "$__name" in __*) continue ;; esac
    grep -qx "$__name" <<<"$__builtin" || declare -p "$__name" 2>/dev/null || true
  done
  declare -f
} > "$DOCS_STATE.new"
mv "$DOCS_STATE.new" "$DOCS_STATE"
"""


def call(base: str, method: str, path: str, body: dict, headers: dict | None = None) -> dict:
    headers = {"Content-Type": "application/json", **(headers or {})}
    request = urllib.request.Request(base + path, json.dumps(body).encode(), headers)
    request.method = method
    with urllib.request.urlopen(request, timeout=20) as answer:
        return json.loads(answer.read())


def ended_game(base: str, ann: dict, bob: dict) -> str:
    """A game Ann and Bob sat in, ended: Bob left it once it had started."""
    as_ann, as_bob = ({"Authorization": f"Bearer {p['token']}"} for p in (ann, bob))
    game = call(base, "POST", "/api/v1/games", {"seats": 2, "visibility": "public"}, as_ann)
    for player, step in ((as_bob, "join"), (as_ann, "start"), (as_bob, "leave")):
        call(base, "POST", f"/api/v1/games/{game['id']}/{step}", {}, player)
    return game["id"]


#: Runs a page's Python blocks in one namespace, in a process of their own: one JSON line
#: in (`where`, `code`), one out (`error`: a traceback or null, `output`).
PYTHON_RUNNER = r"""
import contextlib, io, json, sys, traceback
namespace = {"__name__": "__docs__"}
for line in sys.stdin:
    block, out, error = json.loads(line), io.StringIO(), None
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(block["code"], block["where"], "exec"), namespace)
    except (Exception, SystemExit):
        error = traceback.format_exc()
    print(json.dumps({"error": error, "output": out.getvalue()}), flush=True)
"""


def checkout_entries() -> list[str]:
    """The checkout's top-level files and folders a clone has (and its virtualenv)."""
    listed = subprocess.run(
        ["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    return sorted({name.split("/")[0] for name in listed} | {".venv"})


#: A `js` block runs in Chromium as the body of this function, in a page of the served
#: instance's origin (or, with `<!-- browser: on another origin -->`, of `localhost` where
#: API names 127.0.0.1); `fetch` records each answer's status.
JS_WRAPPER = """async ({API, token}) => {
  const statuses = [];
  const fetch = async (...request) => {
    const answer = await window.fetch(...request);
    statuses.push(answer.status);
    return answer;
  };
%s
  return statuses;
}"""
ANOTHER_ORIGIN = "<!-- browser: on another origin -->"


class Page:
    """One page's run: its folder, the shell's saved variables, its Python process, and
    for a page that runs `docker compose`, the PostgreSQL server of its compose set-up."""

    def __init__(self, page: Path, served, folder: Path, redis_url: str):
        self.page, self.base, self.folder = page, served.base_url, folder
        base = self.base
        folder.mkdir(parents=True, exist_ok=True)
        for name in checkout_entries():
            (folder / name).symlink_to(REPO / name)
        self.state, self.status = folder / ".state.sh", folder / ".status"
        self.state_apart, self.status_apart = folder / ".state-apart.sh", folder / ".status-apart"
        ann, bob = (call(base, "POST", "/api/v1/players", {"name": n}) for n in ("ann", "bob"))
        self.state.write_text(
            f"API={base}/api/v1\nANN={ann['token']}\nBOB={bob['token']}\n"
            f"TOKEN={ann['token']}\nID={ended_game(base, ann, bob)}\nGAME=$ID\n"
        )
        self.state_apart.write_text(self.state.read_text())
        self.env = {
            **os.environ,
            "DOCS_STATE": str(self.state),
            "DOCS_STATUS": str(self.status),
            "STREAM_SECONDS": str(STREAM_SECONDS),
            # `python3` in a block is the project's (with its packages), as under `uv run`
            "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}",
            "PYTHONPATH": str(REPO / "clients" / "python"),
            "DOCS_COMPOSE": str(COMPOSE),
            "UV_NO_SYNC": "1",  # `uv run` in a block: the checkout's virtualenv, as synced
        }
        self.python_process: subprocess.Popen | None = None
        self.token = ann["token"]
        self.playwright = self.browser = None
        self.servers: list[PostgresServer] = []
        self.served_env, self.redis_url = served.env, redis_url
        self.operator_env: dict[str, dict[str, str]] = {}

    def start_compose(self, page_blocks: list[Block]) -> None:
        """The PostgreSQL server of the page's compose set-up, if it has one, and the
        environment of an operator's commands beside bin/serve."""
        if any("docker compose" in block.text for block in page_blocks):
            self.env["DOCS_COMPOSE_POSTGRES"] = self.postgres_server()
            self.env["DOCS_COMPOSE_BROKER"] = os.environ.get("CELERY_BROKER_URL", self.redis_url)
            self.env["DOCS_COMPOSE_REDIS"] = self.redis_url
        self.operator_env[SERVICE_MACHINE] = self.beside_bin_serve()

    def beside_bin_serve(self) -> dict[str, str]:
        """The environment bin/serve was started with, and the page's own variables."""
        env = {**self.served_env, "PATH": self.env["PATH"], "UV_NO_SYNC": "1"}
        return env | {name: value for name, value in self.env.items() if name.startswith("DOCS_")}

    def run_apart(self, page_blocks: list[Block]) -> str | None:
        """A set-up without compose: a database server of its own, a shell of its own."""
        host = self.postgres_server()
        env = self.beside_bin_serve() | {"HOST": host}
        env |= {"DOCS_STATE": str(self.state_apart), "DOCS_STATUS": str(self.status_apart)}
        self.operator_env[SUPERUSER] = env
        self.operator_env[DATABASE_OWNER] = env | {"DATABASE_URL": f"postgres://uno@{host}/uno"}
        return self.run_blocks(page_blocks)

    def run_blocks(self, page_blocks: list[Block]) -> str | None:
        for block in page_blocks:
            text = LOCAL.sub(self.base, block.text)
            run = {
                **dict.fromkeys(PYTHON, self.python),
                **dict.fromkeys(JAVASCRIPT, self.javascript),
            }.get(block.lang, self.shell)
            failure = run(block, text)
            if failure:
                return f"{block.where}: {failure}"
        return None

    def postgres_server(self) -> str:
        """A new PostgreSQL cluster of the page's own, started: its `host:port`."""
        bin_dir = postgres_bin_dir()
        assert bin_dir, "the operators' blocks need PostgreSQL's initdb and pg_ctl"
        server = PostgresServer(bin_dir)
        self.servers.append(server)
        server.init()
        server.start()
        return f"127.0.0.1:{server.port}"

    def run(self) -> str | None:
        """Run the page's blocks in order; the first failure, said with its page and line.
        The blocks of a set-up without compose share nothing with the others: they run in
        order in a shell of their own, beside them."""
        try:
            page_blocks = [block for block in blocks(self.page) if block.runs]
            apart = [block for block in page_blocks if block.operator in DATABASE_SERVER]
            with ThreadPoolExecutor(max_workers=1) as beside:
                database = beside.submit(self.run_apart, apart) if apart else None
                self.start_compose(page_blocks)
                failures = [self.run_blocks([b for b in page_blocks if b not in apart])]
                failures.append(database.result() if database else None)
            return next((failure for failure in failures if failure), None)
        finally:
            if self.python_process is not None:
                self.python_process.kill()
                self.python_process.wait()
            for server in self.servers:
                server.destroy()
            if self.browser is not None:
                self.browser.close()
                self.playwright.stop()

    def shell(self, block: Block, text: str) -> str | None:
        if block.lang == "sql":
            psql = 'psql -X -q -v ON_ERROR_STOP=1 -d "postgres://postgres@$HOST/postgres"'
            text = f"{psql} <<'__SQL__'\n{text}__SQL__\n"
        status = self.status_apart if block.operator in DATABASE_SERVER else self.status
        status.write_text("")
        try:
            done = subprocess.run(
                ["bash", "-c", BASH_HEADER + text + BASH_FOOTER],
                cwd=self.folder,
                env=self.operator_env[block.operator] if block.operator else self.env,
                input=f"{typed['text']}\n" if (typed := TYPED.match(block.marker)) else "",
                capture_output=True,
                text=True,
                timeout=BLOCK_SECONDS,
            )
        except subprocess.TimeoutExpired as exc:
            return f"the block ran over {BLOCK_SECONDS}s\n{exc.stdout}"
        said = f"stdout:\n{done.stdout}\nstderr:\n{done.stderr}"
        if done.returncode != 0:
            return f"the block failed (status {done.returncode})\n{said}"
        expected = {int(m["status"]) for m in EXPECTED.finditer(text)}
        statuses = [int(s) for s in STATUS.findall(status.read_text())]
        wrong = [s for s in statuses if (s >= 400 or s == 0) and s not in expected]
        if wrong:
            return f"a request of the block answered {wrong}\n{said}"
        return None

    def javascript(self, block: Block, text: str) -> str | None:
        from playwright.sync_api import Error as BrowserError
        from playwright.sync_api import sync_playwright

        if self.browser is None:  # one browser a page: Playwright's sync API is per thread
            self.playwright = sync_playwright().start()
            self.browser = self.playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
        origin = self.base
        if block.marker == ANOTHER_ORIGIN:
            origin = origin.replace("127.0.0.1", "localhost")
        tab = self.browser.new_page()
        try:
            tab.goto(f"{origin}/api/v1/health")
            statuses = tab.evaluate(
                JS_WRAPPER % text, {"API": f"{self.base}/api/v1", "token": self.token}
            )
        except BrowserError as exc:
            return f"the block failed\n{exc}"
        finally:
            tab.close()
        expected = {int(m["status"]) for m in JS_EXPECTED.finditer(text)}
        wrong = [s for s in statuses if s >= 400 and s not in expected]
        return f"a request of the block answered {wrong}" if wrong else None

    def python(self, block: Block, text: str) -> str | None:
        named = FILE.match(block.marker)
        if named:
            (self.folder / named["name"]).unlink(missing_ok=True)  # never a checkout's file
            (self.folder / named["name"]).write_text(text)
            return None
        if self.python_process is None:
            self.python_process = subprocess.Popen(
                [sys.executable, "-c", PYTHON_RUNNER],
                cwd=self.folder,
                env=self.env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
        self.python_process.stdin.write(json.dumps({"where": block.where, "code": text}) + "\n")
        self.python_process.stdin.flush()
        ready, _, _ = select.select([self.python_process.stdout], [], [], BLOCK_SECONDS)
        if not ready:
            self.python_process.kill()
            return f"the block ran over {BLOCK_SECONDS}s"
        answer = self.python_process.stdout.readline()
        if not answer:
            return "the block's Python process ended"
        done = json.loads(answer)
        return f"the block failed\n{done['error']}{done['output']}" if done["error"] else None


def test_the_code_blocks_run_against_a_served_instance(
    served_instance, redis_url, require_service, tmp_path
):
    """Each page on its own (its own players, folder, shell and Python), all at once."""
    if not Path(CHROMIUM).exists():
        require_service(f"the `js` blocks need Chromium at {CHROMIUM}")
    if postgres_bin_dir() is None:
        require_service("the operators' blocks need PostgreSQL's initdb and pg_ctl")
    with ThreadPoolExecutor(max_workers=len(PAGES)) as pool:
        runs = [
            pool.submit(
                lambda p: Page(p, served_instance, tmp_path / p.stem, redis_url).run(), page
            )
            for page in PAGES
        ]
        failures = [failure for run in runs if (failure := run.result())]
    assert not failures, "\n\n".join(failures)
