from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="JoinInput")


@_attrs_define
class JoinInput:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            invite_code (str | Unset):
    """

    invite_code: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        invite_code = self.invite_code

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if invite_code is not UNSET:
            field_dict["invite_code"] = invite_code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        invite_code = d.pop("invite_code", UNSET)

        join_input = cls(
            invite_code=invite_code,
        )

        return join_input
