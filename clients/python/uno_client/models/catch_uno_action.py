from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.catch_uno_action_type_enum import CatchUnoActionTypeEnum

T = TypeVar("T", bound="CatchUnoAction")


@_attrs_define
class CatchUnoAction:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            type_ (CatchUnoActionTypeEnum): * `catch_uno` - catch_uno
            target (int):
    """

    type_: CatchUnoActionTypeEnum
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
        type_ = CatchUnoActionTypeEnum(d.pop("type"))

        target = d.pop("target")

        catch_uno_action = cls(
            type_=type_,
            target=target,
        )

        return catch_uno_action
