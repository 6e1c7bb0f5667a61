"""The service's URLs plus the load benchmark's yardstick (bench/load.py): two DRF
endpoints on a table bench/load.py creates (`bench_bare`, no model, no migration).

- `POST /bench/bare`: one SELECT and one INSERT;
- `GET /bench/bare/<id>`: one row read by its primary key.

Only bench/settings.py points here; the production URL root never includes them."""

from django.db import connection
from django.urls import path
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from unoservice.urls import handler400, handler404, handler500  # noqa: F401 - the same error pages
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


class BareRowApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes: list = []

    def get(self, request, row_id):
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT id, note, created_at FROM {TABLE} WHERE id = %s", [row_id])
            row = cursor.fetchone()
        if row is None:
            return Response({"detail": "no such row"}, status=404)
        return Response({"id": row[0], "note": row[1], "created_at": str(row[2])})


urlpatterns = [
    path("bench/bare", BareApi.as_view()),
    path("bench/bare/<int:row_id>", BareRowApi.as_view()),
    *service_urlpatterns,
]
