"""The fuzz pass: every operation of the served OpenAPI document, called as an anonymous
caller, a player and staff, against real games (waiting, active, finished, aborted, an
invite game nobody invited the caller to, an id that does not exist), with mutated
requests (tests/security/fuzz.py says which).

For every response: no status of 500 or more; every 4xx is problem+json with a `code`;
a request the schema or the contract makes invalid is never answered with a 2xx; and a
refused request records nothing (every table's row count, the games' versions and
statuses, revoked tokens, names and accounts are compared before and after it). A
refusal sent with an Idempotency-Key stores exactly that refusal under that key, which
is what makes a retry safe, and nothing else. A 2xx may change things: the fuzzer then
takes a new snapshot and sets its targets up again if they left their state.

The run is deterministic (seeded), prints its counts, and takes about a minute.
"""

from __future__ import annotations

import json
import logging
import random
import time
import traceback
import uuid
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import count, islice

import pytest
from django.apps import apps
from django.conf import global_settings, settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.signals import got_request_exception
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from games.models import Game, GameStatus, IdempotencyRecord
from players.apis import PlayerRegisterApi
from players.models import ApiToken, Player
from players.services import token_issue

from . import fuzz
from .support import ANONYMOUS, API, NO_TIMERS, Caller, call, ok, register, staff_caller

SEED = 9_2025
CALLERS = ("anonymous", "player", "staff")
#: Project apps whose tables must not change when a request is refused.
RECORDING_APPS = ("games", "players", "scoring", "ops")
PROBLEM = "application/problem+json"
#: How much of a streamed body is read (an event stream is read up to its first chunk).
STREAM_READ_LIMIT = 1024 * 1024


@dataclass(frozen=True)
class Target:
    label: str
    value: str
    real: bool = True


@dataclass
class Finding:
    operation: str
    caller: str
    mutation: str
    status: int
    what: str
    excerpt: str = ""
    trace: str = ""

    def __str__(self) -> str:
        text = f"{self.operation} as {self.caller} [{self.mutation}] -> {self.status}: {self.what}"
        if self.excerpt:
            text += f"\n    body: {self.excerpt}"
        if self.trace:
            text += f"\n    {self.trace}"
        return text


@dataclass
class Tally:
    requests: Counter = field(default_factory=Counter)  # (operation, caller) -> n
    statuses: Counter = field(default_factory=Counter)  # (operation, caller, status) -> n
    findings: list[Finding] = field(default_factory=list)
    seconds: Counter = field(default_factory=Counter)  # (operation, caller) -> time spent


# --- the world the fuzzer plays in -------------------------------------------------------


