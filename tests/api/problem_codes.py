"""The problem codes the API tests see, held against the codes the schema documents.

Every response the service gives in this process (test client, live servers) is
recorded as (operation, status, code) when it is a problem. At the end of a run:

- every code seen must be documented, under that status, for the operation that
  answered it (always checked, whatever ran);
- once every API test module ran, the documented codes never seen are listed: a code
  an operation names in its view's `refusals` on that very operation, a code that comes
  from what the view is (authenticated, throttled, taking a body, …) on some operation,
  since one piece of shared code produces it for all of them. Such a code fails the run
  unless NOT_SEEN_HERE names it (with where it is produced, or why it is still missing).
"""

from __future__ import annotations

import contextlib
import json
import re
from collections import defaultdict
from pathlib import Path

import pytest
from django.core.handlers.base import BaseHandler
from django.urls import resolve

from games.http.schema import status_and_codes
from unoservice.api import PROBLEM_CONTENT_TYPE

from .openapi_document import openapi_document

API_TESTS = Path(__file__).parent
METHODS = ("get", "post", "patch", "put", "delete")

#: (method, path template, status, code) seen in this run.
SEEN: set[tuple[str, str, int, str]] = set()
#: Set while an API test runs: other tests' requests (the security fuzzer's, say) are
#: not what this checks.
RECORDING = False


def record(request, response) -> None:
    if not RECORDING or not str(response.get("Content-Type", "")).startswith(PROBLEM_CONTENT_TYPE):
        return
    template = path_template(request.path)
    method = request.method.lower()
    # Methods a path does not have (405) are no operation's answers; a 500 is a bug
    # (tests that provoke one on purpose check it themselves).
    if template is None or method not in openapi_document()["paths"][template]:
        return
    if response.status_code == 500:
        return
    try:
        code = json.loads(response.content)["code"]
    except (ValueError, KeyError, TypeError, AttributeError):
        return
    SEEN.add((method, template, response.status_code, code))


def path_template(path: str) -> str | None:
    for template, pattern in _templates():
        if pattern.fullmatch(path):
            return template
    return None


def _templates() -> list[tuple[str, re.Pattern]]:
    return [
        (template, re.compile(re.sub(r"\{[^}]+\}", "[^/]+", template)))
        for template in openapi_document()["paths"]
    ]


def install() -> None:
    """Record every response Django's handler gives (once per process)."""
    if getattr(BaseHandler.get_response, "_records_problems", False):
        return
    original = BaseHandler.get_response

    def get_response(self, request):
        response = original(self, request)
        with contextlib.suppress(Exception):  # the recorder never breaks a request
            record(request, response)
        return response

    get_response._records_problems = True
    BaseHandler.get_response = get_response


def documented() -> dict[tuple[str, str], dict[int, set[str]]]:
    """(method, path) -> status -> the codes the schema documents there."""
    document = openapi_document()
    found: dict[tuple[str, str], dict[int, set[str]]] = {}
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            by_status: dict[int, set[str]] = defaultdict(set)
            for status, response in operation["responses"].items():
                media = (response.get("content") or {}).get(PROBLEM_CONTENT_TYPE)
                if media is None:
                    continue
                ref = media["schema"]["$ref"].rsplit("/", 1)[-1]
                narrowed = document["components"]["schemas"][ref]["allOf"][1]
                codes = narrowed["properties"]["code"]["enum"]
                # Each status's description names its codes (games.http.schema).
                by_status[int(status)] = {c for c in codes if f"`{c}`" in response["description"]}
            found[(method, path)] = by_status
    return found


def refusal_codes(method: str, path: str) -> set[str]:
    """The codes the operation's view names in `refusals`."""
    concrete = re.sub(r"\{[^}]+\}", "00000000-0000-0000-0000-000000000000", path)
    concrete = concrete.replace("tokens/00000000-0000-0000-0000-000000000000", "tokens/1")
    view = resolve(concrete).func.view_class
    codes: set[str] = set()
    for refusal in getattr(view, "refusals", {}).get(method, ()):
        codes.update(status_and_codes(refusal)[1])
    return codes


def undocumented_seen() -> list[str]:
    known = documented()
    return sorted(
        f"{method.upper()} {path} {status} {code}"
        for method, path, status, code in SEEN
        if code not in known.get((method, path), {}).get(status, set())
    )


