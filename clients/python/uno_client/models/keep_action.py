from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.keep_action_type_enum import KeepActionTypeEnum

T = TypeVar("T", bound="KeepAction")


@_attrs_define
class KeepAction:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            type_ (KeepActionTypeEnum): * `keep` - keep
    """

    type_: KeepActionTypeEnum

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = KeepActionTypeEnum(d.pop("type"))

        keep_action = cls(
            type_=type_,
        )

        return keep_action
