"""Production serves the static files gathered by `collectstatic` (as the Dockerfile does),
under hashed names, with DEBUG off: ServeStatic in front of both applications the web
servers run (unoservice.asgi: compose's `streams`, bin/serve; unoservice.wsgi: compose's
`web`), with a cache lifetime for ever, since a hashed name's content never changes."""

import json

import pytest

SCRIPT = """
import asyncio, json, re
import httpx
from unoservice.asgi import application

async def main():
    transport = httpx.ASGITransport(app=application)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as web:
        page = (await web.get("/admin/login/")).text
        css = re.search(r'href="(/static/admin/css/base[.][0-9a-f]+[.]css)"', page).group(1)
        docs = (await web.get("/api/docs/")).text
        js = re.search(
            r'src="(/static/drf_spectacular_sidecar/[^"]+[.][0-9a-f]+[.]js)"', docs
        ).group(1)
        answers = {url: await web.get(url) for url in (css, js)}
    print(json.dumps({
        url: [a.status_code, a.headers.get("cache-control")] for url, a in answers.items()
    }))

asyncio.run(main())
"""


WSGI_SCRIPT = """
import json, re
import httpx
from unoservice.wsgi import application

transport = httpx.WSGITransport(app=application)
with httpx.Client(transport=transport, base_url="http://testserver") as web:
    page = web.get("/admin/login/").text
    css = re.search(r'href="(/static/admin/css/base[.][0-9a-f]+[.]css)"', page).group(1)
    docs = web.get("/api/docs/").text
    js = re.search(r'src="(/static/drf_spectacular_sidecar/[^"]+[.][0-9a-f]+[.]js)"', docs).group(1)
    answers = {url: web.get(url) for url in (css, js)}
print(json.dumps({
    url: [a.status_code, a.headers.get("cache-control")] for url, a in answers.items()
}))
"""


@pytest.mark.parametrize("script", [SCRIPT, WSGI_SCRIPT], ids=["asgi", "wsgi"])
def test_collectstatic_then_admin_css_and_swagger_js_are_served_in_production(
    manage, child_env, tmp_path, script
):
    env = child_env(
        UNO_MODE="production",
        SECRET_KEY="only-for-this-test-" + "x" * 40,
        UNO_SIGNING_KEY_FILE=str(tmp_path / "signing_key.pem"),
        DEBUG="0",
        ALLOWED_HOSTS="testserver",
        UNO_DATA_DIR=str(tmp_path / "data"),
        UNO_STATIC_ROOT=str(tmp_path / "static"),
        DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3",
        CELERY_BROKER_URL=None,
    )
    collected = manage("collectstatic", "--noinput", env=env)
    assert collected.returncode == 0, collected.stderr
    assert (tmp_path / "static" / "staticfiles.json").exists()

    served = manage("shell", "-c", script, env=env)

    assert served.returncode == 0, served.stderr
    answers = json.loads(served.stdout.strip().splitlines()[-1])
    assert [status for status, _ in answers.values()] == [200, 200], answers
    for _, cache_control in answers.values():
        assert "immutable" in cache_control, answers
