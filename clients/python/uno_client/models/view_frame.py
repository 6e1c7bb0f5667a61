from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.view_frame_kind_enum import ViewFrameKindEnum

if TYPE_CHECKING:
    from ..models.game_view import GameView


T = TypeVar("T", bound="ViewFrame")


@_attrs_define
class ViewFrame:
    """Your view of the game, as GET /games/{id} answers it.

    Attributes:
        data (GameView): A game as its viewer sees it. `rules` and `timers` travel once: in GET /games/{id}
            (and a replay) and a stream connection's first view; every view has `rules_id`.
        kind (ViewFrameKindEnum): * `view` - view
        id (int): The view's version (resume after it).
    """

    data: GameView
    kind: ViewFrameKindEnum
    id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        kind = self.kind.value

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "kind": kind,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_view import GameView  # noqa: PLC0415

        d = dict(src_dict)
        data = GameView.from_dict(d.pop("data"))

        kind = ViewFrameKindEnum(d.pop("kind"))

        id = d.pop("id")

        view_frame = cls(
            data=data,
            kind=kind,
            id=id,
        )

        view_frame.additional_properties = d
        return view_frame

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