class World:
    """Callers and real targets: games in each state and tokens, set up over the API."""

    EXPECTED = {
        "waiting": "waiting",
        "active": "active",
        "finished": "finished",
        "aborted": "aborted",
        "invite": "waiting",
    }

    def __init__(self, client: Client, rng: random.Random):
        self.client = client
        self.staff = staff_caller("fuzz-staff")
        self.ann = register("ann")
        self.bob = register("bob")
        self.callers = dict(zip(CALLERS, (ANONYMOUS, self.ann, self.staff), strict=True))
        self.missing_game = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        self.games: dict[str, str] = {}
        for name in self.EXPECTED:
            self.games[name] = self.build(name)
        self.tokens = {
            "ann's spare": self._spare_token(self.ann),
            "staff's spare": self._spare_token(self.staff),
            "bob's": ApiToken.objects.filter(player_id=self.bob.player_id).first().pk,
        }

    def _spare_token(self, caller: Caller) -> int:
        token_issue(player=Player.objects.get(pk=caller.player_id), label="fuzz spare")
        return ApiToken.objects.filter(player_id=caller.player_id).order_by("-pk").first().pk

    def _post(self, caller: Caller, path: str, body: dict | None = None, status: int = 200):
        _clear_caches()
        return ok(call(self.client, caller, "POST", f"{API}{path}", body or {}), status)

    def build(self, name: str) -> str:
        """Sets up the target game `name` and returns its id."""
        if name == "waiting":
            return self._post(self.ann, "/games", {"seats": 3, "timers": NO_TIMERS}, 201)["id"]
        if name == "invite":
            body = {"seats": 2, "timers": NO_TIMERS, "visibility": "invite"}
            return self._post(self.bob, "/games", body, 201)["id"]
        if name == "aborted":
            game = self._post(self.bob, "/games", {"seats": 2, "timers": NO_TIMERS}, 201)
            self._post(self.staff, f"/games/{game['id']}/abort", {"reason": "fuzz"})
            return game["id"]
        body = {"seats": 2, "timers": NO_TIMERS, "seed": 7}
        if name == "finished":
            body["rules"] = {"preset": "classic", "options": {"target_score": 50}}
            body["position"] = {
                "hands": {"0": ["red-5"], "1": ["wild", "wild"]},
                "discard": ["red-3"],
                "to_act": 0,
            }
        game_id = self._post(self.staff, "/games", body, 201)["id"]
        self._post(self.ann, f"/games/{game_id}/join")
        self._post(self.staff, f"/games/{game_id}/start")
        if name == "finished":
            self._post(self.staff, f"/games/{game_id}/actions", {"type": "play", "card": "red-5"})
        return game_id

    def restore(self) -> None:
        """After a 2xx: tokens revoked by the fuzzer work again, and every target game
        is back in the state it stands for."""
        callers = [c.player_id for c in (self.ann, self.staff)]
        ApiToken.objects.filter(player_id__in=callers).update(revoked_at=None)
        rows = Game.objects.filter(pk__in=self.games.values()).values_list("pk", "status")
        statuses = {str(pk): status for pk, status in rows}
        for name, game_id in list(self.games.items()):
            if statuses.get(game_id) != self.EXPECTED[name]:
                self.games[name] = self.build(name)

    def targets(self, param: fuzz.Parameter) -> list[Target]:
        """Values for a path parameter: real ones first, then ids that do not exist."""
        name = param.name
        games = [Target(label, str(value)) for label, value in self.games.items()]
        missing_uuid = Target("missing", self.missing_game, real=False)
        if "game" in name:
            return [*games, missing_uuid]
        if "token" in name:
            return [
                *(Target(label, str(pk)) for label, pk in self.tokens.items()),
                Target("missing", "987654321", real=False),
            ]
        players = [Target(n, c.player_id) for n, c in self.callers.items() if c.player_id]
        if "player" in name:
            return [*players, Target("bob", self.bob.player_id), missing_uuid]
        schema = param.schema
        if schema.get("enum"):
            return [Target(str(v), str(v)) for v in schema["enum"]]
        if schema.get("format") == "uuid":
            return [*games, *players, missing_uuid]
        if schema.get("type") == "integer":
            return [Target("one", "1"), Target("missing", "987654321", real=False)]
        return [Target("classic", "classic"), Target("unknown", "x", real=False)]


# --- what must not change when a request is refused ---------------------------------------


class Recorder:
    """One statement that sums up everything a request could have recorded."""

    def __init__(self):
        quote = connection.ops.quote_name
        tables = sorted(
            {m._meta.db_table for label in RECORDING_APPS for m in _models(label)}
            | {get_user_model()._meta.db_table}
        )
        parts = [(f"rows in {t}", f"SELECT COUNT(*) FROM {quote(t)}") for t in tables]
        game, token = quote(Game._meta.db_table), quote(ApiToken._meta.db_table)
        player = quote(Player._meta.db_table)
        user = quote(get_user_model()._meta.db_table)
        parts += [
            ("sum of game versions", f"SELECT COALESCE(SUM(version), 0) FROM {game}"),
            *(
                (f"{status} games", f"SELECT COUNT(*) FROM {game} WHERE status = '{status}'")
                for status in GameStatus.values
            ),
            ("revoked tokens", f"SELECT COUNT(*) FROM {token} WHERE revoked_at IS NOT NULL"),
            ("length of names", f"SELECT COALESCE(SUM(LENGTH(name)), 0) FROM {player}"),
            ("first name", f"SELECT MIN(name) FROM {player}"),
            ("last name", f"SELECT MAX(name) FROM {player}"),
            ("active staff", f"SELECT COUNT(*) FROM {user} WHERE is_active AND is_staff"),
        ]
        self.labels = [label for label, _ in parts]
        self.sql = "SELECT " + ", ".join(f"({sql})" for _, sql in parts)
        self.idempotency = self.labels.index(f"rows in {IdempotencyRecord._meta.db_table}")

    def snapshot(self) -> tuple:
        with connection.cursor() as cursor:
            cursor.execute(self.sql)
            return tuple(cursor.fetchone())

    def changes(self, before: tuple, after: tuple) -> dict[str, tuple]:
        return {
            label: (b, a) for label, b, a in zip(self.labels, before, after, strict=True) if b != a
        }


def _models(label: str):
    try:
        return apps.get_app_config(label).get_models()
    except LookupError:
        return []


# --- the fuzzer -------------------------------------------------------------------------


