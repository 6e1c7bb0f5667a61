from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules_input_request_options import RulesInputRequestOptions


T = TypeVar("T", bound="RulesInputRequest")


@_attrs_define
class RulesInputRequest:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            preset (PresetEnum | Unset): * `classic` - classic
                * `modern-swap` - modern-swap
                * `modern-shuffle` - modern-shuffle
                * `house` - house
                * `ozby` - ozby Default: PresetEnum.CLASSIC.
            options (RulesInputRequestOptions | Unset): Rule options overriding the preset; an unknown option or a value out
                of range is a 400 naming it. The game's view shows every option in force.
    """

    preset: PresetEnum | Unset = PresetEnum.CLASSIC
    options: RulesInputRequestOptions | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if preset is not UNSET:
            field_dict["preset"] = preset
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules_input_request_options import RulesInputRequestOptions  # noqa: PLC0415

        d = dict(src_dict)
        _preset = d.pop("preset", UNSET)
        preset: PresetEnum | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = PresetEnum(_preset)

        _options = d.pop("options", UNSET)
        options: RulesInputRequestOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = RulesInputRequestOptions.from_dict(_options)

        rules_input_request = cls(
            preset=preset,
            options=options,
        )

        rules_input_request.additional_properties = d
        return rules_input_request

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
