from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.card_code import CardCode
from ..models.visibility_enum import VisibilityEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bot_input import BotInput
    from ..models.position_input import PositionInput
    from ..models.rules_input import RulesInput
    from ..models.timers_input import TimersInput


T = TypeVar("T", bound="GameCreateInput")


@_attrs_define
class GameCreateInput:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            seats (int):
            bots (list[BotInput] | Unset): One server bot per item, seated right after the creator (seats 1, 2, …; from seat
                0 with `seat_host: false`). Each has a player of its own (`"bot": true`) and its seat's `state` is `bot`.
            seat_host (bool | Unset): false: the creator takes no seat but stays the host (starts the game and may watch
                it), so a game of bots alone is possible. Such a game counts toward its host's open games and, unless staff make
                it, plays to at most 500 points. Default: True.
            bot_think_ms (int | Unset): How long a bot waits before it acts, in milliseconds; at least 200 in a game of bots
                alone that staff did not make (400 `invalid_option` otherwise). Default: 600.
            rules (RulesInput | Unset): A request body: a member the operation does not take is a 400 `unknown_field`
                whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
                so a typo never passes for a default.
            timers (TimersInput | Unset): A request body: a member the operation does not take is a 400 `unknown_field`
                whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
                so a typo never passes for a default.
            visibility (VisibilityEnum | Unset): * `public` - public
                * `invite` - invite Default: VisibilityEnum.PUBLIC.
            deck (list[CardCode | str] | Unset): Staff only: the first cards of the first deal.
            position (PositionInput | Unset): A request body: a member the operation does not take is a 400 `unknown_field`
                whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
                so a typo never passes for a default.
            dealer (int | Unset): Staff only: the first dealer.
            seed (int | Unset): Staff only: reproducible shuffles (not fair).
    """

    seats: int
    bots: list[BotInput] | Unset = UNSET
    seat_host: bool | Unset = True
    bot_think_ms: int | Unset = 600
    rules: RulesInput | Unset = UNSET
    timers: TimersInput | Unset = UNSET
    visibility: VisibilityEnum | Unset = VisibilityEnum.PUBLIC
    deck: list[CardCode | str] | Unset = UNSET
    position: PositionInput | Unset = UNSET
    dealer: int | Unset = UNSET
    seed: int | Unset = UNSET

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
            deck = []
            for deck_item_data in self.deck:
                deck_item: str
                if isinstance(deck_item_data, CardCode):
                    deck_item = deck_item_data.value
                else:
                    deck_item = deck_item_data
                deck.append(deck_item)

        position: dict[str, Any] | Unset = UNSET
        if not isinstance(self.position, Unset):
            position = self.position.to_dict()

        dealer = self.dealer

        seed = self.seed

        field_dict: dict[str, Any] = {}

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
        from ..models.bot_input import BotInput  # noqa: PLC0415
        from ..models.position_input import PositionInput  # noqa: PLC0415
        from ..models.rules_input import RulesInput  # noqa: PLC0415
        from ..models.timers_input import TimersInput  # noqa: PLC0415

        d = dict(src_dict)
        seats = d.pop("seats")

        _bots = d.pop("bots", UNSET)
        bots: list[BotInput] | Unset = UNSET
        if _bots is not UNSET:
            bots = []
            for bots_item_data in _bots:
                bots_item = BotInput.from_dict(bots_item_data)

                bots.append(bots_item)

        seat_host = d.pop("seat_host", UNSET)

        bot_think_ms = d.pop("bot_think_ms", UNSET)

        _rules = d.pop("rules", UNSET)
        rules: RulesInput | Unset
        if isinstance(_rules, Unset):
            rules = UNSET
        else:
            rules = RulesInput.from_dict(_rules)

        _timers = d.pop("timers", UNSET)
        timers: TimersInput | Unset
        if isinstance(_timers, Unset):
            timers = UNSET
        else:
            timers = TimersInput.from_dict(_timers)

        _visibility = d.pop("visibility", UNSET)
        visibility: VisibilityEnum | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = VisibilityEnum(_visibility)

        _deck = d.pop("deck", UNSET)
        deck: list[CardCode | str] | Unset = UNSET
        if _deck is not UNSET:
            deck = []
            for deck_item_data in _deck:

                def _parse_deck_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                deck_item = _parse_deck_item(deck_item_data)

                deck.append(deck_item)

        _position = d.pop("position", UNSET)
        position: PositionInput | Unset
        if isinstance(_position, Unset):
            position = UNSET
        else:
            position = PositionInput.from_dict(_position)

        dealer = d.pop("dealer", UNSET)

        seed = d.pop("seed", UNSET)

        game_create_input = cls(
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

        return game_create_input
