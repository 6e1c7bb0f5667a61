from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.alg_enum import AlgEnum

T = TypeVar("T", bound="SigningKeyView")


@_attrs_define
class SigningKeyView:
    """
    Attributes:
        key_id (str): The first 16 hex characters of the raw key's sha256.
        alg (AlgEnum): * `Ed25519` - Ed25519
        public_key (str): The raw 32-byte key, base64url without padding.
        created_at (datetime.datetime):
        retired_at (datetime.datetime | None):
    """

    key_id: str
    alg: AlgEnum
    public_key: str
    created_at: datetime.datetime
    retired_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key_id = self.key_id

        alg = self.alg.value

        public_key = self.public_key

        created_at = self.created_at.isoformat()

        retired_at: None | str
        if isinstance(self.retired_at, datetime.datetime):
            retired_at = self.retired_at.isoformat()
        else:
            retired_at = self.retired_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key_id": key_id,
                "alg": alg,
                "public_key": public_key,
                "created_at": created_at,
                "retired_at": retired_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key_id = d.pop("key_id")

        alg = AlgEnum(d.pop("alg"))

        public_key = d.pop("public_key")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_retired_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                retired_at_type_0 = datetime.datetime.fromisoformat(data)

                return retired_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        retired_at = _parse_retired_at(d.pop("retired_at"))

        signing_key_view = cls(
            key_id=key_id,
            alg=alg,
            public_key=public_key,
            created_at=created_at,
            retired_at=retired_at,
        )

        signing_key_view.additional_properties = d
        return signing_key_view

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
