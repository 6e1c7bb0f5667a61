from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.audit_result import AuditResult
from ...models.games_audit_problem import GamesAuditProblem
from ...types import Response


def _get_kwargs(
    game_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/audit".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AuditResult | GamesAuditProblem | None:
    if response.status_code == 200:
        response_200 = AuditResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GamesAuditProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesAuditProblem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GamesAuditProblem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GamesAuditProblem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = GamesAuditProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesAuditProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesAuditProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AuditResult | GamesAuditProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[AuditResult | GamesAuditProblem]:
    """Audit: hash chain, replay against the head row, shuffle commitments

     The audit: the hash chain is intact, replaying the log reproduces the head row
    and its snapshot, and every shuffle matches its commitment. Staff at any time; the
    game's players once it has ended.

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditResult | GamesAuditProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> AuditResult | GamesAuditProblem | None:
    """Audit: hash chain, replay against the head row, shuffle commitments

     The audit: the hash chain is intact, replaying the log reproduces the head row
    and its snapshot, and every shuffle matches its commitment. Staff at any time; the
    game's players once it has ended.

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditResult | GamesAuditProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[AuditResult | GamesAuditProblem]:
    """Audit: hash chain, replay against the head row, shuffle commitments

     The audit: the hash chain is intact, replaying the log reproduces the head row
    and its snapshot, and every shuffle matches its commitment. Staff at any time; the
    game's players once it has ended.

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditResult | GamesAuditProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> AuditResult | GamesAuditProblem | None:
    """Audit: hash chain, replay against the head row, shuffle commitments

     The audit: the hash chain is intact, replaying the log reproduces the head row
    and its snapshot, and every shuffle matches its commitment. Staff at any time; the
    game's players once it has ended.

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditResult | GamesAuditProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
        )
    ).parsed
