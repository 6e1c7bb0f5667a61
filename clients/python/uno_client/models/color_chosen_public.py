from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.color_chosen_public_color import ColorChosenPublicColor

T = TypeVar("T", bound="ColorChosenPublic")


@_attrs_define
class ColorChosenPublic:
    """
    Attributes:
        seat (int):
        color (ColorChosenPublicColor):
    """

    seat: int
    color: ColorChosenPublicColor
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        color = self.color.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "color": color,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        color = ColorChosenPublicColor(d.pop("color"))

        color_chosen_public = cls(
            seat=seat,
            color=color,
        )

        color_chosen_public.additional_properties = d
        return color_chosen_public

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
