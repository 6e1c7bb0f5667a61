from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GameLinksOutput")


@_attrs_define
class GameLinksOutput:
    """
    Attributes:
        view (str):
        replay (str):
        export (str):
        seal (str):
    """

    view: str
    replay: str
    export: str
    seal: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        view = self.view

        replay = self.replay

        export = self.export

        seal = self.seal

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "view": view,
                "replay": replay,
                "export": export,
                "seal": seal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        view = d.pop("view")

        replay = d.pop("replay")

        export = d.pop("export")

        seal = d.pop("seal")

        game_links_output = cls(
            view=view,
            replay=replay,
            export=export,
            seal=seal,
        )

        game_links_output.additional_properties = d
        return game_links_output

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
