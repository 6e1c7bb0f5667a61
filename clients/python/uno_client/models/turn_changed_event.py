from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.turn_changed_event_type import TurnChangedEventType

if TYPE_CHECKING:
    from ..models.turn_changed_private import TurnChangedPrivate
    from ..models.turn_changed_public import TurnChangedPublic


T = TypeVar("T", bound="TurnChangedEvent")


@_attrs_define
class TurnChangedEvent:
    """
    Attributes:
        seq (int):
        type_ (TurnChangedEventType):
        schema_version (int):
        recorded_at (datetime.datetime):
        actor (str):
        public (TurnChangedPublic): Seat `seat` is now asked for `phase`, and this is the situation it acts in: -
            `jump_in`: jumping in on the top card is open during this turn; - `consecutive_passes`: passes in a row before
            this turn (both piles exhausted); - `pending`: a draw penalty waiting on the seat, if any; - `owed`: the color
            and/or target the seat owes without playing a card, if any; - `challengeable`: the seat whose Wild Draw Four may
            be challenged, if any; then the private part (staff only) says whether it was a `bluff` and the hand its player
            held (`draw4_hand`, shown to the challenger by `draw4_challenged`); - `deadline`: the deadline this turn opens
            (kind `turn`, `response` or `bot`), or None when the game's timers give this kind none. Version 2; version 1 had
            the pending draw and the passes as flat fields and always a private part.
        private (None | TurnChangedPrivate):
        private_digest (str):
        prev_hash (str):
        hash_ (str):
    """

    seq: int
    type_: TurnChangedEventType
    schema_version: int
    recorded_at: datetime.datetime
    actor: str
    public: TurnChangedPublic
    private: None | TurnChangedPrivate
    private_digest: str
    prev_hash: str
    hash_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.turn_changed_private import TurnChangedPrivate  # noqa: PLC0415

        seq = self.seq

        type_ = self.type_.value

        schema_version = self.schema_version

        recorded_at = self.recorded_at.isoformat()

        actor = self.actor

        public = self.public.to_dict()

        private: dict[str, Any] | None
        if isinstance(self.private, TurnChangedPrivate):
            private = self.private.to_dict()
        else:
            private = self.private

        private_digest = self.private_digest

        prev_hash = self.prev_hash

        hash_ = self.hash_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "schema_version": schema_version,
                "recorded_at": recorded_at,
                "actor": actor,
                "public": public,
                "private": private,
                "private_digest": private_digest,
                "prev_hash": prev_hash,
                "hash": hash_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.turn_changed_private import TurnChangedPrivate  # noqa: PLC0415
        from ..models.turn_changed_public import TurnChangedPublic  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = TurnChangedEventType(d.pop("type"))

        schema_version = d.pop("schema_version")

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))

        actor = d.pop("actor")

        public = TurnChangedPublic.from_dict(d.pop("public"))

        def _parse_private(data: object) -> None | TurnChangedPrivate:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                private_type_1 = TurnChangedPrivate.from_dict(data)

                return private_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TurnChangedPrivate, data)

        private = _parse_private(d.pop("private"))

        private_digest = d.pop("private_digest")

        prev_hash = d.pop("prev_hash")

        hash_ = d.pop("hash")

        turn_changed_event = cls(
            seq=seq,
            type_=type_,
            schema_version=schema_version,
            recorded_at=recorded_at,
            actor=actor,
            public=public,
            private=private,
            private_digest=private_digest,
            prev_hash=prev_hash,
            hash_=hash_,
        )

        turn_changed_event.additional_properties = d
        return turn_changed_event

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
