from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_replay import GameReplay
from ...models.games_replay_problem import GamesReplayProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    at: int,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["at"] = at

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/replay".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | GameReplay | GamesReplayProblem | None:
    if response.status_code == 200:
        response_200 = GameReplay.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = GamesReplayProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesReplayProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = GamesReplayProblem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = GamesReplayProblem.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = GamesReplayProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesReplayProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesReplayProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | GameReplay | GamesReplayProblem]:
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
    at: int,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GameReplay | GamesReplayProblem]:
    """The game as of seq `at`, as you may see it

     A view as of `at` (`version` is `at`, `replay_of` the game's version), with `rules` and `timers`;
    its `legal_actions` is empty (nothing can be sent to a past position). The `ETag` is `"<at>"`; `If-
    None-Match` naming it gives a 304. A stored log the engine cannot replay up to `at` (changed outside
    the service) is a 409 `log_not_foldable` whose `seq` names the first event it cannot apply.

    Args:
        game_id (UUID):
        at (int):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GameReplay | GamesReplayProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        at=at,
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
    at: int,
    if_none_match: str | Unset = UNSET,
) -> Any | GameReplay | GamesReplayProblem | None:
    """The game as of seq `at`, as you may see it

     A view as of `at` (`version` is `at`, `replay_of` the game's version), with `rules` and `timers`;
    its `legal_actions` is empty (nothing can be sent to a past position). The `ETag` is `"<at>"`; `If-
    None-Match` naming it gives a 304. A stored log the engine cannot replay up to `at` (changed outside
    the service) is a 409 `log_not_foldable` whose `seq` names the first event it cannot apply.

    Args:
        game_id (UUID):
        at (int):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GameReplay | GamesReplayProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        at=at,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    at: int,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GameReplay | GamesReplayProblem]:
    """The game as of seq `at`, as you may see it

     A view as of `at` (`version` is `at`, `replay_of` the game's version), with `rules` and `timers`;
    its `legal_actions` is empty (nothing can be sent to a past position). The `ETag` is `"<at>"`; `If-
    None-Match` naming it gives a 304. A stored log the engine cannot replay up to `at` (changed outside
    the service) is a 409 `log_not_foldable` whose `seq` names the first event it cannot apply.

    Args:
        game_id (UUID):
        at (int):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GameReplay | GamesReplayProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        at=at,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    at: int,
    if_none_match: str | Unset = UNSET,
) -> Any | GameReplay | GamesReplayProblem | None:
    """The game as of seq `at`, as you may see it

     A view as of `at` (`version` is `at`, `replay_of` the game's version), with `rules` and `timers`;
    its `legal_actions` is empty (nothing can be sent to a past position). The `ETag` is `"<at>"`; `If-
    None-Match` naming it gives a 304. A stored log the engine cannot replay up to `at` (changed outside
    the service) is a 409 `log_not_foldable` whose `seq` names the first event it cannot apply.

    Args:
        game_id (UUID):
        at (int):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GameReplay | GamesReplayProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            at=at,
            if_none_match=if_none_match,
        )
    ).parsed
