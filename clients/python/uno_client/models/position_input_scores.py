from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PositionInputScores")


@_attrs_define
class PositionInputScores:
    """
    Attributes:
        field_0 (int | Unset):
        field_1 (int | Unset):
        field_2 (int | Unset):
        field_3 (int | Unset):
        field_4 (int | Unset):
        field_5 (int | Unset):
        field_6 (int | Unset):
        field_7 (int | Unset):
        field_8 (int | Unset):
        field_9 (int | Unset):
    """

    field_0: int | Unset = UNSET
    field_1: int | Unset = UNSET
    field_2: int | Unset = UNSET
    field_3: int | Unset = UNSET
    field_4: int | Unset = UNSET
    field_5: int | Unset = UNSET
    field_6: int | Unset = UNSET
    field_7: int | Unset = UNSET
    field_8: int | Unset = UNSET
    field_9: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        field_0 = self.field_0

        field_1 = self.field_1

        field_2 = self.field_2

        field_3 = self.field_3

        field_4 = self.field_4

        field_5 = self.field_5

        field_6 = self.field_6

        field_7 = self.field_7

        field_8 = self.field_8

        field_9 = self.field_9

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if field_0 is not UNSET:
            field_dict["0"] = field_0
        if field_1 is not UNSET:
            field_dict["1"] = field_1
        if field_2 is not UNSET:
            field_dict["2"] = field_2
        if field_3 is not UNSET:
            field_dict["3"] = field_3
        if field_4 is not UNSET:
            field_dict["4"] = field_4
        if field_5 is not UNSET:
            field_dict["5"] = field_5
        if field_6 is not UNSET:
            field_dict["6"] = field_6
        if field_7 is not UNSET:
            field_dict["7"] = field_7
        if field_8 is not UNSET:
            field_dict["8"] = field_8
        if field_9 is not UNSET:
            field_dict["9"] = field_9

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_0 = d.pop("0", UNSET)

        field_1 = d.pop("1", UNSET)

        field_2 = d.pop("2", UNSET)

        field_3 = d.pop("3", UNSET)

        field_4 = d.pop("4", UNSET)

        field_5 = d.pop("5", UNSET)

        field_6 = d.pop("6", UNSET)

        field_7 = d.pop("7", UNSET)

        field_8 = d.pop("8", UNSET)

        field_9 = d.pop("9", UNSET)

        position_input_scores = cls(
            field_0=field_0,
            field_1=field_1,
            field_2=field_2,
            field_3=field_3,
            field_4=field_4,
            field_5=field_5,
            field_6=field_6,
            field_7=field_7,
            field_8=field_8,
            field_9=field_9,
        )

        return position_input_scores
