from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.accept_action import AcceptAction
    from ..models.call_uno_action import CallUnoAction
    from ..models.catch_uno_action import CatchUnoAction
    from ..models.challenge_action import ChallengeAction
    from ..models.choose_color_action import ChooseColorAction
    from ..models.choose_target_action import ChooseTargetAction
    from ..models.draw_action import DrawAction
    from ..models.keep_action import KeepAction
    from ..models.pass_action import PassAction
    from ..models.play_action import PlayAction


T = TypeVar("T", bound="LegalActions")


@_attrs_define
class LegalActions:
    """
    Attributes:
        actions (list[AcceptAction | CallUnoAction | CatchUnoAction | ChallengeAction | ChooseColorAction |
            ChooseTargetAction | DrawAction | KeepAction | PassAction | PlayAction]): Ready-to-send bodies for POST
            /actions.
    """

    actions: list[
        AcceptAction
        | CallUnoAction
        | CatchUnoAction
        | ChallengeAction
        | ChooseColorAction
        | ChooseTargetAction
        | DrawAction
        | KeepAction
        | PassAction
        | PlayAction
    ]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.call_uno_action import CallUnoAction  # noqa: PLC0415
        from ..models.catch_uno_action import CatchUnoAction  # noqa: PLC0415
        from ..models.challenge_action import ChallengeAction  # noqa: PLC0415
        from ..models.choose_color_action import ChooseColorAction  # noqa: PLC0415
        from ..models.choose_target_action import ChooseTargetAction  # noqa: PLC0415
        from ..models.draw_action import DrawAction  # noqa: PLC0415
        from ..models.keep_action import KeepAction  # noqa: PLC0415
        from ..models.pass_action import PassAction  # noqa: PLC0415
        from ..models.play_action import PlayAction  # noqa: PLC0415

        actions = []
        for actions_item_data in self.actions:
            actions_item: dict[str, Any]
            if isinstance(actions_item_data, PlayAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, DrawAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, PassAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, KeepAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, ChooseColorAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, ChooseTargetAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, CallUnoAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, CatchUnoAction):
                actions_item = actions_item_data.to_dict()
            elif isinstance(actions_item_data, ChallengeAction):
                actions_item = actions_item_data.to_dict()
            else:
                actions_item = actions_item_data.to_dict()

            actions.append(actions_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "actions": actions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.accept_action import AcceptAction  # noqa: PLC0415
        from ..models.call_uno_action import CallUnoAction  # noqa: PLC0415
        from ..models.catch_uno_action import CatchUnoAction  # noqa: PLC0415
        from ..models.challenge_action import ChallengeAction  # noqa: PLC0415
        from ..models.choose_color_action import ChooseColorAction  # noqa: PLC0415
        from ..models.choose_target_action import ChooseTargetAction  # noqa: PLC0415
        from ..models.draw_action import DrawAction  # noqa: PLC0415
        from ..models.keep_action import KeepAction  # noqa: PLC0415
        from ..models.pass_action import PassAction  # noqa: PLC0415
        from ..models.play_action import PlayAction  # noqa: PLC0415

        d = dict(src_dict)
        actions = []
        _actions = d.pop("actions")
        for actions_item_data in _actions:

            def _parse_actions_item(
                data: object,
            ) -> (
                AcceptAction
                | CallUnoAction
                | CatchUnoAction
                | ChallengeAction
                | ChooseColorAction
                | ChooseTargetAction
                | DrawAction
                | KeepAction
                | PassAction
                | PlayAction
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_0 = PlayAction.from_dict(data)

                    return componentsschemas_action_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_1 = DrawAction.from_dict(data)

                    return componentsschemas_action_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_2 = PassAction.from_dict(data)

                    return componentsschemas_action_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_3 = KeepAction.from_dict(data)

                    return componentsschemas_action_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_4 = ChooseColorAction.from_dict(data)

                    return componentsschemas_action_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_5 = ChooseTargetAction.from_dict(data)

                    return componentsschemas_action_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_6 = CallUnoAction.from_dict(data)

                    return componentsschemas_action_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_7 = CatchUnoAction.from_dict(data)

                    return componentsschemas_action_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_action_type_8 = ChallengeAction.from_dict(data)

                    return componentsschemas_action_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_action_type_9 = AcceptAction.from_dict(data)

                return componentsschemas_action_type_9

            actions_item = _parse_actions_item(actions_item_data)

            actions.append(actions_item)

        legal_actions = cls(
            actions=actions,
        )

        legal_actions.additional_properties = d
        return legal_actions

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
