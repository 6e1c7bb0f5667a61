"""Players API: register (the only write open to anonymous callers), the caller's profile,
and the caller's tokens."""

from __future__ import annotations

import re

from django.core.cache import caches
from django.urls import reverse
from django.utils.connection import ConnectionProxy
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from unoservice.api import (
    ApiError,
    RequestBody,
    StrictCharField,
    TimeField,
    problem_responses,
    refuse_a_body,
)
from unoservice.pages import PAGE_PARAMETERS, keyset_page, page_request, page_serializer
from unoservice.rate_limits import AnonRateThrottle, ScopedRateThrottle

from . import services, tickets
from .auth import BearerTokenAuthentication
from .models import ApiToken

#: Characters a name may not hold: controls, format characters, separators other than
#: the space, and private use, in the Basic Multilingual Plane (the C* and Z* categories
#: but for the space, surrogates and unassigned code points). Lone surrogates never get
#: this far (unoservice.parsers refuses them), and the pattern is written so that any
#: regular-expression engine (ECMAScript's too) reads it.
NOT_IN_NAMES = (
    r"\x00-\x1f\x7f-\xa0\xad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2"
    r"\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000"
    r"\ue000-\uf8ff\ufeff\ufff9-\ufffb"
)
#: A display name: 1 to 40 characters of text, whitespace at either end dropped.
NAME_PATTERN = rf"^\s*[^\s{NOT_IN_NAMES}](?:[^{NOT_IN_NAMES}]{{0,38}}[^\s{NOT_IN_NAMES}])?\s*$"


