from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.round_ended_event_type import RoundEndedEventType

if TYPE_CHECKING:
    from ..models.round_ended_private import RoundEndedPrivate
    from ..models.round_ended_public import RoundEndedPublic


T = TypeVar("T", bound="RoundEndedEvent")


@_attrs_define
class RoundEndedEvent:
    """
    Attributes:
        seq (int):
        type_ (RoundEndedEventType):
        schema_version (int):
        recorded_at (datetime.datetime):
        actor (str):
        public (RoundEndedPublic): The round's result. The private part, `shuffles`, reveals every shuffle of the round
            (order, salt): dealt out, they give every hand, so it goes to the seats that played the round (those in `hands`)
            and staff, and to everyone else only once the game has ended where finished games are revealed. Version 2;
            version 1 had `shuffles` in the public part.
        private (None | RoundEndedPrivate):
        private_digest (str):
        prev_hash (str):
        hash_ (str):
    """

    seq: int
    type_: RoundEndedEventType
    schema_version: int
    recorded_at: datetime.datetime
    actor: str
    public: RoundEndedPublic
    private: None | RoundEndedPrivate
    private_digest: str
    prev_hash: str
    hash_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.round_ended_private import RoundEndedPrivate  # noqa: PLC0415

        seq = self.seq

        type_ = self.type_.value

        schema_version = self.schema_version

        recorded_at = self.recorded_at.isoformat()

        actor = self.actor

        public = self.public.to_dict()

        private: dict[str, Any] | None
        if isinstance(self.private, RoundEndedPrivate):
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
        from ..models.round_ended_private import RoundEndedPrivate  # noqa: PLC0415
        from ..models.round_ended_public import RoundEndedPublic  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = RoundEndedEventType(d.pop("type"))

        schema_version = d.pop("schema_version")

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))

        actor = d.pop("actor")

        public = RoundEndedPublic.from_dict(d.pop("public"))

        def _parse_private(data: object) -> None | RoundEndedPrivate:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                private_type_1 = RoundEndedPrivate.from_dict(data)

                return private_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RoundEndedPrivate, data)

        private = _parse_private(d.pop("private"))

        private_digest = d.pop("private_digest")

        prev_hash = d.pop("prev_hash")

        hash_ = d.pop("hash")

        round_ended_event = cls(
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

        round_ended_event.additional_properties = d
        return round_ended_event

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
