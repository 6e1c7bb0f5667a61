from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from unoservice.ops.health import check_broker, check_database


class HealthSerializer(serializers.Serializer):
    ok = serializers.BooleanField(help_text="True when every part is ok.")
    database = serializers.CharField(help_text='"ok", or "error: <what failed>" (details: log).')
    broker = serializers.CharField(help_text='"ok", or "error: <what failed>" (details: log).')


class HealthView(APIView):
    """Whether the service can do its work: the database answers a query and the broker
    accepts a connection."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="health",
        summary="Health check",
        tags=["service"],
        auth=[],
        responses={200: HealthSerializer, 503: HealthSerializer},
        examples=[
            OpenApiExample(
                "Healthy",
                value={"ok": True, "database": "ok", "broker": "ok"},
                response_only=True,
                status_codes=["200"],
            ),
            OpenApiExample(
                "Broker down",
                value={
                    "ok": False,
                    "database": "ok",
                    "broker": "error: unreachable",
                },
                response_only=True,
                status_codes=["503"],
            ),
        ],
    )
    def get(self, request):
        body = {"database": check_database(), "broker": check_broker()}
        body = {"ok": all(value == "ok" for value in body.values()), **body}
        return Response(body, status=200 if body["ok"] else 503)
