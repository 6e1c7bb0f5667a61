from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.choose_target_action_type_enum import ChooseTargetActionTypeEnum

T = TypeVar("T", bound="ChooseTargetAction")


@_attrs_define
class ChooseTargetAction:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            type_ (ChooseTargetActionTypeEnum): * `choose_target` - choose_target
            target (int):
    """

    type_: ChooseTargetActionTypeEnum
    target: int

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        target = self.target

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "target": target,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = ChooseTargetActionTypeEnum(d.pop("type"))

        target = d.pop("target")

        choose_target_action = cls(
            type_=type_,
            target=target,
        )

        return choose_target_action
