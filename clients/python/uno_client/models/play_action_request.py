from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_enum import CardEnum
from ..models.color_enum import ColorEnum
from ..models.play_action_type_enum import PlayActionTypeEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayActionRequest")


@_attrs_define
class PlayActionRequest:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            type_ (PlayActionTypeEnum): * `play` - play
            card (CardEnum): * `blue-0` - blue-0
                * `blue-1` - blue-1
                * `blue-2` - blue-2
                * `blue-3` - blue-3
                * `blue-4` - blue-4
                * `blue-5` - blue-5
                * `blue-6` - blue-6
                * `blue-7` - blue-7
                * `blue-8` - blue-8
                * `blue-9` - blue-9
                * `blue-draw2` - blue-draw2
                * `blue-reverse` - blue-reverse
                * `blue-skip` - blue-skip
                * `green-0` - green-0
                * `green-1` - green-1
                * `green-2` - green-2
                * `green-3` - green-3
                * `green-4` - green-4
                * `green-5` - green-5
                * `green-6` - green-6
                * `green-7` - green-7
                * `green-8` - green-8
                * `green-9` - green-9
                * `green-draw2` - green-draw2
                * `green-reverse` - green-reverse
                * `green-skip` - green-skip
                * `red-0` - red-0
                * `red-1` - red-1
                * `red-2` - red-2
                * `red-3` - red-3
                * `red-4` - red-4
                * `red-5` - red-5
                * `red-6` - red-6
                * `red-7` - red-7
                * `red-8` - red-8
                * `red-9` - red-9
                * `red-draw2` - red-draw2
                * `red-reverse` - red-reverse
                * `red-skip` - red-skip
                * `wild` - wild
                * `wild-custom` - wild-custom
                * `wild-downpour1` - wild-downpour1
                * `wild-downpour2` - wild-downpour2
                * `wild-draw4` - wild-draw4
                * `wild-shuffle` - wild-shuffle
                * `wild-swap` - wild-swap
                * `yellow-0` - yellow-0
                * `yellow-1` - yellow-1
                * `yellow-2` - yellow-2
                * `yellow-3` - yellow-3
                * `yellow-4` - yellow-4
                * `yellow-5` - yellow-5
                * `yellow-6` - yellow-6
                * `yellow-7` - yellow-7
                * `yellow-8` - yellow-8
                * `yellow-9` - yellow-9
                * `yellow-draw2` - yellow-draw2
                * `yellow-reverse` - yellow-reverse
                * `yellow-skip` - yellow-skip
            color (ColorEnum | Unset): * `red` - red
                * `yellow` - yellow
                * `green` - green
                * `blue` - blue
            target (int | Unset): The seat to swap with (7 under Seven-O, wild-swap).
            uno (bool | Unset): Say UNO with this play. Default: False.
    """

    type_: PlayActionTypeEnum
    card: CardEnum
    color: ColorEnum | Unset = UNSET
    target: int | Unset = UNSET
    uno: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        card = self.card.value

        color: str | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = self.color.value

        target = self.target

        uno = self.uno

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        card = CardEnum(d.pop("card"))

        _color = d.pop("color", UNSET)
        color: ColorEnum | Unset
        if isinstance(_color, Unset):
            color = UNSET
        else:
            color = ColorEnum(_color)

        target = d.pop("target", UNSET)

        uno = d.pop("uno", UNSET)

        play_action_request = cls(
            type_=type_,
            card=card,
            color=color,
            target=target,
            uno=uno,
        )

        play_action_request.additional_properties = d
        return play_action_request

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
