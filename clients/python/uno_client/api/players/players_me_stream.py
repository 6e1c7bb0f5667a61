from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.players_me_stream_problem import PlayersMeStreamProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    ticket: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["ticket"] = ticket

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/players/me/stream",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayersMeStreamProblem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = PlayersMeStreamProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlayersMeStreamProblem.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = PlayersMeStreamProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = PlayersMeStreamProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = PlayersMeStreamProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PlayersMeStreamProblem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
) -> Response[PlayersMeStreamProblem | str]:
    """Your notices across games, as Server-Sent Events or NDJSON

     Frames (SSE: `event:`, `id:`, one line of `data:` JSON; NDJSON: one `{"kind", "id", "data"}` object
    per line): first `snapshot` (`your_turn`: the games where you must act, `waiting` and `active`: the
    games you sit in), then notices as they happen: `your_turn`, `game_started`, `game_ended`,
    `seat_taken` and `seat_left` (games you sit in while they wait, your own seat included), `rematch`;
    keepalives (`: keepalive`, or an empty NDJSON line) at least every 15 s. `id` counts this
    connection's frames: the stream does not resume, and a reconnect starts with a new snapshot, in sync
    again. Notices are derived from your games as stored, so a notice may come late, never lost; several
    writes between two reads are told together. Counts toward the streams a player may hold open (429
    `too_many_streams`). Browsers authenticate with `?ticket=` (`POST /api/v1/stream-tickets`).

    Args:
        ticket (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayersMeStreamProblem | str]
    """

    kwargs = _get_kwargs(
        ticket=ticket,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
) -> PlayersMeStreamProblem | str | None:
    """Your notices across games, as Server-Sent Events or NDJSON

     Frames (SSE: `event:`, `id:`, one line of `data:` JSON; NDJSON: one `{"kind", "id", "data"}` object
    per line): first `snapshot` (`your_turn`: the games where you must act, `waiting` and `active`: the
    games you sit in), then notices as they happen: `your_turn`, `game_started`, `game_ended`,
    `seat_taken` and `seat_left` (games you sit in while they wait, your own seat included), `rematch`;
    keepalives (`: keepalive`, or an empty NDJSON line) at least every 15 s. `id` counts this
    connection's frames: the stream does not resume, and a reconnect starts with a new snapshot, in sync
    again. Notices are derived from your games as stored, so a notice may come late, never lost; several
    writes between two reads are told together. Counts toward the streams a player may hold open (429
    `too_many_streams`). Browsers authenticate with `?ticket=` (`POST /api/v1/stream-tickets`).

    Args:
        ticket (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayersMeStreamProblem | str
    """

    return sync_detailed(
        client=client,
        ticket=ticket,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
) -> Response[PlayersMeStreamProblem | str]:
    """Your notices across games, as Server-Sent Events or NDJSON

     Frames (SSE: `event:`, `id:`, one line of `data:` JSON; NDJSON: one `{"kind", "id", "data"}` object
    per line): first `snapshot` (`your_turn`: the games where you must act, `waiting` and `active`: the
    games you sit in), then notices as they happen: `your_turn`, `game_started`, `game_ended`,
    `seat_taken` and `seat_left` (games you sit in while they wait, your own seat included), `rematch`;
    keepalives (`: keepalive`, or an empty NDJSON line) at least every 15 s. `id` counts this
    connection's frames: the stream does not resume, and a reconnect starts with a new snapshot, in sync
    again. Notices are derived from your games as stored, so a notice may come late, never lost; several
    writes between two reads are told together. Counts toward the streams a player may hold open (429
    `too_many_streams`). Browsers authenticate with `?ticket=` (`POST /api/v1/stream-tickets`).

    Args:
        ticket (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayersMeStreamProblem | str]
    """

    kwargs = _get_kwargs(
        ticket=ticket,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    ticket: str | Unset = UNSET,
) -> PlayersMeStreamProblem | str | None:
    """Your notices across games, as Server-Sent Events or NDJSON

     Frames (SSE: `event:`, `id:`, one line of `data:` JSON; NDJSON: one `{"kind", "id", "data"}` object
    per line): first `snapshot` (`your_turn`: the games where you must act, `waiting` and `active`: the
    games you sit in), then notices as they happen: `your_turn`, `game_started`, `game_ended`,
    `seat_taken` and `seat_left` (games you sit in while they wait, your own seat included), `rematch`;
    keepalives (`: keepalive`, or an empty NDJSON line) at least every 15 s. `id` counts this
    connection's frames: the stream does not resume, and a reconnect starts with a new snapshot, in sync
    again. Notices are derived from your games as stored, so a notice may come late, never lost; several
    writes between two reads are told together. Counts toward the streams a player may hold open (429
    `too_many_streams`). Browsers authenticate with `?ticket=` (`POST /api/v1/stream-tickets`).

    Args:
        ticket (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayersMeStreamProblem | str
    """

    return (
        await asyncio_detailed(
            client=client,
            ticket=ticket,
        )
    ).parsed
