from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_view import GameView
from ...models.games_rematch_problem import GamesRematchProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/games/{game_id}/rematch".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameView | GamesRematchProblem | None:
    if response.status_code == 200:
        response_200 = GameView.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = GameView.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = GamesRematchProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesRematchProblem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GamesRematchProblem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GamesRematchProblem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = GamesRematchProblem.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = GamesRematchProblem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = GamesRematchProblem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = GamesRematchProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesRematchProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesRematchProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GameView | GamesRematchProblem]:
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
    idempotency_key: str | Unset = UNSET,
) -> Response[GameView | GamesRematchProblem]:
    """Rematch: the next game after an ended one, with its players

     For a player who sat in a finished or aborted game. The first call creates the next game (201, with
    `Location`): the same seat count, rules, timers and visibility, no staff set-up, the caller in seat
    0 as its host. Every later call answers the same game (200) and seats its caller there if they were
    a player of the ended game, no invite code needed; anyone else joins it as usual (POST
    /games/{id}/join, with the new game's own invite code for an invite game). The ended game's view
    then shows `next_game_id`; its log and seal are unchanged.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | GamesRematchProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> GameView | GamesRematchProblem | None:
    """Rematch: the next game after an ended one, with its players

     For a player who sat in a finished or aborted game. The first call creates the next game (201, with
    `Location`): the same seat count, rules, timers and visibility, no staff set-up, the caller in seat
    0 as its host. Every later call answers the same game (200) and seats its caller there if they were
    a player of the ended game, no invite code needed; anyone else joins it as usual (POST
    /games/{id}/join, with the new game's own invite code for an invite game). The ended game's view
    then shows `next_game_id`; its log and seal are unchanged.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | GamesRematchProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[GameView | GamesRematchProblem]:
    """Rematch: the next game after an ended one, with its players

     For a player who sat in a finished or aborted game. The first call creates the next game (201, with
    `Location`): the same seat count, rules, timers and visibility, no staff set-up, the caller in seat
    0 as its host. Every later call answers the same game (200) and seats its caller there if they were
    a player of the ended game, no invite code needed; anyone else joins it as usual (POST
    /games/{id}/join, with the new game's own invite code for an invite game). The ended game's view
    then shows `next_game_id`; its log and seal are unchanged.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | GamesRematchProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> GameView | GamesRematchProblem | None:
    """Rematch: the next game after an ended one, with its players

     For a player who sat in a finished or aborted game. The first call creates the next game (201, with
    `Location`): the same seat count, rules, timers and visibility, no staff set-up, the caller in seat
    0 as its host. Every later call answers the same game (200) and seats its caller there if they were
    a player of the ended game, no invite code needed; anyone else joins it as usual (POST
    /games/{id}/join, with the new game's own invite code for an invite game). The ended game's view
    then shows `next_game_id`; its log and seal are unchanged.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | GamesRematchProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
