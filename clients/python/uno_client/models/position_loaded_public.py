from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_code import CardCode
from ..models.position_loaded_public_color_type_1 import PositionLoadedPublicColorType1
from ..models.position_loaded_public_color_type_2_type_1 import PositionLoadedPublicColorType2Type1
from ..models.position_loaded_public_color_type_3_type_1 import PositionLoadedPublicColorType3Type1
from ..models.position_loaded_public_side import PositionLoadedPublicSide
from ..types import UNSET, Unset

T = TypeVar("T", bound="PositionLoadedPublic")


@_attrs_define
class PositionLoadedPublic:
    """A staff-given position (the API's `position`) replaces the deal.

    Attributes:
        discard (list[CardCode | str]):
        color (None | PositionLoadedPublicColorType1 | PositionLoadedPublicColorType2Type1 |
            PositionLoadedPublicColorType3Type1):
        direction (int):
        dealer (int):
        scores (list[int]):
        eliminated (list[int]):
        side (PositionLoadedPublicSide | Unset):
    """

    discard: list[CardCode | str]
    color: (
        None
        | PositionLoadedPublicColorType1
        | PositionLoadedPublicColorType2Type1
        | PositionLoadedPublicColorType3Type1
    )
    direction: int
    dealer: int
    scores: list[int]
    eliminated: list[int]
    side: PositionLoadedPublicSide | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        discard = []
        for discard_item_data in self.discard:
            discard_item: str
            if isinstance(discard_item_data, CardCode):
                discard_item = discard_item_data.value
            else:
                discard_item = discard_item_data
            discard.append(discard_item)

        color: None | str
        if isinstance(self.color, PositionLoadedPublicColorType1):
            color = self.color.value
        elif isinstance(self.color, PositionLoadedPublicColorType2Type1):
            color = self.color.value
        elif isinstance(self.color, PositionLoadedPublicColorType3Type1):
            color = self.color.value
        else:
            color = self.color

        direction = self.direction

        dealer = self.dealer

        scores = self.scores

        eliminated = self.eliminated

        side: str | Unset = UNSET
        if not isinstance(self.side, Unset):
            side = self.side.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "discard": discard,
                "color": color,
                "direction": direction,
                "dealer": dealer,
                "scores": scores,
                "eliminated": eliminated,
            }
        )
        if side is not UNSET:
            field_dict["side"] = side

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        discard = []
        _discard = d.pop("discard")
        for discard_item_data in _discard:

            def _parse_discard_item(data: object) -> CardCode | str:
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    componentsschemas_card_type_0 = CardCode(data)

                    return componentsschemas_card_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(CardCode | str, data)

            discard_item = _parse_discard_item(discard_item_data)

            discard.append(discard_item)

        def _parse_color(
            data: object,
        ) -> (
            None
            | PositionLoadedPublicColorType1
            | PositionLoadedPublicColorType2Type1
            | PositionLoadedPublicColorType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                color_type_1 = PositionLoadedPublicColorType1(data)

                return color_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                color_type_2_type_1 = PositionLoadedPublicColorType2Type1(data)

                return color_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                color_type_3_type_1 = PositionLoadedPublicColorType3Type1(data)

                return color_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | PositionLoadedPublicColorType1
                | PositionLoadedPublicColorType2Type1
                | PositionLoadedPublicColorType3Type1,
                data,
            )

        color = _parse_color(d.pop("color"))

        direction = d.pop("direction")

        dealer = d.pop("dealer")

        scores = cast(list[int], d.pop("scores"))

        eliminated = cast(list[int], d.pop("eliminated"))

        _side = d.pop("side", UNSET)
        side: PositionLoadedPublicSide | Unset
        if isinstance(_side, Unset):
            side = UNSET
        else:
            side = PositionLoadedPublicSide(_side)

        position_loaded_public = cls(
            discard=discard,
            color=color,
            direction=direction,
            dealer=dealer,
            scores=scores,
            eliminated=eliminated,
            side=side,
        )

        position_loaded_public.additional_properties = d
        return position_loaded_public

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
