from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.abort_input import AbortInput
from ...models.game_view import GameView
from ...models.games_abort_problem import GamesAbortProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    body: AbortInput,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/games/{game_id}/abort".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameView | GamesAbortProblem | None:
    if response.status_code == 200:
        response_200 = GameView.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GamesAbortProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesAbortProblem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GamesAbortProblem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GamesAbortProblem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = GamesAbortProblem.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = GamesAbortProblem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = GamesAbortProblem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = GamesAbortProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesAbortProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesAbortProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GameView | GamesAbortProblem]:
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
    body: AbortInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[GameView | GamesAbortProblem]:
    """Staff: abort a stuck game

     Staff: stop a game with no result, recording the reason.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        body (AbortInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | GamesAbortProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
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
    body: AbortInput,
    idempotency_key: str | Unset = UNSET,
) -> GameView | GamesAbortProblem | None:
    """Staff: abort a stuck game

     Staff: stop a game with no result, recording the reason.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        body (AbortInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | GamesAbortProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: AbortInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[GameView | GamesAbortProblem]:
    """Staff: abort a stuck game

     Staff: stop a game with no result, recording the reason.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        body (AbortInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | GamesAbortProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: AbortInput,
    idempotency_key: str | Unset = UNSET,
) -> GameView | GamesAbortProblem | None:
    """Staff: abort a stuck game

     Staff: stop a game with no result, recording the reason.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        body (AbortInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | GamesAbortProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