@extend_schema_field({"type": "string", "pattern": NAME_PATTERN, "minLength": 1})
class NameField(serializers.CharField):
    def __init__(self, **kwargs):
        super().__init__(trim_whitespace=True, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            raise serializers.ValidationError("Must be a string.")
        if not re.fullmatch(NAME_PATTERN, data):
            raise serializers.ValidationError(
                "Must be 1 to 40 characters of text (no control or format characters)."
            )
        return super().to_internal_value(data)


class RegisterInput(RequestBody):
    name = NameField(help_text="The display name, 1-40 characters.")


class RegisterOutput(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    token = serializers.CharField(help_text="Shown once: send it as `Authorization: Bearer`.")


class PlayerOutput(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    is_staff = serializers.BooleanField()
    created_at = serializers.DateTimeField()


class ProfileInput(RequestBody):
    name = NameField(required=False, help_text="The display name, 1-40 characters.")


class TokenOutput(serializers.Serializer):
    id = serializers.IntegerField()
    hint = serializers.CharField(help_text="The token's first characters.")
    label = serializers.CharField()
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True)
    revoked_at = serializers.DateTimeField(allow_null=True)


class TokenCreateOutput(TokenOutput):
    token = serializers.CharField(help_text="Shown once.")


class TokenCreateInput(RequestBody):
    label = StrictCharField(max_length=60, required=False, allow_blank=True, default="")


class TokenNotFound(ApiError):
    status_code = 404
    default_code = "token_not_found"
    default_detail = "You have no such active token."


def _player(player) -> dict:
    return {
        "id": str(player.id),
        "name": player.name,
        "is_staff": player.is_staff,
        "created_at": player.created_at,
    }


class RegistrationThrottle(AnonRateThrottle):
    """Registrations per client address (`UNO_THROTTLE_ANON`), counted in the cache that
    every web process shares, so a second process does not start the count again."""

    cache = ConnectionProxy(caches, "shared")


class PlayerRegisterApi(APIView):
    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = [RegistrationThrottle]

    @extend_schema(
        operation_id="players_register",
        summary="Register: get a player and a token",
        request=RegisterInput,
        auth=[],
        responses={201: RegisterOutput, **problem_responses(400, 429)},
    )
    def post(self, request):
        data = RegisterInput(data=request.data)
        data.is_valid(raise_exception=True)
        player, token = services.player_register(name=data.validated_data["name"])
        response = Response({"id": str(player.id), "name": player.name, "token": token}, status=201)
        response["Location"] = request.build_absolute_uri(
            reverse("scoring:player", args=[player.pk])
        )
        return response


class PlayerMeApi(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "reads"

    @extend_schema(
        operation_id="players_me",
        summary="You",
        responses={200: PlayerOutput, **problem_responses(401, 429)},
    )
    def get(self, request):
        return Response(PlayerOutput(_player(request.user)).data)

    @extend_schema(
        operation_id="players_me_update",
        summary="Change your display name",
        request=ProfileInput,
        responses={200: PlayerOutput, **problem_responses(400, 401, 429)},
    )
    def patch(self, request):
        """A partial update: members left out keep their values."""
        data = ProfileInput(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        player = request.user
        if "name" in data.validated_data:
            player = services.player_update(player=player, name=data.validated_data["name"])
        return Response(PlayerOutput(_player(player)).data)


class TokenListCreateApi(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "lobby"

    @extend_schema(
        operation_id="players_tokens_list",
        summary="Your tokens",
        parameters=PAGE_PARAMETERS,
        responses={
            200: page_serializer(TokenOutput, "TokenPage"),
            **problem_responses(400, 401, 429),
        },
    )
    def get(self, request):
        page = keyset_page(
            request.user.tokens.all(),
            page_request(request.query_params),
            order=("-created_at", "-id"),
            item=lambda token: TokenOutput(token).data,
        )
        return Response(page)

    @extend_schema(
        operation_id="players_tokens_create",
        summary="A new token (shown once)",
        request=TokenCreateInput,
        responses={201: TokenCreateOutput, **problem_responses(400, 401, 429)},
    )
    def post(self, request):
        data = TokenCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        value = services.token_issue(player=request.user, label=data.validated_data["label"])
        token = request.user.tokens.order_by("-created_at", "-id").first()
        response = Response({**TokenOutput(token).data, "token": value}, status=201)
        response["Location"] = request.build_absolute_uri(reverse("players:token", args=[token.pk]))
        return response


class TokenDetailApi(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "reads"
    refusals = {"get": (TokenNotFound,)}

    @extend_schema(
        operation_id="players_tokens_retrieve",
        summary="One of your tokens (never its value)",
        responses={200: TokenOutput, **problem_responses(401, 404, 429)},
    )
    def get(self, request, token_id: int):
        token = request.user.tokens.filter(pk=token_id).first()
        if token is None:
            raise TokenNotFound("You have no such token.")
        return Response(TokenOutput(token).data)


class TokenRevokeApi(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "lobby"
    refusals = {"post": (TokenNotFound,)}

    @extend_schema(
        operation_id="players_tokens_revoke",
        summary="Revoke one of your tokens",
        request=None,
        responses={200: TokenOutput, **problem_responses(401, 404, 429)},
    )
    def post(self, request, token_id: int):
        refuse_a_body(request)
        if not services.token_revoke(player=request.user, token_id=token_id):
            raise TokenNotFound()
        return Response(TokenOutput(ApiToken.objects.get(pk=token_id)).data)


class StreamTicketOutput(serializers.Serializer):
    ticket = serializers.CharField()
    expires_at = TimeField(help_text="ISO 8601 UTC with milliseconds.")


class StreamTicketApi(APIView):
    """A ticket that opens your streams for 60 s, for clients that cannot send headers
    (a browser's EventSource): `?ticket=` on the stream's URL, never a token."""

    authentication_classes = [BearerTokenAuthentication]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "lobby"

    @extend_schema(
        operation_id="stream_tickets_create",
        summary="A 60-second ticket for opening your streams (`?ticket=`)",
        request=None,
        responses={200: StreamTicketOutput, **problem_responses(400, 401, 429)},
    )
    def post(self, request):
        refuse_a_body(request)
        issued = tickets.ticket_issue(token=request.auth)
        return Response(StreamTicketOutput(issued).data)
