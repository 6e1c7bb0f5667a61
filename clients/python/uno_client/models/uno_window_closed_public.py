from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.uno_window_closed_public_reason import UnoWindowClosedPublicReason

T = TypeVar("T", bound="UnoWindowClosedPublic")


@_attrs_define
class UnoWindowClosedPublic:
    """`reason`: called, caught, advanced, expired, penalised, hand_changed.

    Attributes:
        seat (int):
        token (str):
        reason (UnoWindowClosedPublicReason):
    """

    seat: int
    token: str
    reason: UnoWindowClosedPublicReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        token = self.token

        reason = self.reason.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "token": token,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        token = d.pop("token")

        reason = UnoWindowClosedPublicReason(d.pop("reason"))

        uno_window_closed_public = cls(
            seat=seat,
            token=token,
            reason=reason,
        )

        uno_window_closed_public.additional_properties = d
        return uno_window_closed_public

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
