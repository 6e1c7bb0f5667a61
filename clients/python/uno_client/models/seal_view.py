from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.alg_enum import AlgEnum

T = TypeVar("T", bound="SealView")


@_attrs_define
class SealView:
    """
    Attributes:
        game (UUID):
        version (int):
        head_hash (str): The hash of event `version`.
        sealed_at (datetime.datetime): When it was sealed (not signed).
        key_id (str): The signing key (see GET /keys).
        alg (AlgEnum): * `Ed25519` - Ed25519
        signature (str): Ed25519 over the UTF-8 bytes of canonical({"game", "head_hash", "version"}), base64url without
            padding.
    """

    game: UUID
    version: int
    head_hash: str
    sealed_at: datetime.datetime
    key_id: str
    alg: AlgEnum
    signature: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = str(self.game)

        version = self.version

        head_hash = self.head_hash

        sealed_at = self.sealed_at.isoformat()

        key_id = self.key_id

        alg = self.alg.value

        signature = self.signature

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "version": version,
                "head_hash": head_hash,
                "sealed_at": sealed_at,
                "key_id": key_id,
                "alg": alg,
                "signature": signature,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = UUID(d.pop("game"))

        version = d.pop("version")

        head_hash = d.pop("head_hash")

        sealed_at = datetime.datetime.fromisoformat(d.pop("sealed_at"))

        key_id = d.pop("key_id")

        alg = AlgEnum(d.pop("alg"))

        signature = d.pop("signature")

        seal_view = cls(
            game=game,
            version=version,
            head_hash=head_hash,
            sealed_at=sealed_at,
            key_id=key_id,
            alg=alg,
            signature=signature,
        )

        seal_view.additional_properties = d
        return seal_view

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
