from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TokenCreateInput")


@_attrs_define
class TokenCreateInput:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            label (str | Unset):  Default: ''.
    """

    label: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        label = self.label

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if label is not UNSET:
            field_dict["label"] = label

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        label = d.pop("label", UNSET)

        token_create_input = cls(
            label=label,
        )

        return token_create_input
