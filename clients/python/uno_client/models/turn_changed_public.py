from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.turn_changed_public_phase import TurnChangedPublicPhase
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_deadline import EventDeadline
    from ..models.event_owed_choice import EventOwedChoice
    from ..models.event_pending_draw import EventPendingDraw


T = TypeVar("T", bound="TurnChangedPublic")


@_attrs_define
class TurnChangedPublic:
    """Seat `seat` is now asked for `phase`, and this is the situation it acts in: - `jump_in`: jumping in on the top card
    is open during this turn; - `consecutive_passes`: passes in a row before this turn (both piles exhausted); -
    `pending`: a draw penalty waiting on the seat, if any; - `owed`: the color and/or target the seat owes without
    playing a card, if any; - `challengeable`: the seat whose Wild Draw Four may be challenged, if any; then the private
    part (staff only) says whether it was a `bluff` and the hand its player held (`draw4_hand`, shown to the challenger
    by `draw4_challenged`); - `deadline`: the deadline this turn opens (kind `turn`, `response` or `bot`), or None when
    the game's timers give this kind none. Version 2; version 1 had the pending draw and the passes as flat fields and
    always a private part.

        Attributes:
            seat (int):
            phase (TurnChangedPublicPhase):
            jump_in (bool | Unset):
            consecutive_passes (int | Unset):
            pending (EventPendingDraw | None | Unset):
            owed (EventOwedChoice | None | Unset):
            challengeable (int | None | Unset):
            deadline (EventDeadline | None | Unset):
            deadline_at (datetime.datetime | None | Unset): When the deadline falls due.
    """

    seat: int
    phase: TurnChangedPublicPhase
    jump_in: bool | Unset = UNSET
    consecutive_passes: int | Unset = UNSET
    pending: EventPendingDraw | None | Unset = UNSET
    owed: EventOwedChoice | None | Unset = UNSET
    challengeable: int | None | Unset = UNSET
    deadline: EventDeadline | None | Unset = UNSET
    deadline_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.event_deadline import EventDeadline  # noqa: PLC0415
        from ..models.event_owed_choice import EventOwedChoice  # noqa: PLC0415
        from ..models.event_pending_draw import EventPendingDraw  # noqa: PLC0415

        seat = self.seat

        phase = self.phase.value

        jump_in = self.jump_in

        consecutive_passes = self.consecutive_passes

        pending: dict[str, Any] | None | Unset
        if isinstance(self.pending, Unset):
            pending = UNSET
        elif isinstance(self.pending, EventPendingDraw):
            pending = self.pending.to_dict()
        else:
            pending = self.pending

        owed: dict[str, Any] | None | Unset
        if isinstance(self.owed, Unset):
            owed = UNSET
        elif isinstance(self.owed, EventOwedChoice):
            owed = self.owed.to_dict()
        else:
            owed = self.owed

        challengeable: int | None | Unset
        if isinstance(self.challengeable, Unset):
            challengeable = UNSET
        else:
            challengeable = self.challengeable

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
                "phase": phase,
            }
        )
        if jump_in is not UNSET:
            field_dict["jump_in"] = jump_in
        if consecutive_passes is not UNSET:
            field_dict["consecutive_passes"] = consecutive_passes
        if pending is not UNSET:
            field_dict["pending"] = pending
        if owed is not UNSET:
            field_dict["owed"] = owed
        if challengeable is not UNSET:
            field_dict["challengeable"] = challengeable
        if deadline is not UNSET:
            field_dict["deadline"] = deadline
        if deadline_at is not UNSET:
            field_dict["deadline_at"] = deadline_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_deadline import EventDeadline  # noqa: PLC0415
        from ..models.event_owed_choice import EventOwedChoice  # noqa: PLC0415
        from ..models.event_pending_draw import EventPendingDraw  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        phase = TurnChangedPublicPhase(d.pop("phase"))

        jump_in = d.pop("jump_in", UNSET)

        consecutive_passes = d.pop("consecutive_passes", UNSET)

        def _parse_pending(data: object) -> EventPendingDraw | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pending_type_1 = EventPendingDraw.from_dict(data)

                return pending_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventPendingDraw | None | Unset, data)

        pending = _parse_pending(d.pop("pending", UNSET))

        def _parse_owed(data: object) -> EventOwedChoice | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                owed_type_1 = EventOwedChoice.from_dict(data)

                return owed_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventOwedChoice | None | Unset, data)

        owed = _parse_owed(d.pop("owed", UNSET))

        def _parse_challengeable(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        challengeable = _parse_challengeable(d.pop("challengeable", UNSET))

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

        turn_changed_public = cls(
            seat=seat,
            phase=phase,
            jump_in=jump_in,
            consecutive_passes=consecutive_passes,
            pending=pending,
            owed=owed,
            challengeable=challengeable,
            deadline=deadline,
            deadline_at=deadline_at,
        )

        turn_changed_public.additional_properties = d
        return turn_changed_public

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
