from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.card_code import CardCode
from ..models.color_enum import ColorEnum
from ..models.direction_enum import DirectionEnum
from ..models.side_enum import SideEnum
from ..models.unplaced_enum import UnplacedEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.position_input_hands import PositionInputHands
    from ..models.position_input_scores import PositionInputScores


T = TypeVar("T", bound="PositionInput")


@_attrs_define
class PositionInput:
    """A request body: a member the operation does not take is a 400 `unknown_field`
    whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
    so a typo never passes for a default.

        Attributes:
            hands (PositionInputHands): Each seat's hand, keyed by seat: {"0": ["red-5", …], "1": […]}.
            discard (list[CardCode | str]): Top first.
            to_act (int):
            draw (list[CardCode | str] | Unset): Top first.
            color (ColorEnum | None | Unset):
            direction (DirectionEnum | Unset): * `clockwise` - clockwise
                * `counterclockwise` - counterclockwise Default: DirectionEnum.CLOCKWISE.
            dealer (int | Unset):  Default: 0.
            scores (PositionInputScores | Unset):
            eliminated (list[int] | Unset):
            unplaced (UnplacedEnum | Unset): * `draw_bottom` - draw_bottom
                * `out_of_play` - out_of_play Default: UnplacedEnum.DRAW_BOTTOM.
            side (SideEnum | Unset): * `light` - light
                * `dark` - dark Default: SideEnum.LIGHT.
    """

    hands: PositionInputHands
    discard: list[CardCode | str]
    to_act: int
    draw: list[CardCode | str] | Unset = UNSET
    color: ColorEnum | None | Unset = UNSET
    direction: DirectionEnum | Unset = DirectionEnum.CLOCKWISE
    dealer: int | Unset = 0
    scores: PositionInputScores | Unset = UNSET
    eliminated: list[int] | Unset = UNSET
    unplaced: UnplacedEnum | Unset = UnplacedEnum.DRAW_BOTTOM
    side: SideEnum | Unset = SideEnum.LIGHT

    def to_dict(self) -> dict[str, Any]:
        hands = self.hands.to_dict()

        discard = []
        for discard_item_data in self.discard:
            discard_item: str
            if isinstance(discard_item_data, CardCode):
                discard_item = discard_item_data.value
            else:
                discard_item = discard_item_data
            discard.append(discard_item)

        to_act = self.to_act

        draw: list[str] | Unset = UNSET
        if not isinstance(self.draw, Unset):
            draw = []
            for draw_item_data in self.draw:
                draw_item: str
                if isinstance(draw_item_data, CardCode):
                    draw_item = draw_item_data.value
                else:
                    draw_item = draw_item_data
                draw.append(draw_item)

        color: None | str | Unset
        if isinstance(self.color, Unset):
            color = UNSET
        elif isinstance(self.color, ColorEnum):
            color = self.color.value
        else:
            color = self.color

        direction: str | Unset = UNSET
        if not isinstance(self.direction, Unset):
            direction = self.direction.value

        dealer = self.dealer

        scores: dict[str, Any] | Unset = UNSET
        if not isinstance(self.scores, Unset):
            scores = self.scores.to_dict()

        eliminated: list[int] | Unset = UNSET
        if not isinstance(self.eliminated, Unset):
            eliminated = self.eliminated

        unplaced: str | Unset = UNSET
        if not isinstance(self.unplaced, Unset):
            unplaced = self.unplaced.value

        side: str | Unset = UNSET
        if not isinstance(self.side, Unset):
            side = self.side.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hands": hands,
                "discard": discard,
                "to_act": to_act,
            }
        )
        if draw is not UNSET:
            field_dict["draw"] = draw
        if color is not UNSET:
            field_dict["color"] = color
        if direction is not UNSET:
            field_dict["direction"] = direction
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if scores is not UNSET:
            field_dict["scores"] = scores
        if eliminated is not UNSET:
            field_dict["eliminated"] = eliminated
        if unplaced is not UNSET:
            field_dict["unplaced"] = unplaced
        if side is not UNSET:
            field_dict["side"] = side

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.position_input_hands import PositionInputHands  # noqa: PLC0415
        from ..models.position_input_scores import PositionInputScores  # noqa: PLC0415

        d = dict(src_dict)
        hands = PositionInputHands.from_dict(d.pop("hands"))

        discard = []
        _discard = d.pop("discard")
        for discard_item_data in _discard:

            def _parse_discard_item(data: object) -> CardCode | str:
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    componentsschemas_card_type_0 = CardCode(data)

                    return componentsschemas_card_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(CardCode | str, data)

            discard_item = _parse_discard_item(discard_item_data)

            discard.append(discard_item)

        to_act = d.pop("to_act")

        _draw = d.pop("draw", UNSET)
        draw: list[CardCode | str] | Unset = UNSET
        if _draw is not UNSET:
            draw = []
            for draw_item_data in _draw:

                def _parse_draw_item(data: object) -> CardCode | str:
                    try:
                        if not isinstance(data, str):
                            raise TypeError()
                        componentsschemas_card_type_0 = CardCode(data)

                        return componentsschemas_card_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(CardCode | str, data)

                draw_item = _parse_draw_item(draw_item_data)

                draw.append(draw_item)

        def _parse_color(data: object) -> ColorEnum | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                color_type_0 = ColorEnum(data)

                return color_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ColorEnum | None | Unset, data)

        color = _parse_color(d.pop("color", UNSET))

        _direction = d.pop("direction", UNSET)
        direction: DirectionEnum | Unset
        if isinstance(_direction, Unset):
            direction = UNSET
        else:
            direction = DirectionEnum(_direction)

        dealer = d.pop("dealer", UNSET)

        _scores = d.pop("scores", UNSET)
        scores: PositionInputScores | Unset
        if isinstance(_scores, Unset):
            scores = UNSET
        else:
            scores = PositionInputScores.from_dict(_scores)

        eliminated = cast(list[int], d.pop("eliminated", UNSET))

        _unplaced = d.pop("unplaced", UNSET)
        unplaced: UnplacedEnum | Unset
        if isinstance(_unplaced, Unset):
            unplaced = UNSET
        else:
            unplaced = UnplacedEnum(_unplaced)

        _side = d.pop("side", UNSET)
        side: SideEnum | Unset
        if isinstance(_side, Unset):
            side = UNSET
        else:
            side = SideEnum(_side)

        position_input = cls(
            hands=hands,
            discard=discard,
            to_act=to_act,
            draw=draw,
            color=color,
            direction=direction,
            dealer=dealer,
            scores=scores,
            eliminated=eliminated,
            unplaced=unplaced,
            side=side,
        )

        return position_input
