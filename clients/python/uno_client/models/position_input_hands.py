from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.card_code import CardCode
from ..types import UNSET, Unset

T = TypeVar("T", bound="PositionInputHands")


@_attrs_define
class PositionInputHands:
    """Each seat's hand, keyed by seat: {"0": ["red-5", …], "1": […]}.

    Attributes:
        field_0 (list[CardCode | str] | Unset):
        field_1 (list[CardCode | str] | Unset):
        field_2 (list[CardCode | str] | Unset):
        field_3 (list[CardCode | str] | Unset):
        field_4 (list[CardCode | str] | Unset):
        field_5 (list[CardCode | str] | Unset):
        field_6 (list[CardCode | str] | Unset):
        field_7 (list[CardCode | str] | Unset):
        field_8 (list[CardCode | str] | Unset):
        field_9 (list[CardCode | str] | Unset):
    """

    field_0: list[CardCode | str] | Unset = UNSET
    field_1: list[CardCode | str] | Unset = UNSET
    field_2: list[CardCode | str] | Unset = UNSET
    field_3: list[CardCode | str] | Unset = UNSET
    field_4: list[CardCode | str] | Unset = UNSET
    field_5: list[CardCode | str] | Unset = UNSET
    field_6: list[CardCode | str] | Unset = UNSET
    field_7: list[CardCode | str] | Unset = UNSET
    field_8: list[CardCode | str] | Unset = UNSET
    field_9: list[CardCode | str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        field_0: list[str] | Unset = UNSET
        if not isinstance(self.field_0, Unset):
            field_0 = []
            for field_0_item_data in self.field_0:
                field_0_item: str
                if isinstance(field_0_item_data, CardCode):
                    field_0_item = field_0_item_data.value
                else:
                    field_0_item = field_0_item_data
                field_0.append(field_0_item)

        field_1: list[str] | Unset = UNSET
        if not isinstance(self.field_1, Unset):
            field_1 = []
            for field_1_item_data in self.field_1:
                field_1_item: str
                if isinstance(field_1_item_data, CardCode):
                    field_1_item = field_1_item_data.value
                else:
                    field_1_item = field_1_item_data
                field_1.append(field_1_item)

        field_2: list[str] | Unset = UNSET
        if not isinstance(self.field_2, Unset):
            field_2 = []
            for field_2_item_data in self.field_2:
                field_2_item: str
                if isinstance(field_2_item_data, CardCode):
                    field_2_item = field_2_item_data.value
                else:
                    field_2_item = field_2_item_data
                field_2.append(field_2_item)

        field_3: list[str] | Unset = UNSET
        if not isinstance(self.field_3, Unset):
            field_3 = []
            for field_3_item_data in self.field_3:
                field_3_item: str
                if isinstance(field_3_item_data, CardCode):
                    field_3_item = field_3_item_data.value
                else:
                    field_3_item = field_3_item_data
                field_3.append(field_3_item)

        field_4: list[str] | Unset = UNSET
        if not isinstance(self.field_4, Unset):
            field_4 = []
            for field_4_item_data in self.field_4:
                field_4_item: str
                if isinstance(field_4_item_data, CardCode):
                    field_4_item = field_4_item_data.value
                else:
                    field_4_item = field_4_item_data
                field_4.append(field_4_item)

        field_5: list[str] | Unset = UNSET
        if not isinstance(self.field_5, Unset):
            field_5 = []
            for field_5_item_data in self.field_5:
                field_5_item: str
                if isinstance(field_5_item_data, CardCode):
                    field_5_item = field_5_item_data.value
                else:
                    field_5_item = field_5_item_data
                field_5.append(field_5_item)

        field_6: list[str] | Unset = UNSET
        if not isinstance(self.field_6, Unset):
            field_6 = []
            for field_6_item_data in self.field_6:
                field_6_item: str
                if isinstance(field_6_item_data, CardCode):
                    field_6_item = field_6_item_data.value
                else:
                    field_6_item = field_6_item_data
                field_6.append(field_6_item)

        field_7: list[str] | Unset = UNSET
        if not isinstance(self.field_7, Unset):
            field_7 = []
            for field_7_item_data in self.field_7:
                field_7_item: str
                if isinstance(field_7_item_data, CardCode):
                    field_7_item = field_7_item_data.value
                else:
                    field_7_item = field_7_item_data
                field_7.append(field_7_item)

        field_8: list[str] | Unset = UNSET
        if not isinstance(self.field_8, Unset):
            field_8 = []
            for field_8_item_data in self.field_8:
                field_8_item: str
                if isinstance(field_8_item_data, CardCode):
                    field_8_item = field_8_item_data.value
                else:
                    field_8_item = field_8_item_data
                field_8.append(field_8_item)

        field_9: list[str] | Unset = UNSET
        if not isinstance(self.field_9, Unset):
            field_9 = []
            for field_9_item_data in self.field_9:
                field_9_item: str
                if isinstance(field_9_item_data, CardCode):
                    field_9_item = field_9_item_data.value
                else:
                    field_9_item = field_9_item_data
                field_9.append(field_9_item)

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
        _field_0 = d.pop("0", UNSET)
        field_0: list[CardCode | str] | Unset = UNSET
        if _field_0 is not UNSET:
            field_0 = []
            for field_0_item_data in _field_0:

                def _parse_field_0_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                field_0_item = _parse_field_0_item(field_0_item_data)

                field_0.append(field_0_item)

        _field_1 = d.pop("1", UNSET)
        field_1: list[CardCode | str] | Unset = UNSET
        if _field_1 is not UNSET:
            field_1 = []
            for field_1_item_data in _field_1:

                def _parse_field_1_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                field_1_item = _parse_field_1_item(field_1_item_data)

                field_1.append(field_1_item)

        _field_2 = d.pop("2", UNSET)
        field_2: list[CardCode | str] | Unset = UNSET
        if _field_2 is not UNSET:
            field_2 = []
            for field_2_item_data in _field_2:

                def _parse_field_2_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                field_2_item = _parse_field_2_item(field_2_item_data)

                field_2.append(field_2_item)

        _field_3 = d.pop("3", UNSET)
        field_3: list[CardCode | str] | Unset = UNSET
        if _field_3 is not UNSET:
            field_3 = []
            for field_3_item_data in _field_3:

                def _parse_field_3_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                field_3_item = _parse_field_3_item(field_3_item_data)

                field_3.append(field_3_item)

        _field_4 = d.pop("4", UNSET)
        field_4: list[CardCode | str] | Unset = UNSET
        if _field_4 is not UNSET:
            field_4 = []
            for field_4_item_data in _field_4:

                def _parse_field_4_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                field_4_item = _parse_field_4_item(field_4_item_data)

                field_4.append(field_4_item)

        _field_5 = d.pop("5", UNSET)
        field_5: list[CardCode | str] | Unset = UNSET
        if _field_5 is not UNSET:
            field_5 = []
            for field_5_item_data in _field_5:

                def _parse_field_5_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                field_5_item = _parse_field_5_item(field_5_item_data)

                field_5.append(field_5_item)

        _field_6 = d.pop("6", UNSET)
        field_6: list[CardCode | str] | Unset = UNSET
        if _field_6 is not UNSET:
            field_6 = []
            for field_6_item_data in _field_6:

                def _parse_field_6_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                field_6_item = _parse_field_6_item(field_6_item_data)

                field_6.append(field_6_item)

        _field_7 = d.pop("7", UNSET)
        field_7: list[CardCode | str] | Unset = UNSET
        if _field_7 is not UNSET:
            field_7 = []
            for field_7_item_data in _field_7:

                def _parse_field_7_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                field_7_item = _parse_field_7_item(field_7_item_data)

                field_7.append(field_7_item)

        _field_8 = d.pop("8", UNSET)
        field_8: list[CardCode | str] | Unset = UNSET
        if _field_8 is not UNSET:
            field_8 = []
            for field_8_item_data in _field_8:

                def _parse_field_8_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                field_8_item = _parse_field_8_item(field_8_item_data)

                field_8.append(field_8_item)

        _field_9 = d.pop("9", UNSET)
        field_9: list[CardCode | str] | Unset = UNSET
        if _field_9 is not UNSET:
            field_9 = []
            for field_9_item_data in _field_9:

                def _parse_field_9_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                field_9_item = _parse_field_9_item(field_9_item_data)

                field_9.append(field_9_item)

        position_input_hands = cls(
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

        return position_input_hands
