from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.players_ratings_list_problem import PlayersRatingsListProblem
from ...models.rating_change_page import RatingChangePage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    player_id: UUID,
    *,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
    preset: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["limit"] = limit

    params["preset"] = preset

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/players/{player_id}/ratings".format(
            player_id=quote(str(player_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayersRatingsListProblem | RatingChangePage | None:
    if response.status_code == 200:
        response_200 = RatingChangePage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = PlayersRatingsListProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlayersRatingsListProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = PlayersRatingsListProblem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = PlayersRatingsListProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = PlayersRatingsListProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = PlayersRatingsListProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PlayersRatingsListProblem | RatingChangePage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
    preset: str | Unset = UNSET,
) -> Response[PlayersRatingsListProblem | RatingChangePage]:
    """A player's rating after each rated game, newest first

    Args:
        player_id (UUID):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.
        preset (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayersRatingsListProblem | RatingChangePage]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        cursor=cursor,
        limit=limit,
        preset=preset,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
    preset: str | Unset = UNSET,
) -> PlayersRatingsListProblem | RatingChangePage | None:
    """A player's rating after each rated game, newest first

    Args:
        player_id (UUID):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.
        preset (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayersRatingsListProblem | RatingChangePage
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
        cursor=cursor,
        limit=limit,
        preset=preset,
    ).parsed


async def asyncio_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
    preset: str | Unset = UNSET,
) -> Response[PlayersRatingsListProblem | RatingChangePage]:
    """A player's rating after each rated game, newest first

    Args:
        player_id (UUID):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.
        preset (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayersRatingsListProblem | RatingChangePage]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        cursor=cursor,
        limit=limit,
        preset=preset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
    preset: str | Unset = UNSET,
) -> PlayersRatingsListProblem | RatingChangePage | None:
    """A player's rating after each rated game, newest first

    Args:
        player_id (UUID):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.
        preset (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayersRatingsListProblem | RatingChangePage
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
            cursor=cursor,
            limit=limit,
            preset=preset,
        )
    ).parsed
