from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.games_quick_match_problem_code import GamesQuickMatchProblemCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_errors import ProblemErrors


T = TypeVar("T", bound="GamesQuickMatchProblem")


@_attrs_define
class GamesQuickMatchProblem:
    """
    Attributes:
        type_ (str): A URI naming the kind of problem.
        title (str): The HTTP status phrase.
        status (int): The HTTP status code.
        detail (str): What went wrong, for humans.
        code (GamesQuickMatchProblemCode): A stable machine-readable code, e.g. not_found.
        instance (str | Unset): The request's path.
        errors (ProblemErrors | Unset): For invalid_request: the messages for each field.
        version (int | Unset): The game's current version, where a game is involved.
        field (str | Unset): For unknown_field: the member's path, e.g. rules.presets.
        option (str | Unset): For unknown_option and invalid_option (and a staff set-up's unknown_card): the option,
            timer or field named, e.g. hand_size.
        next_game_id (UUID | Unset): For a rematch that cannot seat the caller: the next game.
    """

    type_: str
    title: str
    status: int
    detail: str
    code: GamesQuickMatchProblemCode
    instance: str | Unset = UNSET
    errors: ProblemErrors | Unset = UNSET
    version: int | Unset = UNSET
    field: str | Unset = UNSET
    option: str | Unset = UNSET
    next_game_id: UUID | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code = self.code.value

        instance = self.instance

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        version = self.version

        field = self.field

        option = self.option

        next_game_id: str | Unset = UNSET
        if not isinstance(self.next_game_id, Unset):
            next_game_id = str(self.next_game_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
            }
        )
        if instance is not UNSET:
            field_dict["instance"] = instance
        if errors is not UNSET:
            field_dict["errors"] = errors
        if version is not UNSET:
            field_dict["version"] = version
        if field is not UNSET:
            field_dict["field"] = field
        if option is not UNSET:
            field_dict["option"] = option
        if next_game_id is not UNSET:
            field_dict["next_game_id"] = next_game_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_errors import ProblemErrors  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        code = GamesQuickMatchProblemCode(d.pop("code"))

        instance = d.pop("instance", UNSET)

        _errors = d.pop("errors", UNSET)
        errors: ProblemErrors | Unset
        if isinstance(_errors, Unset):
            errors = UNSET
        else:
            errors = ProblemErrors.from_dict(_errors)

        version = d.pop("version", UNSET)

        field = d.pop("field", UNSET)

        option = d.pop("option", UNSET)

        _next_game_id = d.pop("next_game_id", UNSET)
        next_game_id: UUID | Unset
        if isinstance(_next_game_id, Unset):
            next_game_id = UNSET
        else:
            next_game_id = UUID(_next_game_id)

        games_quick_match_problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            instance=instance,
            errors=errors,
            version=version,
            field=field,
            option=option,
            next_game_id=next_game_id,
        )

        games_quick_match_problem.additional_properties = d
        return games_quick_match_problem

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
