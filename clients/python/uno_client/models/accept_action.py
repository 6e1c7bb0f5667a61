from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.accept_action_type_enum import AcceptActionTypeEnum

T = TypeVar("T", bound="AcceptAction")


@_attrs_define
class AcceptAction:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            type_ (AcceptActionTypeEnum): * `accept` - accept
    """

    type_: AcceptActionTypeEnum

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
        type_ = AcceptActionTypeEnum(d.pop("type"))

        accept_action = cls(
            type_=type_,
        )

        return accept_action
