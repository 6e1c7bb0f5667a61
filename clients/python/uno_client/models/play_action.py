from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.card_code import CardCode
from ..models.color_enum import ColorEnum
from ..models.play_action_type_enum import PlayActionTypeEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayAction")


@_attrs_define
class PlayAction:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            type_ (PlayActionTypeEnum): * `play` - play
            card (CardCode | str): A card code: a single-faced card, or a double-faced card's pair.
            color (ColorEnum | Unset): * `red` - red
                * `yellow` - yellow
                * `green` - green
                * `blue` - blue
                * `pink` - pink
                * `teal` - teal
                * `orange` - orange
                * `purple` - purple
            target (int | Unset): The seat to swap with (7 under Seven-O, wild-swap).
            uno (bool | Unset): Say UNO with this play. Default: False.
    """

    type_: PlayActionTypeEnum
    card: CardCode | str
    color: ColorEnum | Unset = UNSET
    target: int | Unset = UNSET
    uno: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        card: str
        if isinstance(self.card, CardCode):
            card = self.card.value
        else:
            card = self.card

        color: str | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = self.color.value

        target = self.target

        uno = self.uno

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "card": card,
            }
        )
        if color is not UNSET:
            field_dict["color"] = color
        if target is not UNSET:
            field_dict["target"] = target
        if uno is not UNSET:
            field_dict["uno"] = uno

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = PlayActionTypeEnum(d.pop("type"))

        def _parse_card(data: object) -> CardCode | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_card_type_0 = CardCode(data)

                return componentsschemas_card_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CardCode | str, data)

        card = _parse_card(d.pop("card"))

        _color = d.pop("color", UNSET)
        color: ColorEnum | Unset
        if isinstance(_color, Unset):
            color = UNSET
        else:
            color = ColorEnum(_color)

        target = d.pop("target", UNSET)

        uno = d.pop("uno", UNSET)

        play_action = cls(
            type_=type_,
            card=card,
            color=color,
            target=target,
            uno=uno,
        )

        return play_action
