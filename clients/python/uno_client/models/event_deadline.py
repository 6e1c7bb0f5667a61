from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_deadline_kind import EventDeadlineKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="EventDeadline")


@_attrs_define
class EventDeadline:
    """
    Attributes:
        kind (EventDeadlineKind):
        token (str):
        seconds (float):
        grace_ms (int | Unset):
    """

    kind: EventDeadlineKind
    token: str
    seconds: float
    grace_ms: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        token = self.token

        seconds = self.seconds

        grace_ms = self.grace_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "token": token,
                "seconds": seconds,
            }
        )
        if grace_ms is not UNSET:
            field_dict["grace_ms"] = grace_ms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = EventDeadlineKind(d.pop("kind"))

        token = d.pop("token")

        seconds = d.pop("seconds")

        grace_ms = d.pop("grace_ms", UNSET)

        event_deadline = cls(
            kind=kind,
            token=token,
            seconds=seconds,
            grace_ms=grace_ms,
        )

        event_deadline.additional_properties = d
        return event_deadline

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
