from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.strategy_enum import StrategyEnum

T = TypeVar("T", bound="BotInput")


@_attrs_define
class BotInput:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            strategy (StrategyEnum): * `random` - random
                * `greedy` - greedy
                * `expert` - expert
    """

    strategy: StrategyEnum

    def to_dict(self) -> dict[str, Any]:
        strategy = self.strategy.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "strategy": strategy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        strategy = StrategyEnum(d.pop("strategy"))

        bot_input = cls(
            strategy=strategy,
        )

        return bot_input
