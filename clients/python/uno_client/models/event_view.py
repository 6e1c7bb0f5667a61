from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EventView")


@_attrs_define
class EventView:
    """
    Attributes:
        seq (int):
        type_ (str):
        schema_version (int):
        recorded_at (str):
        actor (str):
        public (Any):
        private (Any):
        private_digest (str):
        prev_hash (str):
        hash_ (str):
    """

    seq: int
    type_: str
    schema_version: int
    recorded_at: str
    actor: str
    public: Any
    private: Any
    private_digest: str
    prev_hash: str
    hash_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        type_ = self.type_

        schema_version = self.schema_version

        recorded_at = self.recorded_at

        actor = self.actor

        public = self.public

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
        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = d.pop("type")

        schema_version = d.pop("schema_version")

        recorded_at = d.pop("recorded_at")

        actor = d.pop("actor")

        public = d.pop("public")

        private = d.pop("private")

        private_digest = d.pop("private_digest")

        prev_hash = d.pop("prev_hash")

        hash_ = d.pop("hash")

        event_view = cls(
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

        event_view.additional_properties = d
        return event_view

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
