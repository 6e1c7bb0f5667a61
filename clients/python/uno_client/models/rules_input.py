from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rule_options import RuleOptions


T = TypeVar("T", bound="RulesInput")


@_attrs_define
class RulesInput:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            preset (PresetEnum | Unset): * `classic` - classic
                * `modern-swap` - modern-swap
                * `modern-shuffle` - modern-shuffle
                * `flip` - flip
                * `house` - house
                * `ozby` - ozby Default: PresetEnum.CLASSIC.
            options (RuleOptions | Unset): Rule options. In a request each one overrides the preset (an unknown option or a
                value out of range is a 400 naming it); a game shows every option in force.
    """

    preset: PresetEnum | Unset = PresetEnum.CLASSIC
    options: RuleOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if preset is not UNSET:
            field_dict["preset"] = preset
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_options import RuleOptions  # noqa: PLC0415

        d = dict(src_dict)
        _preset = d.pop("preset", UNSET)
        preset: PresetEnum | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = PresetEnum(_preset)

        _options = d.pop("options", UNSET)
        options: RuleOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = RuleOptions.from_dict(_options)

        rules_input = cls(
            preset=preset,
            options=options,
        )

        return rules_input
