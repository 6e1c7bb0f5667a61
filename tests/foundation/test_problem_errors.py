"""Every API error is application/problem+json (RFC 9457) with a stable `code`."""

import pytest
from django import db
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.test import RequestFactory
from kombu import exceptions as kombu_errors
from redis import exceptions as redis_errors
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from unoservice.api import PROBLEM_CONTENT_TYPE, ApiError, ProblemSerializer, server_error

REQUIRED = {"type", "title", "status", "detail", "code"}


class GameNotFound(ApiError):
    status_code = 404
    default_code = "game_not_found"
    default_detail = "No such game."


class NameSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=5)


class RaisingView(APIView):
    """Raises whatever the test puts in `to_raise`; validates a body on POST."""

    permission_classes = [AllowAny]
    to_raise: Exception | None = None

    def get(self, request):
        raise self.to_raise

    def post(self, request):
        NameSerializer(data=request.data).is_valid(raise_exception=True)
        return Response({})


class PrivateView(APIView):
    def get(self, request):
        return Response({})


def call(exc=None, method="get", **kwargs):
    factory = APIRequestFactory()
    request = getattr(factory, method)("/api/v1/thing", **kwargs)
    view = RaisingView.as_view(to_raise=exc)
    response = view(request)
    response.render()
    return response


def assert_problem(response, status, code):
    assert response.status_code == status
    assert response["Content-Type"] == PROBLEM_CONTENT_TYPE
    body = response.data
    assert set(body) >= REQUIRED
    assert body["status"] == status
    assert body["code"] == code
    assert body["type"] == f"urn:unoservice:problem:{code}"
    assert ProblemSerializer(data=body).is_valid(), body
    return body


@pytest.mark.parametrize(
    ("exc", "status", "code"),
    [
        (exceptions.NotFound(), 404, "not_found"),
        (Http404(), 404, "not_found"),
        (exceptions.PermissionDenied(), 403, "permission_denied"),
        (DjangoPermissionDenied(), 403, "permission_denied"),
        (exceptions.MethodNotAllowed("DELETE"), 405, "method_not_allowed"),
        (exceptions.AuthenticationFailed(), 401, "not_authenticated"),
        (exceptions.ParseError(), 400, "invalid_request"),
        (GameNotFound(), 404, "game_not_found"),
        (ApiError("Seat 3 is taken.", code="game_full"), 400, "game_full"),
    ],
)
def test_drf_and_django_errors_become_problems_with_stable_codes(exc, status, code):
    assert_problem(call(exc), status, code)


def test_a_problem_has_the_status_phrase_as_title_and_the_path_as_instance():
    body = assert_problem(call(GameNotFound()), 404, "game_not_found")

    assert body["title"] == "Not Found"
    assert body["detail"] == "No such game."
    assert body["instance"] == "/api/v1/thing"


def test_extra_members_such_as_the_game_version_are_part_of_the_problem():
    body = assert_problem(call(GameNotFound(version=12)), 404, "game_not_found")

    assert body["version"] == 12


def test_an_invalid_body_is_invalid_request_with_the_messages_per_field():
    response = call(method="post", data={"name": "far too long"}, format="json")

    body = assert_problem(response, 400, "invalid_request")
    assert set(body["errors"]) == {"name"}


def test_malformed_json_is_invalid_request():
    response = call(method="post", data="{not json", content_type="application/json")

    assert_problem(response, 400, "invalid_request")


def test_a_missing_login_is_401_not_authenticated_with_www_authenticate():
    request = APIRequestFactory().get("/api/v1/private")
    response = PrivateView.as_view()(request)
    response.render()

    assert_problem(response, 401, "not_authenticated")
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_throttling_is_429_with_retry_after():
    response = call(exceptions.Throttled(wait=2.2))

    assert_problem(response, 429, "throttled")
    assert response["Retry-After"] == "3"


def test_an_unexpected_exception_is_not_swallowed_by_the_handler():
    with pytest.raises(ZeroDivisionError):
        call(ZeroDivisionError())


@pytest.mark.django_db
def test_an_unknown_api_url_is_a_problem_and_a_wrong_method_too(client):
    response = client.get("/api/v1/no-such-thing")
    assert response.status_code == 404
    assert response["Content-Type"] == PROBLEM_CONTENT_TYPE
    assert response.json()["code"] == "not_found"

    response = client.post("/api/v1/health")
    assert response.status_code == 405
    assert response["Content-Type"] == PROBLEM_CONTENT_TYPE
    assert response.json()["code"] == "method_not_allowed"


def test_a_server_error_under_api_is_a_problem():
    response = server_error(RequestFactory().get("/api/v1/health"))

    assert response.status_code == 500
    assert response["Content-Type"] == PROBLEM_CONTENT_TYPE
    assert b'"code": "server_error"' in response.content


SECRET_TEXT = 'connection to server at "10.1.2.3", port 5432 failed: Connection refused'


@pytest.mark.parametrize(
    ("exc", "part"),
    [
        (db.OperationalError(SECRET_TEXT), "database"),
        (db.InterfaceError(SECRET_TEXT), "database"),
        (redis_errors.ConnectionError(SECRET_TEXT), "cache or broker"),
        (redis_errors.TimeoutError(SECRET_TEXT), "cache or broker"),
        (kombu_errors.OperationalError(SECRET_TEXT), "broker"),
    ],
)
def test_an_unreachable_database_or_broker_is_503_service_unavailable_with_retry_after(exc, part):
    response = call(exc)

    body = assert_problem(response, 503, "service_unavailable")
    assert response["Retry-After"] == "5"
    assert part in body["detail"]
    assert "10.1.2.3" not in response.content.decode()


def test_other_database_errors_are_not_taken_for_an_outage():
    with pytest.raises(db.IntegrityError):
        call(db.IntegrityError("duplicate key"))


def test_an_unreachable_database_met_outside_a_view_is_503_under_api():
    request = RequestFactory().get("/api/v1/games")
    try:
        raise db.OperationalError(SECRET_TEXT)
    except db.OperationalError:
        response = server_error(request)  # Django calls it while handling the exception

    assert response.status_code == 503
    assert response["Content-Type"] == PROBLEM_CONTENT_TYPE
    assert response["Retry-After"] == "5"
    assert b'"code": "service_unavailable"' in response.content
    assert b"10.1.2.3" not in response.content
