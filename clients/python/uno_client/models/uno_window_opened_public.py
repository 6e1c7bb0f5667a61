from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_deadline import EventDeadline


T = TypeVar("T", bound="UnoWindowOpenedPublic")


@_attrs_define
class UnoWindowOpenedPublic:
    """
    Attributes:
        seat (int):
        token (str):
        deadline (EventDeadline | None | Unset):
        deadline_at (datetime.datetime | None | Unset): When the deadline falls due.
    """

    seat: int
    token: str
    deadline: EventDeadline | None | Unset = UNSET
    deadline_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.event_deadline import EventDeadline  # noqa: PLC0415

        seat = self.seat

        token = self.token

        deadline: dict[str, Any] | None | Unset
        if isinstance(self.deadline, Unset):
            deadline = UNSET
        elif isinstance(self.deadline, EventDeadline):
            deadline = self.deadline.to_dict()
        else:
            deadline = self.deadline

        deadline_at: None | str | Unset
        if isinstance(self.deadline_at, Unset):
            deadline_at = UNSET
        elif isinstance(self.deadline_at, datetime.datetime):
            deadline_at = self.deadline_at.isoformat()
        else:
            deadline_at = self.deadline_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "token": token,
            }
        )
        if deadline is not UNSET:
            field_dict["deadline"] = deadline
        if deadline_at is not UNSET:
            field_dict["deadline_at"] = deadline_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_deadline import EventDeadline  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        token = d.pop("token")

        def _parse_deadline(data: object) -> EventDeadline | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deadline_type_1 = EventDeadline.from_dict(data)

                return deadline_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventDeadline | None | Unset, data)

        deadline = _parse_deadline(d.pop("deadline", UNSET))

        def _parse_deadline_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_at_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        deadline_at = _parse_deadline_at(d.pop("deadline_at", UNSET))

        uno_window_opened_public = cls(
            seat=seat,
            token=token,
            deadline=deadline,
            deadline_at=deadline_at,
        )

        uno_window_opened_public.additional_properties = d
        return uno_window_opened_public

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
