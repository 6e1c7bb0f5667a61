from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.visibility_enum import VisibilityEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bot_input_request import BotInputRequest
    from ..models.position_input_request import PositionInputRequest
    from ..models.rules_input_request import RulesInputRequest
    from ..models.timers_input_request import TimersInputRequest


T = TypeVar("T", bound="GameCreateInputRequest")


@_attrs_define
class GameCreateInputRequest:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            seats (int):
            bots (list[BotInputRequest] | Unset): One server bot per item, seated right after the creator (seats 1, 2, …;
                from seat 0 with `seat_host: false`). Each has a player of its own (`"bot": true`) and its seat's `state` is
                `bot`.
            seat_host (bool | Unset): false: the creator takes no seat but stays the host (starts the game and may watch
                it), so a game of bots alone is possible. Default: True.
            bot_think_ms (int | Unset): How long a bot waits before it acts, in milliseconds. Default: 600.
            rules (RulesInputRequest | Unset): A request body: a member the operation does not take is a 400 `unknown_field`
                whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
                so a typo never passes for a default.
            timers (TimersInputRequest | Unset): A request body: a member the operation does not take is a 400
                `unknown_field`
                whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
                so a typo never passes for a default.
            visibility (VisibilityEnum | Unset): * `public` - public
                * `invite` - invite Default: VisibilityEnum.PUBLIC.
            deck (list[str] | Unset): Staff only: the first cards of the first deal.
            position (PositionInputRequest | Unset): A request body: a member the operation does not take is a 400
                `unknown_field`
                whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
                so a typo never passes for a default.
            dealer (int | Unset): Staff only: the first dealer.
            seed (int | Unset): Staff only: reproducible shuffles (not fair).
    """

    seats: int
    bots: list[BotInputRequest] | Unset = UNSET
    seat_host: bool | Unset = True
    bot_think_ms: int | Unset = 600
    rules: RulesInputRequest | Unset = UNSET
    timers: TimersInputRequest | Unset = UNSET
    visibility: VisibilityEnum | Unset = VisibilityEnum.PUBLIC
    deck: list[str] | Unset = UNSET
    position: PositionInputRequest | Unset = UNSET
    dealer: int | Unset = UNSET
    seed: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seats = self.seats

        bots: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.bots, Unset):
            bots = []
            for bots_item_data in self.bots:
                bots_item = bots_item_data.to_dict()
                bots.append(bots_item)

        seat_host = self.seat_host

        bot_think_ms = self.bot_think_ms

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        timers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.timers, Unset):
            timers = self.timers.to_dict()

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility.value

        deck: list[str] | Unset = UNSET
        if not isinstance(self.deck, Unset):
            deck = self.deck

        position: dict[str, Any] | Unset = UNSET
        if not isinstance(self.position, Unset):
            position = self.position.to_dict()

        dealer = self.dealer

        seed = self.seed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seats": seats,
            }
        )
        if bots is not UNSET:
            field_dict["bots"] = bots
        if seat_host is not UNSET:
            field_dict["seat_host"] = seat_host
        if bot_think_ms is not UNSET:
            field_dict["bot_think_ms"] = bot_think_ms
        if rules is not UNSET:
            field_dict["rules"] = rules
        if timers is not UNSET:
            field_dict["timers"] = timers
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if deck is not UNSET:
            field_dict["deck"] = deck
        if position is not UNSET:
            field_dict["position"] = position
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_input_request import BotInputRequest  # noqa: PLC0415
        from ..models.position_input_request import PositionInputRequest  # noqa: PLC0415
        from ..models.rules_input_request import RulesInputRequest  # noqa: PLC0415
        from ..models.timers_input_request import TimersInputRequest  # noqa: PLC0415

        d = dict(src_dict)
        seats = d.pop("seats")

        _bots = d.pop("bots", UNSET)
        bots: list[BotInputRequest] | Unset = UNSET
        if _bots is not UNSET:
            bots = []
            for bots_item_data in _bots:
                bots_item = BotInputRequest.from_dict(bots_item_data)

                bots.append(bots_item)

        seat_host = d.pop("seat_host", UNSET)

        bot_think_ms = d.pop("bot_think_ms", UNSET)

        _rules = d.pop("rules", UNSET)
        rules: RulesInputRequest | Unset
        if isinstance(_rules, Unset):
            rules = UNSET
        else:
            rules = RulesInputRequest.from_dict(_rules)

        _timers = d.pop("timers", UNSET)
        timers: TimersInputRequest | Unset
        if isinstance(_timers, Unset):
            timers = UNSET
        else:
            timers = TimersInputRequest.from_dict(_timers)

        _visibility = d.pop("visibility", UNSET)
        visibility: VisibilityEnum | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = VisibilityEnum(_visibility)

        deck = cast(list[str], d.pop("deck", UNSET))

        _position = d.pop("position", UNSET)
        position: PositionInputRequest | Unset
        if isinstance(_position, Unset):
            position = UNSET
        else:
            position = PositionInputRequest.from_dict(_position)

        dealer = d.pop("dealer", UNSET)

        seed = d.pop("seed", UNSET)

        game_create_input_request = cls(
            seats=seats,
            bots=bots,
            seat_host=seat_host,
            bot_think_ms=bot_think_ms,
            rules=rules,
            timers=timers,
            visibility=visibility,
            deck=deck,
            position=position,
            dealer=dealer,
            seed=seed,
        )

        game_create_input_request.additional_properties = d
        return game_create_input_request

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
