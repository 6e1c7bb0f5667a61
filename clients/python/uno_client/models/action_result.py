from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.card_played_event import CardPlayedEvent
    from ..models.cards_buried_event import CardsBuriedEvent
    from ..models.cards_dealt_event import CardsDealtEvent
    from ..models.cards_drawn_event import CardsDrawnEvent
    from ..models.cards_flipped_event import CardsFlippedEvent
    from ..models.catch_failed_event import CatchFailedEvent
    from ..models.color_chosen_event import ColorChosenEvent
    from ..models.deck_shuffled_event import DeckShuffledEvent
    from ..models.direction_reversed_event import DirectionReversedEvent
    from ..models.draw_4_challenged_event import Draw4ChallengedEvent
    from ..models.first_card_returned_event import FirstCardReturnedEvent
    from ..models.first_card_turned_event import FirstCardTurnedEvent
    from ..models.game_aborted_event import GameAbortedEvent
    from ..models.game_created_event import GameCreatedEvent
    from ..models.game_started_event import GameStartedEvent
    from ..models.game_view import GameView
    from ..models.hand_replaced_event import HandReplacedEvent
    from ..models.match_ended_event import MatchEndedEvent
    from ..models.nothing_drawn_event import NothingDrawnEvent
    from ..models.position_loaded_event import PositionLoadedEvent
    from ..models.round_ended_event import RoundEndedEvent
    from ..models.round_started_event import RoundStartedEvent
    from ..models.seat_left_event import SeatLeftEvent
    from ..models.seat_skipped_event import SeatSkippedEvent
    from ..models.seat_status_changed_event import SeatStatusChangedEvent
    from ..models.seat_taken_event import SeatTakenEvent
    from ..models.shuffles_revealed_event import ShufflesRevealedEvent
    from ..models.timed_out_event import TimedOutEvent
    from ..models.timeouts_reset_event import TimeoutsResetEvent
    from ..models.turn_changed_event import TurnChangedEvent
    from ..models.turn_passed_event import TurnPassedEvent
    from ..models.uno_called_event import UnoCalledEvent
    from ..models.uno_caught_event import UnoCaughtEvent
    from ..models.uno_penalty_applied_event import UnoPenaltyAppliedEvent
    from ..models.uno_window_closed_event import UnoWindowClosedEvent
    from ..models.uno_window_opened_event import UnoWindowOpenedEvent


T = TypeVar("T", bound="ActionResult")


