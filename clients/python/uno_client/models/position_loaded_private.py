from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.card_code import CardCode
from ..types import UNSET, Unset

T = TypeVar("T", bound="PositionLoadedPrivate")


@_attrs_define
class PositionLoadedPrivate:
    """
    Attributes:
        held (list[CardCode | str] | Unset):
        draw (list[CardCode | str] | Unset):
        out_of_play (list[CardCode | str] | Unset):
        nonce (str | Unset): 32 hex characters that keep the digest from being reversed (games created since hash scheme
            2).
    """

    held: list[CardCode | str] | Unset = UNSET
    draw: list[CardCode | str] | Unset = UNSET
    out_of_play: list[CardCode | str] | Unset = UNSET
    nonce: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        held: list[str] | Unset = UNSET
        if not isinstance(self.held, Unset):
            held = []
            for held_item_data in self.held:
                held_item: str
                if isinstance(held_item_data, CardCode):
                    held_item = held_item_data.value
                else:
                    held_item = held_item_data
                held.append(held_item)

        draw: list[str] | Unset = UNSET
        if not isinstance(self.draw, Unset):
            draw = []
            for draw_item_data in self.draw:
                draw_item: str
                if isinstance(draw_item_data, CardCode):
                    draw_item = draw_item_data.value
                else:
                    draw_item = draw_item_data
                draw.append(draw_item)

        out_of_play: list[str] | Unset = UNSET
        if not isinstance(self.out_of_play, Unset):
            out_of_play = []
            for out_of_play_item_data in self.out_of_play:
                out_of_play_item: str
                if isinstance(out_of_play_item_data, CardCode):
                    out_of_play_item = out_of_play_item_data.value
                else:
                    out_of_play_item = out_of_play_item_data
                out_of_play.append(out_of_play_item)

        nonce = self.nonce

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if held is not UNSET:
            field_dict["held"] = held
        if draw is not UNSET:
            field_dict["draw"] = draw
        if out_of_play is not UNSET:
            field_dict["out_of_play"] = out_of_play
        if nonce is not UNSET:
            field_dict["nonce"] = nonce

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _held = d.pop("held", UNSET)
        held: list[CardCode | str] | Unset = UNSET
        if _held is not UNSET:
            held = []
            for held_item_data in _held:

                def _parse_held_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                held_item = _parse_held_item(held_item_data)

                held.append(held_item)

        _draw = d.pop("draw", UNSET)
        draw: list[CardCode | str] | Unset = UNSET
        if _draw is not UNSET:
            draw = []
            for draw_item_data in _draw:

                def _parse_draw_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                draw_item = _parse_draw_item(draw_item_data)

                draw.append(draw_item)

        _out_of_play = d.pop("out_of_play", UNSET)
        out_of_play: list[CardCode | str] | Unset = UNSET
        if _out_of_play is not UNSET:
            out_of_play = []
            for out_of_play_item_data in _out_of_play:

                def _parse_out_of_play_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                out_of_play_item = _parse_out_of_play_item(out_of_play_item_data)

                out_of_play.append(out_of_play_item)

        nonce = d.pop("nonce", UNSET)

        position_loaded_private = cls(
            held=held,
            draw=draw,
            out_of_play=out_of_play,
            nonce=nonce,
        )

        position_loaded_private.additional_properties = d
        return position_loaded_private

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
