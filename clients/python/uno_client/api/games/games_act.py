from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.accept_action_request import AcceptActionRequest
from ...models.action_result import ActionResult
from ...models.call_uno_action_request import CallUnoActionRequest
from ...models.catch_uno_action_request import CatchUnoActionRequest
from ...models.challenge_action_request import ChallengeActionRequest
from ...models.choose_color_action_request import ChooseColorActionRequest
from ...models.choose_target_action_request import ChooseTargetActionRequest
from ...models.draw_action_request import DrawActionRequest
from ...models.keep_action_request import KeepActionRequest
from ...models.pass_action_request import PassActionRequest
from ...models.play_action_request import PlayActionRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    body: AcceptActionRequest
    | CallUnoActionRequest
    | CatchUnoActionRequest
    | ChallengeActionRequest
    | ChooseColorActionRequest
    | ChooseTargetActionRequest
    | DrawActionRequest
    | KeepActionRequest
    | PassActionRequest
    | PlayActionRequest
    | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/games/{game_id}/actions".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if isinstance(body, PlayActionRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DrawActionRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PassActionRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, KeepActionRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ChooseColorActionRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ChooseTargetActionRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CallUnoActionRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CatchUnoActionRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ChallengeActionRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ActionResult | Problem | None:
    if response.status_code == 200:
        response_200 = ActionResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())

        return response_412

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ActionResult | Problem]:
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
    body: AcceptActionRequest
    | CallUnoActionRequest
    | CatchUnoActionRequest
    | ChallengeActionRequest
    | ChooseColorActionRequest
    | ChooseTargetActionRequest
    | DrawActionRequest
    | KeepActionRequest
    | PassActionRequest
    | PlayActionRequest
    | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[ActionResult | Problem]:
    """Send one action

     One body for every action, discriminated by `type`. A play carries the card and, where the card
    needs them, `color` and `target`; add `uno: true` to say UNO with it. Jump-in is a play by a seat
    whose turn it is not. Out-of-turn actions (jump-in, `call_uno`, `catch_uno`) race: the server's
    receipt order decides, and a late one gets a 409 such as `window_closed`.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AcceptActionRequest | CallUnoActionRequest | CatchUnoActionRequest |
            ChallengeActionRequest | ChooseColorActionRequest | ChooseTargetActionRequest |
            DrawActionRequest | KeepActionRequest | PassActionRequest | PlayActionRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResult | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: AcceptActionRequest
    | CallUnoActionRequest
    | CatchUnoActionRequest
    | ChallengeActionRequest
    | ChooseColorActionRequest
    | ChooseTargetActionRequest
    | DrawActionRequest
    | KeepActionRequest
    | PassActionRequest
    | PlayActionRequest
    | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> ActionResult | Problem | None:
    """Send one action

     One body for every action, discriminated by `type`. A play carries the card and, where the card
    needs them, `color` and `target`; add `uno: true` to say UNO with it. Jump-in is a play by a seat
    whose turn it is not. Out-of-turn actions (jump-in, `call_uno`, `catch_uno`) race: the server's
    receipt order decides, and a late one gets a 409 such as `window_closed`.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AcceptActionRequest | CallUnoActionRequest | CatchUnoActionRequest |
            ChallengeActionRequest | ChooseColorActionRequest | ChooseTargetActionRequest |
            DrawActionRequest | KeepActionRequest | PassActionRequest | PlayActionRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResult | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: AcceptActionRequest
    | CallUnoActionRequest
    | CatchUnoActionRequest
    | ChallengeActionRequest
    | ChooseColorActionRequest
    | ChooseTargetActionRequest
    | DrawActionRequest
    | KeepActionRequest
    | PassActionRequest
    | PlayActionRequest
    | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[ActionResult | Problem]:
    """Send one action

     One body for every action, discriminated by `type`. A play carries the card and, where the card
    needs them, `color` and `target`; add `uno: true` to say UNO with it. Jump-in is a play by a seat
    whose turn it is not. Out-of-turn actions (jump-in, `call_uno`, `catch_uno`) race: the server's
    receipt order decides, and a late one gets a 409 such as `window_closed`.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AcceptActionRequest | CallUnoActionRequest | CatchUnoActionRequest |
            ChallengeActionRequest | ChooseColorActionRequest | ChooseTargetActionRequest |
            DrawActionRequest | KeepActionRequest | PassActionRequest | PlayActionRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResult | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: AcceptActionRequest
    | CallUnoActionRequest
    | CatchUnoActionRequest
    | ChallengeActionRequest
    | ChooseColorActionRequest
    | ChooseTargetActionRequest
    | DrawActionRequest
    | KeepActionRequest
    | PassActionRequest
    | PlayActionRequest
    | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> ActionResult | Problem | None:
    """Send one action

     One body for every action, discriminated by `type`. A play carries the card and, where the card
    needs them, `color` and `target`; add `uno: true` to say UNO with it. Jump-in is a play by a seat
    whose turn it is not. Out-of-turn actions (jump-in, `call_uno`, `catch_uno`) race: the server's
    receipt order decides, and a late one gets a 409 such as `window_closed`.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AcceptActionRequest | CallUnoActionRequest | CatchUnoActionRequest |
            ChallengeActionRequest | ChooseColorActionRequest | ChooseTargetActionRequest |
            DrawActionRequest | KeepActionRequest | PassActionRequest | PlayActionRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResult | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            if_match=if_match,
        )
    ).parsed