@_attrs_define
class ActionResult:
    """The answer's `ETag` is its view's, as GET /games/{id} would send it.

    Attributes:
        version (int):
        events (list[CardPlayedEvent | CardsBuriedEvent | CardsDealtEvent | CardsDrawnEvent | CardsFlippedEvent |
            CatchFailedEvent | ColorChosenEvent | DeckShuffledEvent | DirectionReversedEvent | Draw4ChallengedEvent |
            FirstCardReturnedEvent | FirstCardTurnedEvent | GameAbortedEvent | GameCreatedEvent | GameStartedEvent |
            HandReplacedEvent | MatchEndedEvent | NothingDrawnEvent | PositionLoadedEvent | RoundEndedEvent |
            RoundStartedEvent | SeatLeftEvent | SeatSkippedEvent | SeatStatusChangedEvent | SeatTakenEvent |
            ShufflesRevealedEvent | TimedOutEvent | TimeoutsResetEvent | TurnChangedEvent | TurnPassedEvent | UnoCalledEvent
            | UnoCaughtEvent | UnoPenaltyAppliedEvent | UnoWindowClosedEvent | UnoWindowOpenedEvent]):
        game (GameView): A game as its viewer sees it. `rules` and `timers` travel once: in GET /games/{id}
            (and a replay) and a stream connection's first view; every view has `rules_id`.
    """

    version: int
    events: list[
        CardPlayedEvent
        | CardsBuriedEvent
        | CardsDealtEvent
        | CardsDrawnEvent
        | CardsFlippedEvent
        | CatchFailedEvent
        | ColorChosenEvent
        | DeckShuffledEvent
        | DirectionReversedEvent
        | Draw4ChallengedEvent
        | FirstCardReturnedEvent
        | FirstCardTurnedEvent
        | GameAbortedEvent
        | GameCreatedEvent
        | GameStartedEvent
        | HandReplacedEvent
        | MatchEndedEvent
        | NothingDrawnEvent
        | PositionLoadedEvent
        | RoundEndedEvent
        | RoundStartedEvent
        | SeatLeftEvent
        | SeatSkippedEvent
        | SeatStatusChangedEvent
        | SeatTakenEvent
        | ShufflesRevealedEvent
        | TimedOutEvent
        | TimeoutsResetEvent
        | TurnChangedEvent
        | TurnPassedEvent
        | UnoCalledEvent
        | UnoCaughtEvent
        | UnoPenaltyAppliedEvent
        | UnoWindowClosedEvent
        | UnoWindowOpenedEvent
    ]
    game: GameView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.card_played_event import CardPlayedEvent  # noqa: PLC0415
        from ..models.cards_buried_event import CardsBuriedEvent  # noqa: PLC0415
        from ..models.cards_dealt_event import CardsDealtEvent  # noqa: PLC0415
        from ..models.cards_drawn_event import CardsDrawnEvent  # noqa: PLC0415
        from ..models.cards_flipped_event import CardsFlippedEvent  # noqa: PLC0415
        from ..models.catch_failed_event import CatchFailedEvent  # noqa: PLC0415
        from ..models.color_chosen_event import ColorChosenEvent  # noqa: PLC0415
        from ..models.deck_shuffled_event import DeckShuffledEvent  # noqa: PLC0415
        from ..models.direction_reversed_event import DirectionReversedEvent  # noqa: PLC0415
        from ..models.draw_4_challenged_event import Draw4ChallengedEvent  # noqa: PLC0415
        from ..models.first_card_returned_event import FirstCardReturnedEvent  # noqa: PLC0415
        from ..models.first_card_turned_event import FirstCardTurnedEvent  # noqa: PLC0415
        from ..models.game_aborted_event import GameAbortedEvent  # noqa: PLC0415
        from ..models.game_created_event import GameCreatedEvent  # noqa: PLC0415
        from ..models.game_started_event import GameStartedEvent  # noqa: PLC0415
        from ..models.hand_replaced_event import HandReplacedEvent  # noqa: PLC0415
        from ..models.match_ended_event import MatchEndedEvent  # noqa: PLC0415
        from ..models.nothing_drawn_event import NothingDrawnEvent  # noqa: PLC0415
        from ..models.position_loaded_event import PositionLoadedEvent  # noqa: PLC0415
        from ..models.round_ended_event import RoundEndedEvent  # noqa: PLC0415
        from ..models.round_started_event import RoundStartedEvent  # noqa: PLC0415
        from ..models.seat_left_event import SeatLeftEvent  # noqa: PLC0415
        from ..models.seat_skipped_event import SeatSkippedEvent  # noqa: PLC0415
        from ..models.seat_status_changed_event import SeatStatusChangedEvent  # noqa: PLC0415
        from ..models.seat_taken_event import SeatTakenEvent  # noqa: PLC0415
        from ..models.shuffles_revealed_event import ShufflesRevealedEvent  # noqa: PLC0415
        from ..models.timed_out_event import TimedOutEvent  # noqa: PLC0415
        from ..models.timeouts_reset_event import TimeoutsResetEvent  # noqa: PLC0415
        from ..models.turn_changed_event import TurnChangedEvent  # noqa: PLC0415
        from ..models.turn_passed_event import TurnPassedEvent  # noqa: PLC0415
        from ..models.uno_called_event import UnoCalledEvent  # noqa: PLC0415
        from ..models.uno_caught_event import UnoCaughtEvent  # noqa: PLC0415
        from ..models.uno_penalty_applied_event import UnoPenaltyAppliedEvent  # noqa: PLC0415
        from ..models.uno_window_closed_event import UnoWindowClosedEvent  # noqa: PLC0415

        version = self.version

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, CardPlayedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsBuriedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsDealtEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsDrawnEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsFlippedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CatchFailedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ColorChosenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DeckShuffledEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DirectionReversedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, Draw4ChallengedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FirstCardReturnedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FirstCardTurnedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameAbortedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameCreatedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HandReplacedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, MatchEndedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, NothingDrawnEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PositionLoadedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RoundEndedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RoundStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatLeftEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatSkippedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatStatusChangedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatTakenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ShufflesRevealedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TimedOutEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TimeoutsResetEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TurnChangedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TurnPassedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, UnoCalledEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, UnoCaughtEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, UnoPenaltyAppliedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, UnoWindowClosedEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "events": events,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_played_event import CardPlayedEvent  # noqa: PLC0415
        from ..models.cards_buried_event import CardsBuriedEvent  # noqa: PLC0415
        from ..models.cards_dealt_event import CardsDealtEvent  # noqa: PLC0415
        from ..models.cards_drawn_event import CardsDrawnEvent  # noqa: PLC0415
        from ..models.cards_flipped_event import CardsFlippedEvent  # noqa: PLC0415
        from ..models.catch_failed_event import CatchFailedEvent  # noqa: PLC0415
        from ..models.color_chosen_event import ColorChosenEvent  # noqa: PLC0415
        from ..models.deck_shuffled_event import DeckShuffledEvent  # noqa: PLC0415
        from ..models.direction_reversed_event import DirectionReversedEvent  # noqa: PLC0415
        from ..models.draw_4_challenged_event import Draw4ChallengedEvent  # noqa: PLC0415
        from ..models.first_card_returned_event import FirstCardReturnedEvent  # noqa: PLC0415
        from ..models.first_card_turned_event import FirstCardTurnedEvent  # noqa: PLC0415
        from ..models.game_aborted_event import GameAbortedEvent  # noqa: PLC0415
        from ..models.game_created_event import GameCreatedEvent  # noqa: PLC0415
        from ..models.game_started_event import GameStartedEvent  # noqa: PLC0415
        from ..models.game_view import GameView  # noqa: PLC0415
        from ..models.hand_replaced_event import HandReplacedEvent  # noqa: PLC0415
        from ..models.match_ended_event import MatchEndedEvent  # noqa: PLC0415
        from ..models.nothing_drawn_event import NothingDrawnEvent  # noqa: PLC0415
        from ..models.position_loaded_event import PositionLoadedEvent  # noqa: PLC0415
        from ..models.round_ended_event import RoundEndedEvent  # noqa: PLC0415
        from ..models.round_started_event import RoundStartedEvent  # noqa: PLC0415
        from ..models.seat_left_event import SeatLeftEvent  # noqa: PLC0415
        from ..models.seat_skipped_event import SeatSkippedEvent  # noqa: PLC0415
        from ..models.seat_status_changed_event import SeatStatusChangedEvent  # noqa: PLC0415
        from ..models.seat_taken_event import SeatTakenEvent  # noqa: PLC0415
        from ..models.shuffles_revealed_event import ShufflesRevealedEvent  # noqa: PLC0415
        from ..models.timed_out_event import TimedOutEvent  # noqa: PLC0415
        from ..models.timeouts_reset_event import TimeoutsResetEvent  # noqa: PLC0415
        from ..models.turn_changed_event import TurnChangedEvent  # noqa: PLC0415
        from ..models.turn_passed_event import TurnPassedEvent  # noqa: PLC0415
        from ..models.uno_called_event import UnoCalledEvent  # noqa: PLC0415
        from ..models.uno_caught_event import UnoCaughtEvent  # noqa: PLC0415
        from ..models.uno_penalty_applied_event import UnoPenaltyAppliedEvent  # noqa: PLC0415
        from ..models.uno_window_closed_event import UnoWindowClosedEvent  # noqa: PLC0415
        from ..models.uno_window_opened_event import UnoWindowOpenedEvent  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                CardPlayedEvent
                | CardsBuriedEvent
                | CardsDealtEvent
                | CardsDrawnEvent
                | CardsFlippedEvent
                | CatchFailedEvent
                | ColorChosenEvent
                | DeckShuffledEvent
                | DirectionReversedEvent
                | Draw4ChallengedEvent
                | FirstCardReturnedEvent
                | FirstCardTurnedEvent
                | GameAbortedEvent
                | GameCreatedEvent
                | GameStartedEvent
                | HandReplacedEvent
                | MatchEndedEvent
                | NothingDrawnEvent
                | PositionLoadedEvent
                | RoundEndedEvent
                | RoundStartedEvent
                | SeatLeftEvent
                | SeatSkippedEvent
                | SeatStatusChangedEvent
                | SeatTakenEvent
                | ShufflesRevealedEvent
                | TimedOutEvent
                | TimeoutsResetEvent
                | TurnChangedEvent
                | TurnPassedEvent
                | UnoCalledEvent
                | UnoCaughtEvent
                | UnoPenaltyAppliedEvent
                | UnoWindowClosedEvent
                | UnoWindowOpenedEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_0 = CardPlayedEvent.from_dict(data)

                    return componentsschemas_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_1 = CardsBuriedEvent.from_dict(data)

                    return componentsschemas_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_2 = CardsDealtEvent.from_dict(data)

                    return componentsschemas_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_3 = CardsDrawnEvent.from_dict(data)

                    return componentsschemas_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_4 = CardsFlippedEvent.from_dict(data)

                    return componentsschemas_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_5 = CatchFailedEvent.from_dict(data)

                    return componentsschemas_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_6 = ColorChosenEvent.from_dict(data)

                    return componentsschemas_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_7 = DeckShuffledEvent.from_dict(data)

                    return componentsschemas_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_8 = DirectionReversedEvent.from_dict(data)

                    return componentsschemas_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_9 = Draw4ChallengedEvent.from_dict(data)

                    return componentsschemas_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_10 = FirstCardReturnedEvent.from_dict(data)

                    return componentsschemas_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_11 = FirstCardTurnedEvent.from_dict(data)

                    return componentsschemas_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_12 = GameAbortedEvent.from_dict(data)

                    return componentsschemas_event_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_13 = GameCreatedEvent.from_dict(data)

                    return componentsschemas_event_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_14 = GameStartedEvent.from_dict(data)

                    return componentsschemas_event_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_15 = HandReplacedEvent.from_dict(data)

                    return componentsschemas_event_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_16 = MatchEndedEvent.from_dict(data)

                    return componentsschemas_event_type_16
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_17 = NothingDrawnEvent.from_dict(data)

                    return componentsschemas_event_type_17
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_18 = PositionLoadedEvent.from_dict(data)

                    return componentsschemas_event_type_18
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_19 = RoundEndedEvent.from_dict(data)

                    return componentsschemas_event_type_19
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_20 = RoundStartedEvent.from_dict(data)

                    return componentsschemas_event_type_20
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_21 = SeatLeftEvent.from_dict(data)

                    return componentsschemas_event_type_21
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_22 = SeatSkippedEvent.from_dict(data)

                    return componentsschemas_event_type_22
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_23 = SeatStatusChangedEvent.from_dict(data)

                    return componentsschemas_event_type_23
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_24 = SeatTakenEvent.from_dict(data)

                    return componentsschemas_event_type_24
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_25 = ShufflesRevealedEvent.from_dict(data)

                    return componentsschemas_event_type_25
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_26 = TimedOutEvent.from_dict(data)

                    return componentsschemas_event_type_26
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_27 = TimeoutsResetEvent.from_dict(data)

                    return componentsschemas_event_type_27
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_28 = TurnChangedEvent.from_dict(data)

                    return componentsschemas_event_type_28
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_29 = TurnPassedEvent.from_dict(data)

                    return componentsschemas_event_type_29
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_30 = UnoCalledEvent.from_dict(data)

                    return componentsschemas_event_type_30
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_31 = UnoCaughtEvent.from_dict(data)

                    return componentsschemas_event_type_31
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_32 = UnoPenaltyAppliedEvent.from_dict(data)

                    return componentsschemas_event_type_32
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_33 = UnoWindowClosedEvent.from_dict(data)

                    return componentsschemas_event_type_33
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_34 = UnoWindowOpenedEvent.from_dict(data)

                return componentsschemas_event_type_34

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        game = GameView.from_dict(d.pop("game"))

        action_result = cls(
            version=version,
            events=events,
            game=game,
        )

        action_result.additional_properties = d
        return action_result

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
