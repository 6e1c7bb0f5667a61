from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.accept_action import AcceptAction
from ...models.action_result import ActionResult
from ...models.call_uno_action import CallUnoAction
from ...models.catch_uno_action import CatchUnoAction
from ...models.challenge_action import ChallengeAction
from ...models.choose_color_action import ChooseColorAction
from ...models.choose_target_action import ChooseTargetAction
from ...models.draw_action import DrawAction
from ...models.games_act_problem import GamesActProblem
from ...models.keep_action import KeepAction
from ...models.pass_action import PassAction
from ...models.play_action import PlayAction
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    body: AcceptAction
    | CallUnoAction
    | CatchUnoAction
    | ChallengeAction
    | ChooseColorAction
    | ChooseTargetAction
    | DrawAction
    | KeepAction
    | PassAction
    | PlayAction,
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

    if isinstance(body, PlayAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DrawAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PassAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, KeepAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ChooseColorAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ChooseTargetAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CallUnoAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CatchUnoAction):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ChallengeAction):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ActionResult | GamesActProblem | None:
    if response.status_code == 200:
        response_200 = ActionResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GamesActProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesActProblem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GamesActProblem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GamesActProblem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = GamesActProblem.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = GamesActProblem.from_dict(response.json())

        return response_412

    if response.status_code == 415:
        response_415 = GamesActProblem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = GamesActProblem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = GamesActProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesActProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesActProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ActionResult | GamesActProblem]:
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
    body: AcceptAction
    | CallUnoAction
    | CatchUnoAction
    | ChallengeAction
    | ChooseColorAction
    | ChooseTargetAction
    | DrawAction
    | KeepAction
    | PassAction
    | PlayAction,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[ActionResult | GamesActProblem]:
    """Send one action

     One body for every action, discriminated by `type`. A play carries the card and, where the card
    needs them, `color` and `target`; add `uno: true` to say UNO with it. Jump-in is a play by a seat
    whose turn it is not. Out-of-turn actions (jump-in, `call_uno`, `catch_uno`) race: the server's
    receipt order decides, and a late one gets a 409 such as `window_closed`.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AcceptAction | CallUnoAction | CatchUnoAction | ChallengeAction | ChooseColorAction
            | ChooseTargetAction | DrawAction | KeepAction | PassAction | PlayAction):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResult | GamesActProblem]
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
    body: AcceptAction
    | CallUnoAction
    | CatchUnoAction
    | ChallengeAction
    | ChooseColorAction
    | ChooseTargetAction
    | DrawAction
    | KeepAction
    | PassAction
    | PlayAction,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> ActionResult | GamesActProblem | None:
    """Send one action

     One body for every action, discriminated by `type`. A play carries the card and, where the card
    needs them, `color` and `target`; add `uno: true` to say UNO with it. Jump-in is a play by a seat
    whose turn it is not. Out-of-turn actions (jump-in, `call_uno`, `catch_uno`) race: the server's
    receipt order decides, and a late one gets a 409 such as `window_closed`.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AcceptAction | CallUnoAction | CatchUnoAction | ChallengeAction | ChooseColorAction
            | ChooseTargetAction | DrawAction | KeepAction | PassAction | PlayAction):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResult | GamesActProblem
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
    body: AcceptAction
    | CallUnoAction
    | CatchUnoAction
    | ChallengeAction
    | ChooseColorAction
    | ChooseTargetAction
    | DrawAction
    | KeepAction
    | PassAction
    | PlayAction,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[ActionResult | GamesActProblem]:
    """Send one action

     One body for every action, discriminated by `type`. A play carries the card and, where the card
    needs them, `color` and `target`; add `uno: true` to say UNO with it. Jump-in is a play by a seat
    whose turn it is not. Out-of-turn actions (jump-in, `call_uno`, `catch_uno`) race: the server's
    receipt order decides, and a late one gets a 409 such as `window_closed`.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AcceptAction | CallUnoAction | CatchUnoAction | ChallengeAction | ChooseColorAction
            | ChooseTargetAction | DrawAction | KeepAction | PassAction | PlayAction):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResult | GamesActProblem]
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
    body: AcceptAction
    | CallUnoAction
    | CatchUnoAction
    | ChallengeAction
    | ChooseColorAction
    | ChooseTargetAction
    | DrawAction
    | KeepAction
    | PassAction
    | PlayAction,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> ActionResult | GamesActProblem | None:
    """Send one action

     One body for every action, discriminated by `type`. A play carries the card and, where the card
    needs them, `color` and `target`; add `uno: true` to say UNO with it. Jump-in is a play by a seat
    whose turn it is not. Out-of-turn actions (jump-in, `call_uno`, `catch_uno`) race: the server's
    receipt order decides, and a late one gets a 409 such as `window_closed`.

    Args:
        game_id (UUID):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (AcceptAction | CallUnoAction | CatchUnoAction | ChallengeAction | ChooseColorAction
            | ChooseTargetAction | DrawAction | KeepAction | PassAction | PlayAction):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResult | GamesActProblem
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
