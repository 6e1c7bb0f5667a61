from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_code import CardCode
from ..models.state_enum import StateEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.player_ref import PlayerRef


T = TypeVar("T", bound="SeatView")


@_attrs_define
class SeatView:
    """
    Attributes:
        seat (int):
        player (None | PlayerRef):
        cards (int): How many cards the seat holds.
        uno_called (bool):
        catchable_until (datetime.datetime | None):
        score (int):
        state (StateEnum): * `playing` - playing
            * `bot` - bot
            * `removed` - removed
            * `eliminated` - eliminated
            * `open` - open
        catchable (bool | Unset): An UNO window is open on this seat.
        team (int | Unset):
        backs (list[str] | Unset): UNO FLIP!: the faces of the seat's cards that face everyone else, sorted.
        hand (list[CardCode | str] | Unset): Staff (or anyone once the game is open) only.
    """

    seat: int
    player: None | PlayerRef
    cards: int
    uno_called: bool
    catchable_until: datetime.datetime | None
    score: int
    state: StateEnum
    catchable: bool | Unset = UNSET
    team: int | Unset = UNSET
    backs: list[str] | Unset = UNSET
    hand: list[CardCode | str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.player_ref import PlayerRef  # noqa: PLC0415

        seat = self.seat

        player: dict[str, Any] | None
        if isinstance(self.player, PlayerRef):
            player = self.player.to_dict()
        else:
            player = self.player

        cards = self.cards

        uno_called = self.uno_called

        catchable_until: None | str
        if isinstance(self.catchable_until, datetime.datetime):
            catchable_until = self.catchable_until.isoformat()
        else:
            catchable_until = self.catchable_until

        score = self.score

        state = self.state.value

        catchable = self.catchable

        team = self.team

        backs: list[str] | Unset = UNSET
        if not isinstance(self.backs, Unset):
            backs = self.backs

        hand: list[str] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = []
            for hand_item_data in self.hand:
                hand_item: str
                if isinstance(hand_item_data, CardCode):
                    hand_item = hand_item_data.value
                else:
                    hand_item = hand_item_data
                hand.append(hand_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "player": player,
                "cards": cards,
                "uno_called": uno_called,
                "catchable_until": catchable_until,
                "score": score,
                "state": state,
            }
        )
        if catchable is not UNSET:
            field_dict["catchable"] = catchable
        if team is not UNSET:
            field_dict["team"] = team
        if backs is not UNSET:
            field_dict["backs"] = backs
        if hand is not UNSET:
            field_dict["hand"] = hand

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_ref import PlayerRef  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_player(data: object) -> None | PlayerRef:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                player_type_1 = PlayerRef.from_dict(data)

                return player_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerRef, data)

        player = _parse_player(d.pop("player"))

        cards = d.pop("cards")

        uno_called = d.pop("uno_called")

        def _parse_catchable_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                catchable_until_type_0 = datetime.datetime.fromisoformat(data)

                return catchable_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        catchable_until = _parse_catchable_until(d.pop("catchable_until"))

        score = d.pop("score")

        state = StateEnum(d.pop("state"))

        catchable = d.pop("catchable", UNSET)

        team = d.pop("team", UNSET)

        backs = cast(list[str], d.pop("backs", UNSET))

        _hand = d.pop("hand", UNSET)
        hand: list[CardCode | str] | Unset = UNSET
        if _hand is not UNSET:
            hand = []
            for hand_item_data in _hand:

                def _parse_hand_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                hand_item = _parse_hand_item(hand_item_data)

                hand.append(hand_item)

        seat_view = cls(
            seat=seat,
            player=player,
            cards=cards,
            uno_called=uno_called,
            catchable_until=catchable_until,
            score=score,
            state=state,
            catchable=catchable,
            team=team,
            backs=backs,
            hand=hand,
        )

        seat_view.additional_properties = d
        return seat_view

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
