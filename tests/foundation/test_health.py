"""GET /api/v1/health: green when the database answers and the broker accepts a connection,
503 naming the part that fails otherwise."""

import pytest
from django.db import connections
from django.test import override_settings

HEALTH = "/api/v1/health"


@pytest.mark.django_db
def test_health_is_ok_without_authentication_when_database_and_broker_work(client):
    response = client.get(HEALTH)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"ok": True, "database": "ok", "broker": "ok"}


@pytest.mark.django_db
def test_health_is_503_naming_the_broker_when_nothing_listens_on_its_port(client, get_free_port):
    closed = get_free_port()
    with override_settings(
        CELERY_BROKER_URL=f"redis://127.0.0.1:{closed}/0", CELERY_BROKER_TRANSPORT_OPTIONS={}
    ):
        response = client.get(HEALTH)

    assert response.status_code == 503
    body = response.json()
    assert body["ok"] is False
    assert body["database"] == "ok"
    assert body["broker"] == "error: unreachable"  # the exception's text goes to the log


@pytest.mark.django_db
def test_health_is_503_when_the_filesystem_broker_folders_are_missing(client, tmp_path):
    missing = tmp_path / "gone"
    options = {
        "data_folder_in": str(missing / "queue"),
        "data_folder_out": str(missing / "queue"),
        "processed_folder": str(missing / "processed"),
        "control_folder": str(missing / "control"),
    }
    with override_settings(
        CELERY_BROKER_URL="filesystem://localhost//", CELERY_BROKER_TRANSPORT_OPTIONS=options
    ):
        response = client.get(HEALTH)

    assert response.status_code == 503
    assert response.json()["broker"] == "error: broker folder missing"  # no path shown


@pytest.mark.django_db(transaction=True)
def test_health_is_503_naming_the_database_when_it_cannot_connect(
    client, monkeypatch, tmp_path, get_free_port
):
    conn = connections["default"]
    conn.ensure_connection()
    # Drop the live connection and make the next connect fail, as a database that went
    # away would: SQLite cannot open a file in a missing folder; PostgreSQL gets a closed
    # port. monkeypatch puts the connection and its settings back afterwards.
    monkeypatch.setattr(conn, "connection", None)
    if conn.vendor == "sqlite":
        monkeypatch.setitem(conn.settings_dict, "NAME", str(tmp_path / "missing" / "db.sqlite3"))
    else:
        monkeypatch.setitem(conn.settings_dict, "HOST", "127.0.0.1")
        monkeypatch.setitem(conn.settings_dict, "PORT", str(get_free_port()))

    response = client.get(HEALTH)

    assert response.status_code == 503
    body = response.json()
    assert body["ok"] is False
    assert body["database"] == "error: unreachable"
    assert body["broker"] == "ok"


def test_health_is_in_the_openapi_schema_with_both_statuses(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")

    assert response.status_code == 200
    operation = response.json()["paths"]["/api/v1/health"]["get"]
    assert set(operation["responses"]) == {"200", "503"}
    schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/Health"}
