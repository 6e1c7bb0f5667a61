from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.rules_preset import RulesPreset

if TYPE_CHECKING:
    from ..models.rule_options import RuleOptions


T = TypeVar("T", bound="Rules")


@_attrs_define
class Rules:
    """
    Attributes:
        preset (RulesPreset): The preset the options start from: `classic` (the defaults), `modern-swap` (cards=modern-
            swap), `modern-shuffle` (cards=modern-shuffle), `flip` (cards=flip), `house` (stacking=same, seven_o=True,
            jump_in=True), `ozby` (wild_first_card=redraw, force_play=True, wd4_legal_when=no_other_playable,
            challenge_guilty_draw=2, skip_plays_again=True, draw_returns_to_player=True, stacking=draw2, jump_in=True,
            seven_o=True, scoring=target_loses).
        options (RuleOptions): Rule options. In a request each one overrides the preset (an unknown option or a value
            out of range is a 400 naming it); a game shows every option in force.
    """

    preset: RulesPreset
    options: RuleOptions
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        preset = self.preset.value

        options = self.options.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "preset": preset,
                "options": options,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_options import RuleOptions  # noqa: PLC0415

        d = dict(src_dict)
        preset = RulesPreset(d.pop("preset"))

        options = RuleOptions.from_dict(d.pop("options"))

        rules = cls(
            preset=preset,
            options=options,
        )

        rules.additional_properties = d
        return rules

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
