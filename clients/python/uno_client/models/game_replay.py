from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_code import CardCode
from ..models.color_enum import ColorEnum
from ..models.direction_enum import DirectionEnum
from ..models.game_view_phase_enum import GameViewPhaseEnum
from ..models.side_enum import SideEnum
from ..models.status_enum import StatusEnum
from ..models.visibility_enum import VisibilityEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.accept_action import AcceptAction
    from ..models.call_uno_action import CallUnoAction
    from ..models.catch_uno_action import CatchUnoAction
    from ..models.challenge_action import ChallengeAction
    from ..models.choose_color_action import ChooseColorAction
    from ..models.choose_target_action import ChooseTargetAction
    from ..models.draw_action import DrawAction
    from ..models.keep_action import KeepAction
    from ..models.pass_action import PassAction
    from ..models.play_action import PlayAction
    from ..models.rules import Rules
    from ..models.seat_view import SeatView
    from ..models.timers import Timers
    from ..models.uno_window_view import UnoWindowView
    from ..models.you_view import YouView


T = TypeVar("T", bound="GameReplay")


@_attrs_define
class GameReplay:
    """A game as its viewer saw it as of seq `at`: `version` is `at` and `head_hash` the
    hash of that event; `legal_actions` is empty (nothing can be sent to a past position).

        Attributes:
            id (UUID):
            version (int): The seq of the last event; the ETag begins with it, and If-Match takes it.
            head_hash (str): The hash of the event at `version` (64 zeros before any): evidence a client keeps as it plays.
            status (StatusEnum): * `waiting` - waiting
                * `active` - active
                * `finished` - finished
                * `aborted` - aborted
            visibility (VisibilityEnum): * `public` - public
                * `invite` - invite
            host (UUID):
            seat_count (int):
            rules_id (str): A digest of the game's `rules` and `timers`, the same in every view of the game: the first 16
                lower-case hex characters of sha256(canonical({"rules": rules, "timers": timers})), canonical as for the hash
                chain (sorted keys, no whitespace, UTF-8). A client that holds the rule set of this id needs it no more.
            bot_think_ms (int): How long the game's bots wait before they act, in milliseconds.
            created_at (datetime.datetime):
            seats (list[SeatView]):
            you (None | YouView):
            round_ (int):
            dealer (int | None):
            top_card (CardCode | None | str):
            color (ColorEnum | None):
            direction (DirectionEnum): * `clockwise` - clockwise
                * `counterclockwise` - counterclockwise
            to_act (int | None):
            phase (GameViewPhaseEnum): * `waiting` - waiting
                * `play` - play
                * `drawn_card` - drawn_card
                * `respond_draw4` - respond_draw4
                * `choose_color` - choose_color
                * `choose_target` - choose_target
                * `finished` - finished
            pending_draw (int):
            uno_window (None | UnoWindowView):
            draw_pile (int):
            discard_pile (int):
            deadline_at (datetime.datetime | None):
            server_time (datetime.datetime):
            winner (int | list[int] | None): A seat, or a team's seats.
            ranking (list[int]):
            next_game_id (None | UUID): The rematch of this ended game, once one of its players asked for it (POST
                /games/{id}/rematch); null until then.
            replay_url (None | str): Once the game has ended (finished or aborted): a link to its replay page in a browser,
                showing the game step by step as you may see it (your own cards always; every hand once the service opens ended
                games to their players). The link is signed for you and this game, holds no token, grants no API access, and
                works for 24 hours from this response; ask for the game again for a fresh one. Null while the game is waiting or
                active.
            spectators (int): How many signed-in viewers without a seat stream the game now, counted across every web
                process. Not part of `version`: it changes no ETag and wakes no stream; a view shows it as of when it was built.
            legal_actions (list[AcceptAction | CallUnoAction | CatchUnoAction | ChallengeAction | ChooseColorAction |
                ChooseTargetAction | DrawAction | KeepAction | PassAction | PlayAction]): What you may send now, as ready-to-
                send bodies for POST /actions: the `actions` GET /games/{id}/legal-actions answers ([] without a seat, outside
                an active game, and in a replay).
            replay_of (int): The game's version now (the seq of its last event).
            invite_code (str | Unset): For seated players.
            rules (Rules | Unset):
            timers (Timers | Unset):
            challengeable (int | None | Unset):
            draw_pile_cards (list[CardCode | str] | Unset):
            side (SideEnum | Unset): * `light` - light
                * `dark` - dark
            draw_pile_back (None | str | Unset): UNO FLIP!: the face the draw pile's top card shows everyone.
            provably_fair (bool | Unset):
    """

    id: UUID
    version: int
    head_hash: str
    status: StatusEnum
    visibility: VisibilityEnum
    host: UUID
    seat_count: int
    rules_id: str
    bot_think_ms: int
    created_at: datetime.datetime
    seats: list[SeatView]
    you: None | YouView
    round_: int
    dealer: int | None
    top_card: CardCode | None | str
    color: ColorEnum | None
    direction: DirectionEnum
    to_act: int | None
    phase: GameViewPhaseEnum
    pending_draw: int
    uno_window: None | UnoWindowView
    draw_pile: int
    discard_pile: int
    deadline_at: datetime.datetime | None
    server_time: datetime.datetime
    winner: int | list[int] | None
    ranking: list[int]
    next_game_id: None | UUID
    replay_url: None | str
    spectators: int
    legal_actions: list[
        AcceptAction
        | CallUnoAction
        | CatchUnoAction
        | ChallengeAction
        | ChooseColorAction
        | ChooseTargetAction
        | DrawAction
        | KeepAction
        | PassAction
        | PlayAction
    ]
    replay_of: int
    invite_code: str | Unset = UNSET
    rules: Rules | Unset = UNSET
    timers: Timers | Unset = UNSET
    challengeable: int | None | Unset = UNSET
    draw_pile_cards: list[CardCode | str] | Unset = UNSET
    side: SideEnum | Unset = UNSET
    draw_pile_back: None | str | Unset = UNSET
    provably_fair: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.call_uno_action import CallUnoAction  # noqa: PLC0415
        from ..models.catch_uno_action import CatchUnoAction  # noqa: PLC0415
        from ..models.challenge_action import ChallengeAction  # noqa: PLC0415
        from ..models.choose_color_action import ChooseColorAction  # noqa: PLC0415
        from ..models.choose_target_action import ChooseTargetAction  # noqa: PLC0415
        from ..models.draw_action import DrawAction  # noqa: PLC0415
        from ..models.keep_action import KeepAction  # noqa: PLC0415
        from ..models.pass_action import PassAction  # noqa: PLC0415
        from ..models.play_action import PlayAction  # noqa: PLC0415
        from ..models.uno_window_view import UnoWindowView  # noqa: PLC0415
        from ..models.you_view import YouView  # noqa: PLC0415

        id = str(self.id)

        version = self.version

        head_hash = self.head_hash

        status = self.status.value

        visibility = self.visibility.value

        host = str(self.host)

        seat_count = self.seat_count

        rules_id = self.rules_id

        bot_think_ms = self.bot_think_ms

        created_at = self.created_at.isoformat()

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        you: dict[str, Any] | None
        if isinstance(self.you, YouView):
            you = self.you.to_dict()
        else:
            you = self.you

        round_ = self.round_

        dealer: int | None
        dealer = self.dealer

        top_card: None | str
        if isinstance(self.top_card, CardCode):
            top_card = self.top_card.value
        else:
            top_card = self.top_card

        color: None | str
        if isinstance(self.color, ColorEnum):
            color = self.color.value
        else:
            color = self.color

        direction = self.direction.value

        to_act: int | None
        to_act = self.to_act

        phase = self.phase.value

        pending_draw = self.pending_draw

        uno_window: dict[str, Any] | None
        if isinstance(self.uno_window, UnoWindowView):
            uno_window = self.uno_window.to_dict()
        else:
            uno_window = self.uno_window

        draw_pile = self.draw_pile

        discard_pile = self.discard_pile

        deadline_at: None | str
        if isinstance(self.deadline_at, datetime.datetime):
            deadline_at = self.deadline_at.isoformat()
        else:
            deadline_at = self.deadline_at

        server_time = self.server_time.isoformat()

        winner: int | list[int] | None
        if isinstance(self.winner, list):
            winner = self.winner

        else:
            winner = self.winner

        ranking = self.ranking

        next_game_id: None | str
        if isinstance(self.next_game_id, UUID):
            next_game_id = str(self.next_game_id)
        else:
            next_game_id = self.next_game_id

        replay_url: None | str
        replay_url = self.replay_url

        spectators = self.spectators

        legal_actions = []
        for legal_actions_item_data in self.legal_actions:
            legal_actions_item: dict[str, Any]
            if isinstance(legal_actions_item_data, PlayAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, DrawAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, PassAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, KeepAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, ChooseColorAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, ChooseTargetAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, CallUnoAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, CatchUnoAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            elif isinstance(legal_actions_item_data, ChallengeAction):
                legal_actions_item = legal_actions_item_data.to_dict()
            else:
                legal_actions_item = legal_actions_item_data.to_dict()

            legal_actions.append(legal_actions_item)

        replay_of = self.replay_of

        invite_code = self.invite_code

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        timers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.timers, Unset):
            timers = self.timers.to_dict()

        challengeable: int | None | Unset
        if isinstance(self.challengeable, Unset):
            challengeable = UNSET
        else:
            challengeable = self.challengeable

        draw_pile_cards: list[str] | Unset = UNSET
        if not isinstance(self.draw_pile_cards, Unset):
            draw_pile_cards = []
            for draw_pile_cards_item_data in self.draw_pile_cards:
                draw_pile_cards_item: str
                if isinstance(draw_pile_cards_item_data, CardCode):
                    draw_pile_cards_item = draw_pile_cards_item_data.value
                else:
                    draw_pile_cards_item = draw_pile_cards_item_data
                draw_pile_cards.append(draw_pile_cards_item)

        side: str | Unset = UNSET
        if not isinstance(self.side, Unset):
            side = self.side.value

        draw_pile_back: None | str | Unset
        if isinstance(self.draw_pile_back, Unset):
            draw_pile_back = UNSET
        else:
            draw_pile_back = self.draw_pile_back

        provably_fair = self.provably_fair

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
                "head_hash": head_hash,
                "status": status,
                "visibility": visibility,
                "host": host,
                "seat_count": seat_count,
                "rules_id": rules_id,
                "bot_think_ms": bot_think_ms,
                "created_at": created_at,
                "seats": seats,
                "you": you,
                "round": round_,
                "dealer": dealer,
                "top_card": top_card,
                "color": color,
                "direction": direction,
                "to_act": to_act,
                "phase": phase,
                "pending_draw": pending_draw,
                "uno_window": uno_window,
                "draw_pile": draw_pile,
                "discard_pile": discard_pile,
                "deadline_at": deadline_at,
                "server_time": server_time,
                "winner": winner,
                "ranking": ranking,
                "next_game_id": next_game_id,
                "replay_url": replay_url,
                "spectators": spectators,
                "legal_actions": legal_actions,
                "replay_of": replay_of,
            }
        )
        if invite_code is not UNSET:
            field_dict["invite_code"] = invite_code
        if rules is not UNSET:
            field_dict["rules"] = rules
        if timers is not UNSET:
            field_dict["timers"] = timers
        if challengeable is not UNSET:
            field_dict["challengeable"] = challengeable
        if draw_pile_cards is not UNSET:
            field_dict["draw_pile_cards"] = draw_pile_cards
        if side is not UNSET:
            field_dict["side"] = side
        if draw_pile_back is not UNSET:
            field_dict["draw_pile_back"] = draw_pile_back
        if provably_fair is not UNSET:
            field_dict["provably_fair"] = provably_fair

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.accept_action import AcceptAction  # noqa: PLC0415
        from ..models.call_uno_action import CallUnoAction  # noqa: PLC0415
        from ..models.catch_uno_action import CatchUnoAction  # noqa: PLC0415
        from ..models.challenge_action import ChallengeAction  # noqa: PLC0415
        from ..models.choose_color_action import ChooseColorAction  # noqa: PLC0415
        from ..models.choose_target_action import ChooseTargetAction  # noqa: PLC0415
        from ..models.draw_action import DrawAction  # noqa: PLC0415
        from ..models.keep_action import KeepAction  # noqa: PLC0415
        from ..models.pass_action import PassAction  # noqa: PLC0415
        from ..models.play_action import PlayAction  # noqa: PLC0415
        from ..models.rules import Rules  # noqa: PLC0415
        from ..models.seat_view import SeatView  # noqa: PLC0415
        from ..models.timers import Timers  # noqa: PLC0415
        from ..models.uno_window_view import UnoWindowView  # noqa: PLC0415
        from ..models.you_view import YouView  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        version = d.pop("version")

        head_hash = d.pop("head_hash")

        status = StatusEnum(d.pop("status"))

        visibility = VisibilityEnum(d.pop("visibility"))

        host = UUID(d.pop("host"))

        seat_count = d.pop("seat_count")

        rules_id = d.pop("rules_id")

        bot_think_ms = d.pop("bot_think_ms")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatView.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_you(data: object) -> None | YouView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                you_type_1 = YouView.from_dict(data)

                return you_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | YouView, data)

        you = _parse_you(d.pop("you"))

        round_ = d.pop("round")

        def _parse_dealer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        dealer = _parse_dealer(d.pop("dealer"))

        def _parse_top_card(data: object) -> CardCode | None | str:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_card_type_0 = CardCode(data)

                return componentsschemas_card_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CardCode | None | str, data)

        top_card = _parse_top_card(d.pop("top_card"))

        def _parse_color(data: object) -> ColorEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                color_type_0 = ColorEnum(data)

                return color_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ColorEnum | None, data)

        color = _parse_color(d.pop("color"))

        direction = DirectionEnum(d.pop("direction"))

        def _parse_to_act(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_act = _parse_to_act(d.pop("to_act"))

        phase = GameViewPhaseEnum(d.pop("phase"))

        pending_draw = d.pop("pending_draw")

        def _parse_uno_window(data: object) -> None | UnoWindowView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                uno_window_type_1 = UnoWindowView.from_dict(data)

                return uno_window_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UnoWindowView, data)

        uno_window = _parse_uno_window(d.pop("uno_window"))

        draw_pile = d.pop("draw_pile")

        discard_pile = d.pop("discard_pile")

        def _parse_deadline_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_at_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline_at = _parse_deadline_at(d.pop("deadline_at"))

        server_time = datetime.datetime.fromisoformat(d.pop("server_time"))

        def _parse_winner(data: object) -> int | list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                componentsschemas_winner_type_1 = cast(list[int], data)

                return componentsschemas_winner_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | list[int] | None, data)

        winner = _parse_winner(d.pop("winner"))

        ranking = cast(list[int], d.pop("ranking"))

        def _parse_next_game_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_game_id_type_0 = UUID(data)

                return next_game_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        next_game_id = _parse_next_game_id(d.pop("next_game_id"))

        def _parse_replay_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        replay_url = _parse_replay_url(d.pop("replay_url"))

        spectators = d.pop("spectators")

        legal_actions = []
        _legal_actions = d.pop("legal_actions")
        for legal_actions_item_data in _legal_actions:

            def _parse_legal_actions_item(
                data: object,
            ) -> (
                AcceptAction
                | CallUnoAction
                | CatchUnoAction
                | ChallengeAction
                | ChooseColorAction
                | ChooseTargetAction
                | DrawAction
                | KeepAction
                | PassAction
                | PlayAction
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_0 = PlayAction.from_dict(data)

                    return componentsschemas_action_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_1 = DrawAction.from_dict(data)

                    return componentsschemas_action_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_2 = PassAction.from_dict(data)

                    return componentsschemas_action_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_3 = KeepAction.from_dict(data)

                    return componentsschemas_action_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_4 = ChooseColorAction.from_dict(data)

                    return componentsschemas_action_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_5 = ChooseTargetAction.from_dict(data)

                    return componentsschemas_action_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_6 = CallUnoAction.from_dict(data)

                    return componentsschemas_action_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_7 = CatchUnoAction.from_dict(data)

                    return componentsschemas_action_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_8 = ChallengeAction.from_dict(data)

                    return componentsschemas_action_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_9 = AcceptAction.from_dict(data)

                return componentsschemas_action_type_9

            legal_actions_item = _parse_legal_actions_item(legal_actions_item_data)

            legal_actions.append(legal_actions_item)

        replay_of = d.pop("replay_of")

        invite_code = d.pop("invite_code", UNSET)

        _rules = d.pop("rules", UNSET)
        rules: Rules | Unset
        if isinstance(_rules, Unset):
            rules = UNSET
        else:
            rules = Rules.from_dict(_rules)

        _timers = d.pop("timers", UNSET)
        timers: Timers | Unset
        if isinstance(_timers, Unset):
            timers = UNSET
        else:
            timers = Timers.from_dict(_timers)

        def _parse_challengeable(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        challengeable = _parse_challengeable(d.pop("challengeable", UNSET))

        _draw_pile_cards = d.pop("draw_pile_cards", UNSET)
        draw_pile_cards: list[CardCode | str] | Unset = UNSET
        if _draw_pile_cards is not UNSET:
            draw_pile_cards = []
            for draw_pile_cards_item_data in _draw_pile_cards:

                def _parse_draw_pile_cards_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                draw_pile_cards_item = _parse_draw_pile_cards_item(draw_pile_cards_item_data)

                draw_pile_cards.append(draw_pile_cards_item)

        _side = d.pop("side", UNSET)
        side: SideEnum | Unset
        if isinstance(_side, Unset):
            side = UNSET
        else:
            side = SideEnum(_side)

        def _parse_draw_pile_back(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        draw_pile_back = _parse_draw_pile_back(d.pop("draw_pile_back", UNSET))

        provably_fair = d.pop("provably_fair", UNSET)

        game_replay = cls(
            id=id,
            version=version,
            head_hash=head_hash,
            status=status,
            visibility=visibility,
            host=host,
            seat_count=seat_count,
            rules_id=rules_id,
            bot_think_ms=bot_think_ms,
            created_at=created_at,
            seats=seats,
            you=you,
            round_=round_,
            dealer=dealer,
            top_card=top_card,
            color=color,
            direction=direction,
            to_act=to_act,
            phase=phase,
            pending_draw=pending_draw,
            uno_window=uno_window,
            draw_pile=draw_pile,
            discard_pile=discard_pile,
            deadline_at=deadline_at,
            server_time=server_time,
            winner=winner,
            ranking=ranking,
            next_game_id=next_game_id,
            replay_url=replay_url,
            spectators=spectators,
            legal_actions=legal_actions,
            replay_of=replay_of,
            invite_code=invite_code,
            rules=rules,
            timers=timers,
            challengeable=challengeable,
            draw_pile_cards=draw_pile_cards,
            side=side,
            draw_pile_back=draw_pile_back,
            provably_fair=provably_fair,
        )

        game_replay.additional_properties = d
        return game_replay

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
