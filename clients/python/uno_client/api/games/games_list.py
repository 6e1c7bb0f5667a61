import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_summary_page import GameSummaryPage
from ...models.games_list_preset import GamesListPreset
from ...models.games_list_problem import GamesListProblem
from ...models.games_list_status import GamesListStatus
from ...models.games_list_visibility import GamesListVisibility
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
    mine: bool | Unset = False,
    player: UUID | Unset = UNSET,
    preset: GamesListPreset | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
    updated_after: datetime.datetime | Unset = UNSET,
    visibility: GamesListVisibility | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["limit"] = limit

    params["mine"] = mine

    json_player: str | Unset = UNSET
    if not isinstance(player, Unset):
        json_player = str(player)
    params["player"] = json_player

    json_preset: str | Unset = UNSET
    if not isinstance(preset, Unset):
        json_preset = preset.value

    params["preset"] = json_preset

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_updated_after: str | Unset = UNSET
    if not isinstance(updated_after, Unset):
        json_updated_after = updated_after.isoformat()
    params["updated_after"] = json_updated_after

    json_visibility: str | Unset = UNSET
    if not isinstance(visibility, Unset):
        json_visibility = visibility.value

    params["visibility"] = json_visibility

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameSummaryPage | GamesListProblem | None:
    if response.status_code == 200:
        response_200 = GameSummaryPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GamesListProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesListProblem.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = GamesListProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesListProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesListProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GameSummaryPage | GamesListProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
    mine: bool | Unset = False,
    player: UUID | Unset = UNSET,
    preset: GamesListPreset | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
    updated_after: datetime.datetime | Unset = UNSET,
    visibility: GamesListVisibility | Unset = UNSET,
) -> Response[GameSummaryPage | GamesListProblem]:
    """The lobby: games you may see, most recently active first

     The lobby: list the games you may see; create a game and take seat 0.

    Args:
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.
        mine (bool | Unset):  Default: False.
        player (UUID | Unset):
        preset (GamesListPreset | Unset):
        status (GamesListStatus | Unset):
        updated_after (datetime.datetime | Unset):
        visibility (GamesListVisibility | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameSummaryPage | GamesListProblem]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        limit=limit,
        mine=mine,
        player=player,
        preset=preset,
        status=status,
        updated_after=updated_after,
        visibility=visibility,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
    mine: bool | Unset = False,
    player: UUID | Unset = UNSET,
    preset: GamesListPreset | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
    updated_after: datetime.datetime | Unset = UNSET,
    visibility: GamesListVisibility | Unset = UNSET,
) -> GameSummaryPage | GamesListProblem | None:
    """The lobby: games you may see, most recently active first

     The lobby: list the games you may see; create a game and take seat 0.

    Args:
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.
        mine (bool | Unset):  Default: False.
        player (UUID | Unset):
        preset (GamesListPreset | Unset):
        status (GamesListStatus | Unset):
        updated_after (datetime.datetime | Unset):
        visibility (GamesListVisibility | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameSummaryPage | GamesListProblem
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        limit=limit,
        mine=mine,
        player=player,
        preset=preset,
        status=status,
        updated_after=updated_after,
        visibility=visibility,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
    mine: bool | Unset = False,
    player: UUID | Unset = UNSET,
    preset: GamesListPreset | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
    updated_after: datetime.datetime | Unset = UNSET,
    visibility: GamesListVisibility | Unset = UNSET,
) -> Response[GameSummaryPage | GamesListProblem]:
    """The lobby: games you may see, most recently active first

     The lobby: list the games you may see; create a game and take seat 0.

    Args:
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.
        mine (bool | Unset):  Default: False.
        player (UUID | Unset):
        preset (GamesListPreset | Unset):
        status (GamesListStatus | Unset):
        updated_after (datetime.datetime | Unset):
        visibility (GamesListVisibility | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameSummaryPage | GamesListProblem]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        limit=limit,
        mine=mine,
        player=player,
        preset=preset,
        status=status,
        updated_after=updated_after,
        visibility=visibility,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
    mine: bool | Unset = False,
    player: UUID | Unset = UNSET,
    preset: GamesListPreset | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
    updated_after: datetime.datetime | Unset = UNSET,
    visibility: GamesListVisibility | Unset = UNSET,
) -> GameSummaryPage | GamesListProblem | None:
    """The lobby: games you may see, most recently active first

     The lobby: list the games you may see; create a game and take seat 0.

    Args:
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.
        mine (bool | Unset):  Default: False.
        player (UUID | Unset):
        preset (GamesListPreset | Unset):
        status (GamesListStatus | Unset):
        updated_after (datetime.datetime | Unset):
        visibility (GamesListVisibility | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameSummaryPage | GamesListProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            cursor=cursor,
            limit=limit,
            mine=mine,
            player=player,
            preset=preset,
            status=status,
            updated_after=updated_after,
            visibility=visibility,
        )
    ).parsed
