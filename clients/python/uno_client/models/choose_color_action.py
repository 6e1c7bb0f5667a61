from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.choose_color_action_type_enum import ChooseColorActionTypeEnum
from ..models.color_enum import ColorEnum

T = TypeVar("T", bound="ChooseColorAction")


@_attrs_define
class ChooseColorAction:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            type_ (ChooseColorActionTypeEnum): * `choose_color` - choose_color
            color (ColorEnum): * `red` - red
                * `yellow` - yellow
                * `green` - green
                * `blue` - blue
                * `pink` - pink
                * `teal` - teal
                * `orange` - orange
                * `purple` - purple
    """

    type_: ChooseColorActionTypeEnum
    color: ColorEnum

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        color = self.color.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "color": color,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = ChooseColorActionTypeEnum(d.pop("type"))

        color = ColorEnum(d.pop("color"))

        choose_color_action = cls(
            type_=type_,
            color=color,
        )

        return choose_color_action
