from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EventPendingDraw")


@_attrs_define
class EventPendingDraw:
    """
    Attributes:
        total (int):
        kind (str):
        returns_to (int | None):
    """

    total: int
    kind: str
    returns_to: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        kind = self.kind

        returns_to: int | None
        returns_to = self.returns_to

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "total": total,
                "kind": kind,
                "returns_to": returns_to,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        total = d.pop("total")

        kind = d.pop("kind")

        def _parse_returns_to(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        returns_to = _parse_returns_to(d.pop("returns_to"))

        event_pending_draw = cls(
            total=total,
            kind=kind,
            returns_to=returns_to,
        )

        event_pending_draw.additional_properties = d
        return event_pending_draw

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
