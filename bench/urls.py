"""The service's URLs plus `/bench/bare`, the load benchmark's yardstick: a DRF endpoint
that does one SELECT and one INSERT on a table bench/load.py creates (`bench_bare`, no
model, no migration), under the same server, settings and database as the game API.

Only bench/settings.py points here; the production URL root never includes it."""

from django.db import connection
from django.urls import path
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from unoservice.urls import handler404, handler500  # noqa: F401 - the same error pages
from unoservice.urls import urlpatterns as service_urlpatterns

TABLE = "bench_bare"


class BareApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes: list = []

    def post(self, request):
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT id FROM {TABLE} ORDER BY id DESC LIMIT 1")
            last = cursor.fetchone()
            cursor.execute(f"INSERT INTO {TABLE} (note) VALUES (%s) RETURNING id", ["bare"])
            (row_id,) = cursor.fetchone()
        return Response({"id": row_id, "previous": last[0] if last else None})


urlpatterns = [path("bench/bare", BareApi.as_view()), *service_urlpatterns]
