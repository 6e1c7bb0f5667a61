"""Production serves the static files gathered by `collectstatic` (as the Dockerfile does),
under hashed names, with DEBUG off."""

import json

SCRIPT = """
import json, re
from django.test import Client
client = Client()
page = client.get("/admin/login/").content.decode()
css = re.search(r'href="(/static/admin/css/base[.][0-9a-f]+[.]css)"', page).group(1)
docs = client.get("/api/docs/").content.decode()
js = re.search(r'src="(/static/drf_spectacular_sidecar/[^"]+[.][0-9a-f]+[.]js)"', docs).group(1)
print(json.dumps({url: client.get(url).status_code for url in (css, js)}))
"""


def test_collectstatic_then_admin_css_and_swagger_js_are_served_in_production(
    manage, child_env, tmp_path
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

    served = manage("shell", "-c", SCRIPT, env=env)

    assert served.returncode == 0, served.stderr
    statuses = json.loads(served.stdout.strip().splitlines()[-1])
    assert list(statuses.values()) == [200, 200], statuses
