from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MatchEndedPublic")


@_attrs_define
class MatchEndedPublic:
    """
    Attributes:
        winner (int | list[int] | None):
        ranking (list[int]):
        scores (list[int]):
        reason (str):
    """

    winner: int | list[int] | None
    ranking: list[int]
    scores: list[int]
    reason: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        winner: int | list[int] | None
        if isinstance(self.winner, list):
            winner = self.winner

        else:
            winner = self.winner

        ranking = self.ranking

        scores = self.scores

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "winner": winner,
                "ranking": ranking,
                "scores": scores,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_winner(data: object) -> int | list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                componentsschemas_winner_type_1 = cast(list[int], data)

                return componentsschemas_winner_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | list[int] | None, data)

        winner = _parse_winner(d.pop("winner"))

        ranking = cast(list[int], d.pop("ranking"))

        scores = cast(list[int], d.pop("scores"))

        reason = d.pop("reason")

        match_ended_public = cls(
            winner=winner,
            ranking=ranking,
            scores=scores,
            reason=reason,
        )

        match_ended_public.additional_properties = d
        return match_ended_public

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
