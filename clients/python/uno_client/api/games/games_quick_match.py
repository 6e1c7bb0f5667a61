from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_view import GameView
from ...models.games_quick_match_problem import GamesQuickMatchProblem
from ...models.quick_match_input import QuickMatchInput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: QuickMatchInput,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/quick-match",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameView | GamesQuickMatchProblem | None:
    if response.status_code == 200:
        response_200 = GameView.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = GameView.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = GamesQuickMatchProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesQuickMatchProblem.from_dict(response.json())

        return response_401

    if response.status_code == 409:
        response_409 = GamesQuickMatchProblem.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = GamesQuickMatchProblem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = GamesQuickMatchProblem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = GamesQuickMatchProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesQuickMatchProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesQuickMatchProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GameView | GamesQuickMatchProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: QuickMatchInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[GameView | GamesQuickMatchProblem]:
    """Quick match: join the longest-waiting matching game, or create one

     Joins the public quick match game with the same seat count, rules and timers that has waited longest
    (200, its view), or creates one that you host in seat 0 (201, with `Location`). Rules are compared
    after the preset is applied (every option) and timers after the defaults are filled in. A quick
    match game starts by itself when its last seat is taken: the answer to that join is the started
    game. Asking again while you wait in such a game answers it (200). Only games made by quick match
    are matched; others wait for their host to start.

    Args:
        idempotency_key (str | Unset):
        body (QuickMatchInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | GamesQuickMatchProblem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: QuickMatchInput,
    idempotency_key: str | Unset = UNSET,
) -> GameView | GamesQuickMatchProblem | None:
    """Quick match: join the longest-waiting matching game, or create one

     Joins the public quick match game with the same seat count, rules and timers that has waited longest
    (200, its view), or creates one that you host in seat 0 (201, with `Location`). Rules are compared
    after the preset is applied (every option) and timers after the defaults are filled in. A quick
    match game starts by itself when its last seat is taken: the answer to that join is the started
    game. Asking again while you wait in such a game answers it (200). Only games made by quick match
    are matched; others wait for their host to start.

    Args:
        idempotency_key (str | Unset):
        body (QuickMatchInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | GamesQuickMatchProblem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: QuickMatchInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[GameView | GamesQuickMatchProblem]:
    """Quick match: join the longest-waiting matching game, or create one

     Joins the public quick match game with the same seat count, rules and timers that has waited longest
    (200, its view), or creates one that you host in seat 0 (201, with `Location`). Rules are compared
    after the preset is applied (every option) and timers after the defaults are filled in. A quick
    match game starts by itself when its last seat is taken: the answer to that join is the started
    game. Asking again while you wait in such a game answers it (200). Only games made by quick match
    are matched; others wait for their host to start.

    Args:
        idempotency_key (str | Unset):
        body (QuickMatchInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | GamesQuickMatchProblem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: QuickMatchInput,
    idempotency_key: str | Unset = UNSET,
) -> GameView | GamesQuickMatchProblem | None:
    """Quick match: join the longest-waiting matching game, or create one

     Joins the public quick match game with the same seat count, rules and timers that has waited longest
    (200, its view), or creates one that you host in seat 0 (201, with `Location`). Rules are compared
    after the preset is applied (every option) and timers after the defaults are filled in. A quick
    match game starts by itself when its last seat is taken: the answer to that join is the started
    game. Asking again while you wait in such a game answers it (200). Only games made by quick match
    are matched; others wait for their host to start.

    Args:
        idempotency_key (str | Unset):
        body (QuickMatchInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | GamesQuickMatchProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
