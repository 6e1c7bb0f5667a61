from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.games_export_problem import GamesExportProblem
from ...types import Response


def _get_kwargs(
    game_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/export".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GamesExportProblem | None:
    if response.status_code == 400:
        response_400 = GamesExportProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesExportProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = GamesExportProblem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = GamesExportProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesExportProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesExportProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GamesExportProblem]:
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
) -> Response[GamesExportProblem]:
    """The whole log as NDJSON, redacted for you

     A header line `{format, format_version, game, version, head_hash}` (and `seal` once the game has
    ended), then one event per line (private parts you may not see are null; their digests stay, so the
    hash chain verifies).

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamesExportProblem]
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
) -> GamesExportProblem | None:
    """The whole log as NDJSON, redacted for you

     A header line `{format, format_version, game, version, head_hash}` (and `seal` once the game has
    ended), then one event per line (private parts you may not see are null; their digests stay, so the
    hash chain verifies).

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamesExportProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[GamesExportProblem]:
    """The whole log as NDJSON, redacted for you

     A header line `{format, format_version, game, version, head_hash}` (and `seal` once the game has
    ended), then one event per line (private parts you may not see are null; their digests stay, so the
    hash chain verifies).

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamesExportProblem]
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
) -> GamesExportProblem | None:
    """The whole log as NDJSON, redacted for you

     A header line `{format, format_version, game, version, head_hash}` (and `seal` once the game has
    ended), then one event per line (private parts you may not see are null; their digests stay, so the
    hash chain verifies).

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamesExportProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
        )
    ).parsed
