"""The OpenAPI schema validates with no warnings, and the docs work offline."""

import re

import yaml


def test_schema_generation_validates_with_no_warnings(manage, tmp_path):
    out = tmp_path / "schema.yaml"
    result = manage("spectacular", "--validate", "--fail-on-warn", "--file", str(out))

    assert result.returncode == 0, result.stderr
    schema = yaml.safe_load(out.read_text())
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "UNO service API"
    assert "/api/v1/health" in schema["paths"]


def test_schema_is_served_to_anonymous_clients(client):
    response = client.get("/api/schema/")

    assert response.status_code == 200
    assert "/api/v1/health" in yaml.safe_load(response.content)["paths"]


def test_swagger_ui_and_redoc_load_their_assets_from_our_static_files_not_a_cdn(client):
    for url in ("/api/docs/", "/api/redoc/"):
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assets = re.findall(r'(?:src|href)="([^"]+\.(?:js|css|png))"', html)
        assert assets, url
        for asset in assets:
            assert asset.startswith("/static/drf_spectacular_sidecar/"), asset
        assert "cdn" not in html.lower()
        assert "/api/schema/" in html


def test_the_docs_pages_load_nothing_from_another_site(client):
    for url in ("/api/docs/", "/api/redoc/"):
        html = client.get(url).content.decode()

        assert "fonts.googleapis.com" not in html, url
        assert not re.findall(r'(?:src|href)="(?:https?:)?//', html), url