#: Documented codes these API tests cannot see, each with where it is produced, or why it
#: is still missing. A documented code not seen and not here fails a full API run.
NOT_SEEN_HERE = {
    # Produced over ASGI (tests/api/served/test_long_polls.py, test_player_streams.py),
    # which this recorder (Django's WSGI handler) does not see.
    "(any operation) 429 too_many_streams",
    # Produced by the web server before Django sees the request
    # (tests/e2e/test_served_http_limits.py).
    "(any operation) 431 headers_too_large",
    # Produced with PostgreSQL or Redis stopped under the service (tests/faults).
    "(any operation) 503 service_unavailable",
    # Still to be produced by a request: start's invalid_option, a set-up the engine
    # refuses only at the start, which creation's checks of the same set-up should make
    # unreachable.
    "POST /api/v1/games/{game_id}/start 400 invalid_option",
    # Produced on a log rewritten behind the service's back, which takes the database
    # owner's rights (tests/security/test_tamper_evidence.py).
    "GET /api/v1/games/{game_id} 409 log_not_foldable",
    "GET /api/v1/games/{game_id}/replay 409 log_not_foldable",
}


def documented_unseen() -> list[str]:
    known = documented()
    seen_anywhere = {(status, code) for _, _, status, code in SEEN}
    missing = []
    for (method, path), by_status in known.items():
        own = refusal_codes(method, path)
        for status, codes in by_status.items():
            for code in codes:
                if code in own:
                    if (method, path, status, code) not in SEEN:
                        missing.append(f"{method.upper()} {path} {status} {code}")
                elif (status, code) not in seen_anywhere:
                    missing.append(f"(any operation) {status} {code}")
    return sorted(set(missing))


def every_api_module_ran(session) -> bool:
    return api_modules_covered(collected_modules(session)) and _whole_run(session)


def collected_modules(session) -> set[str]:
    return {str(Path(str(item.fspath)).resolve()) for item in session.items}


def api_modules_covered(collected: set[str]) -> bool:
    return {str(p.resolve()) for p in API_TESTS.rglob("test_*.py")} <= collected


def _whole_run(session) -> bool:
    """No test left out: none chosen by keyword, none failed, and none skipped because a
    server it needs is absent (bin/test without PostgreSQL skips the tests that alone
    produce some codes, `request_in_progress` among them; CI requires every server)."""
    return (
        not session.config.option.keyword
        and not session.testsfailed
        and not _skipped_for_an_absent_server(session)
    )


def _skipped_for_an_absent_server(session) -> bool:
    """Such skips say what they need (tests/conftest.py: "needs PostgreSQL: …", "needs
    Redis: …"; Chromium and Node.js likewise)."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter is not None else []
    return any("Skipped: needs " in str(report.longrepr) for report in skipped)


# --- runs split over processes (pytest-xdist) ---------------------------------------------
#
# Each worker process sees only the requests of the tests it ran: it writes what it saw
# (and which modules the run collected) into a folder the controller made, and the
# controller, once every worker is done, checks the whole run's codes as one process would.

SHARED_FOLDER = "UNO_PROBLEM_CODES_FOLDER"


def save_for_controller(session, folder: str) -> None:
    worker = session.config.workerinput["workerid"]
    record = {"seen": sorted(SEEN), "collected": sorted(collected_modules(session))}
    (Path(folder) / f"{worker}.json").write_text(json.dumps(record))


def load_from_workers(folder: str) -> set[str]:
    """Every worker's codes into SEEN; returns the modules the run collected."""
    collected: set[str] = set()
    for saved in Path(folder).glob("*.json"):
        record = json.loads(saved.read_text())
        SEEN.update(tuple(seen) for seen in record["seen"])
        collected.update(record["collected"])
    return collected


def report(session, *, whole_api_run: bool) -> None:
    """Fail the run on a problem code the schema does not document for its operation and,
    after a run of every API test, on a documented code no test produced."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    undocumented = undocumented_seen()
    if undocumented:
        reporter.write_sep("=", "problem codes the schema does not document", red=True)
        for line in undocumented:
            reporter.write_line(line)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    if whole_api_run:
        unseen = set(documented_unseen()) - NOT_SEEN_HERE
        if unseen:
            reporter.write_sep("=", "documented problem codes no API test produced", red=True)
            for line in sorted(unseen):
                reporter.write_line(line)
            session.exitstatus = pytest.ExitCode.TESTS_FAILED


def report_whole_run(session, folder: str) -> None:
    """The controller's check of a run split over workers."""
    collected = load_from_workers(folder)
    if SEEN:
        whole = api_modules_covered(collected) and _whole_run(session)
        report(session, whole_api_run=whole)