class Fuzzer:
    """Sends each operation's requests as one caller and checks every answer; what it
    found and counted is in `tally`. The tracebacks of 500s come from Django's
    got_request_exception signal (the test client is told not to raise them)."""

    def __init__(self, client: Client, world: World, schema: fuzz.Schema, rng: random.Random):
        self.client = client
        self.world = world
        self.schema = schema
        self.rng = rng
        self.recorder = Recorder()
        self.before = self.recorder.snapshot()
        self.tally = Tally()
        self.errors: list[str] = []
        self.keys = count(1)
        got_request_exception.connect(self._on_exception)

    def close(self) -> None:
        got_request_exception.disconnect(self._on_exception)

    def _on_exception(self, sender, request=None, **kwargs):
        self.errors.append(traceback.format_exc(limit=-3).strip().replace("\n", "\n    "))

    def fuzz(self, operation: fuzz.Operation, caller_name: str) -> None:
        # Keys stored by the previous operation would answer 422 here: start afresh.
        IdempotencyRecord.objects.all().delete()
        self.before = self.recorder.snapshot()
        caller = self.world.callers[caller_name]
        started = time.monotonic()
        statuses, deep = [], {}
        for baseline in fuzz.baseline_requests(self.schema, operation):
            for targets in self._target_sweep(operation):
                status = self.send(operation, caller_name, caller, baseline, targets)
                statuses.append(status)
                if 200 <= status < 300 or status in (409, 412, 422):
                    for name, target in targets.items():
                        deep.setdefault(name, set()).add(target)
        refused_at_the_door = all(s == 401 for s in statuses)
        for mutation in self.mutations(operation):
            if refused_at_the_door and not mutation.auth_only:
                continue
            if mutation.body is not None and _takes_key(operation) and self.rng.random() < 0.5:
                key = f"fuzz-{next(self.keys)}"  # the same checks on the idempotent path
                mutation = replace(mutation, headers={"Idempotency-Key": key, **mutation.headers})
            targets = self._random_targets(operation, deep)
            self.send(operation, caller_name, caller, mutation, targets)
        self.tally.seconds[(str(operation), caller_name)] += time.monotonic() - started

    def mutations(self, operation: fuzz.Operation):
        yield from fuzz.method_mutations(self.schema, operation)
        yield from fuzz.path_mutations(operation)
        if operation.body is not None:
            yield from fuzz.body_mutations(self.schema, operation)
        else:
            yield from fuzz.unexpected_body_mutations()
        yield from fuzz.query_mutations(self.schema, operation)
        yield from fuzz.header_mutations(operation)

    def _target_sweep(self, operation) -> list[dict[str, Target]]:
        """Each value of each path parameter, the others at their first real value."""
        params = operation.params("path")
        if not params:
            return [{}]
        first = {p.name: self.world.targets(p)[0] for p in params}
        return [{**first, p.name: t} for p in params for t in self.world.targets(p)]

    def _random_targets(self, operation, deep: dict[str, set[Target]]) -> dict[str, Target]:
        """A real value for each path parameter, among those whose baseline got past
        validation and access checks (a 2xx, 409, 412 or 422) where there are any: the
        mutations then meet the code behind them."""
        chosen = {}
        for param in operation.params("path"):
            real = [t for t in self.world.targets(param) if t.real]
            preferred = [t for t in real if t in deep.get(param.name, ())]
            chosen[param.name] = self.rng.choice(preferred or real)
        return chosen

    # --- one request ---

    def send(
        self,
        operation: fuzz.Operation,
        caller_name: str,
        caller: Caller,
        mutation: fuzz.Mutation,
        targets: dict[str, Target],
    ) -> int:
        """Sends one request and checks its answer; returns its status."""
        path, body, headers = self._compose(operation, caller, mutation, targets)
        environ = {_environ_key(k): fuzz.as_received(v) for k, v in headers.items()}
        _clear_caches()  # throttles count in a cache: every request starts with none
        self.errors.clear()
        response = self.client.generic(
            mutation.method or operation.method,
            path,
            data=body,
            content_type=mutation.content_type,
            **environ,
        )
        status = response.status_code
        text, broken = _read(response)
        group = (str(operation), caller_name)
        self.tally.requests[group] += 1
        self.tally.statuses[(*group, status)] += 1
        label = f"{mutation.label} @ {'/'.join(t.label for t in targets.values()) or '-'}"

        def found(what: str, trace: str = "") -> None:
            self.tally.findings.append(
                Finding(str(operation), caller_name, label, status, what, text[:300], trace)
            )

        if broken:
            found(f"the streamed body broke: {broken}")
        if status >= 500:
            found("server error", self.errors[-1] if self.errors else "")
        elif 400 <= status < 500:
            self._check_problem(response, status, text, found)
        if 200 <= status < 300 and mutation.must_refuse:
            found("invalid input accepted")
        self._check_recorded(status, caller, headers.get("Idempotency-Key"), found)
        return status

    def _compose(self, operation, caller, mutation, targets) -> tuple[str, bytes, dict]:
        """(path with query, body, headers): the mutation over the operation's baseline."""
        path = operation.path
        for name, target in targets.items():
            segment = mutation.path.get(name, target.value)
            path = path.replace("{" + name + "}", fuzz.quote_segment(segment))
        query = mutation.query
        if query is None:
            query = fuzz.baseline_query(self.schema, operation)
        if query:
            path += "?" + fuzz.quote_query(query)
        body = mutation.body
        if body is None:
            body = fuzz.baseline_requests(self.schema, operation)[0].body or b""
        headers = {"Authorization": f"Bearer {caller.token}"} if caller.token else {}
        headers.update(mutation.headers)
        return path, body, headers

    def _check_problem(self, response, status: int, text: str, found) -> None:
        content_type = response.get("Content-Type", "")
        if not content_type.startswith(PROBLEM):
            found(f"a refusal that is not problem+json ({content_type})")
            return
        try:
            problem = json.loads(text)
        except ValueError:
            found("a problem that is not JSON")
            return
        if not isinstance(problem.get("code"), str) or not problem["code"]:
            found("a problem without a code")
        elif problem.get("status") != status:
            found(f"a problem whose status says {problem.get('status')}")

    def _check_recorded(self, status: int, caller: Caller, key: str | None, found) -> None:
        after = self.recorder.snapshot()
        if status < 400:
            self.world.restore()
            self.before = self.recorder.snapshot()
            return
        changes = self.recorder.changes(self.before, after)
        stored = self.recorder.labels[self.recorder.idempotency]
        if (
            key is not None
            and set(changes) == {stored}
            and self._refusal_stored(caller, key, status)
        ):
            changes = {}
        if changes:
            found(f"a refusal recorded something: {changes}")
        self.before = after

    @staticmethod
    def _refusal_stored(caller: Caller, key: str, status: int) -> bool:
        """The one record a refusal with an Idempotency-Key may leave: that refusal."""
        records = IdempotencyRecord.objects.filter(
            player_id=caller.player_id, key=fuzz.as_received(key)
        )
        return list(records.values_list("status_code", flat=True)) == [status]


