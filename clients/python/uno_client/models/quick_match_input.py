from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules_input import RulesInput
    from ..models.timers_input import TimersInput


T = TypeVar("T", bound="QuickMatchInput")


@_attrs_define
class QuickMatchInput:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            seats (int):
            rules (RulesInput | Unset): A request body: a member the operation does not take is a 400 `unknown_field`
                whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
                so a typo never passes for a default.
            timers (TimersInput | Unset): A request body: a member the operation does not take is a 400 `unknown_field`
                whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
                so a typo never passes for a default.
    """

    seats: int
    rules: RulesInput | Unset = UNSET
    timers: TimersInput | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seats = self.seats

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        timers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.timers, Unset):
            timers = self.timers.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seats": seats,
            }
        )
        if rules is not UNSET:
            field_dict["rules"] = rules
        if timers is not UNSET:
            field_dict["timers"] = timers

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules_input import RulesInput  # noqa: PLC0415
        from ..models.timers_input import TimersInput  # noqa: PLC0415

        d = dict(src_dict)
        seats = d.pop("seats")

        _rules = d.pop("rules", UNSET)
        rules: RulesInput | Unset
        if isinstance(_rules, Unset):
            rules = UNSET
        else:
            rules = RulesInput.from_dict(_rules)

        _timers = d.pop("timers", UNSET)
        timers: TimersInput | Unset
        if isinstance(_timers, Unset):
            timers = UNSET
        else:
            timers = TimersInput.from_dict(_timers)

        quick_match_input = cls(
            seats=seats,
            rules=rules,
            timers=timers,
        )

        return quick_match_input
