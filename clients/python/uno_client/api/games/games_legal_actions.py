from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.games_legal_actions_problem import GamesLegalActionsProblem
from ...models.legal_actions import LegalActions
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/legal-actions".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | GamesLegalActionsProblem | LegalActions | None:
    if response.status_code == 200:
        response_200 = LegalActions.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = GamesLegalActionsProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesLegalActionsProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = GamesLegalActionsProblem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = GamesLegalActionsProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesLegalActionsProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesLegalActionsProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | GamesLegalActionsProblem | LegalActions]:
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
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GamesLegalActionsProblem | LegalActions]:
    """Every action your seat may send now, as ready-to-send bodies

     Every view carries the same list as `legal_actions`. The `ETag` is the game's version (`"12"`); `If-
    None-Match` naming it gives a 304.

    Args:
        game_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GamesLegalActionsProblem | LegalActions]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Any | GamesLegalActionsProblem | LegalActions | None:
    """Every action your seat may send now, as ready-to-send bodies

     Every view carries the same list as `legal_actions`. The `ETag` is the game's version (`"12"`); `If-
    None-Match` naming it gives a 304.

    Args:
        game_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GamesLegalActionsProblem | LegalActions
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GamesLegalActionsProblem | LegalActions]:
    """Every action your seat may send now, as ready-to-send bodies

     Every view carries the same list as `legal_actions`. The `ETag` is the game's version (`"12"`); `If-
    None-Match` naming it gives a 304.

    Args:
        game_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GamesLegalActionsProblem | LegalActions]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Any | GamesLegalActionsProblem | LegalActions | None:
    """Every action your seat may send now, as ready-to-send bodies

     Every view carries the same list as `legal_actions`. The `ETag` is the game's version (`"12"`); `If-
    None-Match` naming it gives a 304.

    Args:
        game_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GamesLegalActionsProblem | LegalActions
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            if_none_match=if_none_match,
        )
    ).parsed