def _clear_caches() -> None:
    for alias in settings.CACHES:
        caches[alias].clear()


def _takes_key(operation: fuzz.Operation) -> bool:
    return any(p.name.lower() == "idempotency-key" for p in operation.params("header"))


def _environ_key(header: str) -> str:
    if header.lower() == "content-type":
        return "CONTENT_TYPE"
    return "HTTP_" + header.upper().replace("-", "_")


def _read(response) -> tuple[str, str]:
    """(text, error): the body, read to its end (an event stream: its first chunk)."""
    if not getattr(response, "streaming", False):
        return response.content.decode("utf-8", "replace"), ""
    chunks, size = [], 0
    event_stream = response.get("Content-Type", "").startswith("text/event-stream")
    try:
        for chunk in response.streaming_content:
            chunks.append(chunk)
            size += len(chunk)
            if event_stream or size > STREAM_READ_LIMIT:
                break
    except Exception as error:  # noqa: BLE001 - any failure mid-stream is a finding
        return b"".join(chunks).decode("utf-8", "replace"), repr(error)
    finally:
        response.close()
    return b"".join(chunks).decode("utf-8", "replace"), ""


@contextmanager
def quiet_request_logs():
    """Thousands of refusals would each log a warning; 500s are collected instead."""
    loggers = [logging.getLogger(name) for name in ("django.request", "django.security")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def report(tally: Tally, seconds: float) -> str:
    """The counts: requests and statuses per operation and caller, then in all."""
    lines = [
        f"fuzz pass: {sum(tally.requests.values()):,} requests in {seconds:.1f} s "
        f"on {connection.vendor}, {len(tally.findings)} findings"
    ]
    by_group: dict[tuple, Counter] = {}
    totals: Counter = Counter()
    for (operation, caller, status), n in tally.statuses.items():
        by_group.setdefault((operation, caller), Counter())[status] += n
        totals[status] += n
    for (operation, caller), n in sorted(tally.requests.items()):
        shown = " ".join(f"{s}:{k}" for s, k in sorted(by_group[(operation, caller)].items()))
        spent = tally.seconds[(operation, caller)]
        lines.append(f"  {operation:48} {caller:9} {n:6,} {spent:5.1f} s  {shown}")
    lines.append("  all statuses: " + " ".join(f"{s}:{n:,}" for s, n in sorted(totals.items())))
    return "\n".join(lines)


# --- the test ---------------------------------------------------------------------------


@pytest.fixture
def no_timed_tasks(settings):
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False


@pytest.fixture
def one_connection(no_timed_tasks):
    """One database connection for the whole run: with CONN_MAX_AGE=0 each request
    would end by closing it, and connecting again costs more than most requests."""
    conf = connection.settings_dict
    kept = conf["CONN_MAX_AGE"]
    conf["CONN_MAX_AGE"] = None
    connection.close()
    yield
    conf["CONN_MAX_AGE"] = kept
    connection.close()


def served_schema(client: Client) -> fuzz.Schema:
    document = client.get("/api/schema/?format=json")
    assert document.status_code == 200, document.content[:300]
    return fuzz.Schema(json.loads(document.content))


def summary(findings: list[Finding]) -> str:
    """How many findings of each kind per operation, then the first ones in full."""
    kinds = Counter((f.operation, f.what.split(":")[0]) for f in findings)
    lines = [f"{len(findings)} findings:"]
    lines += [f"  {n:4} {operation}: {what}" for (operation, what), n in sorted(kinds.items())]
    lines += ["the first ones:", *(str(f) for f in islice(findings, 25))]
    return "\n".join(lines)


@pytest.mark.django_db(transaction=True)
def test_no_request_reaches_a_server_error_or_records_a_refusal(one_connection, capsys, settings):
    # Django's own body limit, not the service's 64 KiB: an operator may raise it
    # (UNO_MAX_BODY_BYTES), and the wide bodies must be read and refused cleanly then.
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = global_settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    # With a metrics token set, every Authorization mutation meets its comparison.
    settings.UNO_METRICS_TOKEN = "fuzz-metrics-token"
    client = Client(raise_request_exception=False)
    schema = served_schema(client)
    operations = schema.operations()
    assert len(operations) >= 20, [str(o) for o in operations]
    rng = random.Random(SEED)
    started = time.monotonic()
    with quiet_request_logs():
        fuzzer = Fuzzer(client, World(client, rng), schema, rng)
        try:
            for operation in operations:
                for caller_name in CALLERS:
                    fuzzer.fuzz(operation, caller_name)
        finally:
            fuzzer.close()
    with capsys.disabled():
        print("\n" + report(fuzzer.tally, time.monotonic() - started))

    assert not fuzzer.tally.findings, summary(fuzzer.tally.findings)


# --- the oracle itself ------------------------------------------------------------------


def _records_then_refuses(self, request):
    Player.objects.create(name="recorded by a refusal")
    raise ValidationError({"name": ["refused after writing"]})


def _fails(self, request):
    raise RuntimeError("a bug")


def _refuses_with_a_page(self, request):
    return HttpResponse("<h1>no</h1>", status=400, content_type="text/html")


def _accepts_anything(self, request):
    return Response({"id": "x"}, status=201)


@pytest.mark.parametrize(
    ("view", "mutation", "what"),
    [
        (_records_then_refuses, "baseline", "a refusal recorded something"),
        (_fails, "baseline", "server error"),
        (_refuses_with_a_page, "baseline", "a refusal that is not problem+json"),
        (_accepts_anything, "body: invalid JSON", "invalid input accepted"),
    ],
    ids=["records", "500", "html", "lenient"],
)
@pytest.mark.django_db
def test_the_fuzzer_reports_each_kind_of_failure(no_timed_tasks, monkeypatch, view, mutation, what):
    client = Client(raise_request_exception=False)
    schema = served_schema(client)
    registration = next(o for o in schema.operations() if str(o) == "POST /api/v1/players")
    monkeypatch.setattr(PlayerRegisterApi, "post", view)
    rng = random.Random(SEED)
    fuzzer = Fuzzer(client, World(client, rng), schema, rng)
    requests = [*fuzz.baseline_requests(schema, registration), *fuzzer.mutations(registration)]
    sent = (
        requests[0] if mutation == "baseline" else next(m for m in requests if m.label == mutation)
    )
    try:
        with quiet_request_logs():
            fuzzer.send(registration, "anonymous", ANONYMOUS, sent, {})
    finally:
        fuzzer.close()

    (finding,) = fuzzer.tally.findings
    assert finding.what.startswith(what), finding
