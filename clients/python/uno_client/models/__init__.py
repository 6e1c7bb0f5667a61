"""Contains all the data models used in inputs/outputs"""

from .abort_input import AbortInput
from .accept_action import AcceptAction
from .accept_action_type_enum import AcceptActionTypeEnum
from .action_result import ActionResult
from .alg_enum import AlgEnum
from .audit_check import AuditCheck
from .audit_result import AuditResult
from .board_enum import BoardEnum
from .bot_input import BotInput
from .call_uno_action import CallUnoAction
from .call_uno_action_type_enum import CallUnoActionTypeEnum
from .card_code import CardCode
from .card_played_event import CardPlayedEvent
from .card_played_event_private_type_0 import CardPlayedEventPrivateType0
from .card_played_event_type import CardPlayedEventType
from .card_played_public import CardPlayedPublic
from .card_played_public_color_type_1 import CardPlayedPublicColorType1
from .card_played_public_color_type_2_type_1 import CardPlayedPublicColorType2Type1
from .card_played_public_color_type_3_type_1 import CardPlayedPublicColorType3Type1
from .cards_buried_event import CardsBuriedEvent
from .cards_buried_event_type import CardsBuriedEventType
from .cards_buried_private import CardsBuriedPrivate
from .cards_buried_public import CardsBuriedPublic
from .cards_buried_public_reason import CardsBuriedPublicReason
from .cards_dealt_event import CardsDealtEvent
from .cards_dealt_event_type import CardsDealtEventType
from .cards_dealt_private import CardsDealtPrivate
from .cards_dealt_public import CardsDealtPublic
from .cards_drawn_event import CardsDrawnEvent
from .cards_drawn_event_type import CardsDrawnEventType
from .cards_drawn_private import CardsDrawnPrivate
from .cards_drawn_public import CardsDrawnPublic
from .cards_drawn_public_reason import CardsDrawnPublicReason
from .cards_flipped_event import CardsFlippedEvent
from .cards_flipped_event_private_type_0 import CardsFlippedEventPrivateType0
from .cards_flipped_event_type import CardsFlippedEventType
from .cards_flipped_public import CardsFlippedPublic
from .cards_flipped_public_side import CardsFlippedPublicSide
from .catch_failed_event import CatchFailedEvent
from .catch_failed_event_private_type_0 import CatchFailedEventPrivateType0
from .catch_failed_event_type import CatchFailedEventType
from .catch_failed_public import CatchFailedPublic
from .catch_uno_action import CatchUnoAction
from .catch_uno_action_type_enum import CatchUnoActionTypeEnum
from .challenge_action import ChallengeAction
from .challenge_action_type_enum import ChallengeActionTypeEnum
from .choose_color_action import ChooseColorAction
from .choose_color_action_type_enum import ChooseColorActionTypeEnum
from .choose_target_action import ChooseTargetAction
from .choose_target_action_type_enum import ChooseTargetActionTypeEnum
from .color_chosen_event import ColorChosenEvent
from .color_chosen_event_private_type_0 import ColorChosenEventPrivateType0
from .color_chosen_event_type import ColorChosenEventType
from .color_chosen_public import ColorChosenPublic
from .color_chosen_public_color import ColorChosenPublicColor
from .color_enum import ColorEnum
from .deck_shuffled_event import DeckShuffledEvent
from .deck_shuffled_event_type import DeckShuffledEventType
from .deck_shuffled_private import DeckShuffledPrivate
from .deck_shuffled_public import DeckShuffledPublic
from .deck_shuffled_public_reason import DeckShuffledPublicReason
from .direction_enum import DirectionEnum
from .direction_reversed_event import DirectionReversedEvent
from .direction_reversed_event_private_type_0 import DirectionReversedEventPrivateType0
from .direction_reversed_event_type import DirectionReversedEventType
from .direction_reversed_public import DirectionReversedPublic
from .draw_4_challenged_event import Draw4ChallengedEvent
from .draw_4_challenged_event_type import Draw4ChallengedEventType
from .draw_4_challenged_private import Draw4ChallengedPrivate
from .draw_4_challenged_public import Draw4ChallengedPublic
from .draw_action import DrawAction
from .draw_action_type_enum import DrawActionTypeEnum
from .end_frame import EndFrame
from .end_frame_kind_enum import EndFrameKindEnum
from .event_deadline import EventDeadline
from .event_deadline_kind import EventDeadlineKind
from .event_feed import EventFeed
from .event_frame import EventFrame
from .event_frame_kind_enum import EventFrameKindEnum
from .event_owed_choice import EventOwedChoice
from .event_owed_choice_origin import EventOwedChoiceOrigin
from .event_pending_draw import EventPendingDraw
from .event_shuffle_record import EventShuffleRecord
from .event_shuffle_record_reason import EventShuffleRecordReason
from .event_timers import EventTimers
from .first_card_returned_event import FirstCardReturnedEvent
from .first_card_returned_event_private_type_0 import FirstCardReturnedEventPrivateType0
from .first_card_returned_event_type import FirstCardReturnedEventType
from .first_card_returned_public import FirstCardReturnedPublic
from .first_card_turned_event import FirstCardTurnedEvent
from .first_card_turned_event_private_type_0 import FirstCardTurnedEventPrivateType0
from .first_card_turned_event_type import FirstCardTurnedEventType
from .first_card_turned_public import FirstCardTurnedPublic
from .game_aborted_event import GameAbortedEvent
from .game_aborted_event_private_type_0 import GameAbortedEventPrivateType0
from .game_aborted_event_type import GameAbortedEventType
from .game_aborted_public import GameAbortedPublic
from .game_create_input import GameCreateInput
from .game_created_event import GameCreatedEvent
from .game_created_event_private_type_0 import GameCreatedEventPrivateType0
from .game_created_event_type import GameCreatedEventType
from .game_created_public import GameCreatedPublic
from .game_created_public_staff_setup_item import GameCreatedPublicStaffSetupItem
from .game_created_public_visibility import GameCreatedPublicVisibility
from .game_ended import GameEnded
from .game_ended_frame import GameEndedFrame
from .game_ended_frame_kind_enum import GameEndedFrameKindEnum
from .game_links_output import GameLinksOutput
from .game_replay import GameReplay
from .game_started import GameStarted
from .game_started_event import GameStartedEvent
from .game_started_event_private_type_0 import GameStartedEventPrivateType0
from .game_started_event_type import GameStartedEventType
from .game_started_frame import GameStartedFrame
from .game_started_frame_kind_enum import GameStartedFrameKindEnum
from .game_started_public import GameStartedPublic
from .game_started_public_on_abandon import GameStartedPublicOnAbandon
from .game_started_public_timeout_action import GameStartedPublicTimeoutAction
from .game_stream_event import GameStreamEvent
from .game_stream_event_event_enum import GameStreamEventEventEnum
from .game_summary import GameSummary
from .game_summary_page import GameSummaryPage
from .game_view import GameView
from .game_view_phase_enum import GameViewPhaseEnum
from .games_abort_problem import GamesAbortProblem
from .games_abort_problem_code import GamesAbortProblemCode
from .games_act_problem import GamesActProblem
from .games_act_problem_code import GamesActProblemCode
from .games_audit_problem import GamesAuditProblem
from .games_audit_problem_code import GamesAuditProblemCode
from .games_create_problem import GamesCreateProblem
from .games_create_problem_code import GamesCreateProblemCode
from .games_events_problem import GamesEventsProblem
from .games_events_problem_code import GamesEventsProblemCode
from .games_export_problem import GamesExportProblem
from .games_export_problem_code import GamesExportProblemCode
from .games_join_problem import GamesJoinProblem
from .games_join_problem_code import GamesJoinProblemCode
from .games_leave_problem import GamesLeaveProblem
from .games_leave_problem_code import GamesLeaveProblemCode
from .games_legal_actions_problem import GamesLegalActionsProblem
from .games_legal_actions_problem_code import GamesLegalActionsProblemCode
from .games_list_preset import GamesListPreset
from .games_list_problem import GamesListProblem
from .games_list_problem_code import GamesListProblemCode
from .games_list_status import GamesListStatus
from .games_list_visibility import GamesListVisibility
from .games_quick_match_problem import GamesQuickMatchProblem
from .games_quick_match_problem_code import GamesQuickMatchProblemCode
from .games_rematch_problem import GamesRematchProblem
from .games_rematch_problem_code import GamesRematchProblemCode
from .games_replay_problem import GamesReplayProblem
from .games_replay_problem_code import GamesReplayProblemCode
from .games_retrieve_problem import GamesRetrieveProblem
from .games_retrieve_problem_code import GamesRetrieveProblemCode
from .games_seal_problem import GamesSealProblem
from .games_seal_problem_code import GamesSealProblemCode
from .games_start_problem import GamesStartProblem
from .games_start_problem_code import GamesStartProblemCode
from .games_stream_problem import GamesStreamProblem
from .games_stream_problem_code import GamesStreamProblemCode
from .games_stream_views import GamesStreamViews
from .hand_replaced_event import HandReplacedEvent
from .hand_replaced_event_type import HandReplacedEventType
from .hand_replaced_private import HandReplacedPrivate
from .hand_replaced_public import HandReplacedPublic
from .health import Health
from .join_input import JoinInput
from .keep_action import KeepAction
from .keep_action_type_enum import KeepActionTypeEnum
from .keys_list_problem import KeysListProblem
from .keys_list_problem_code import KeysListProblemCode
from .leaderboard_entry_output import LeaderboardEntryOutput
from .leaderboard_page import LeaderboardPage
from .leaderboards_retrieve_preset import LeaderboardsRetrievePreset
from .leaderboards_retrieve_problem import LeaderboardsRetrieveProblem
from .leaderboards_retrieve_problem_code import LeaderboardsRetrieveProblemCode
from .legal_actions import LegalActions
from .match_ended_event import MatchEndedEvent
from .match_ended_event_private_type_0 import MatchEndedEventPrivateType0
from .match_ended_event_type import MatchEndedEventType
from .match_ended_public import MatchEndedPublic
from .metrics_problem import MetricsProblem
from .metrics_problem_code import MetricsProblemCode
from .nothing_drawn_event import NothingDrawnEvent
from .nothing_drawn_event_private_type_0 import NothingDrawnEventPrivateType0
from .nothing_drawn_event_type import NothingDrawnEventType
from .nothing_drawn_public import NothingDrawnPublic
from .on_abandon_enum import OnAbandonEnum
from .pass_action import PassAction
from .pass_action_type_enum import PassActionTypeEnum
from .patched_profile_input import PatchedProfileInput
from .play_action import PlayAction
from .play_action_type_enum import PlayActionTypeEnum
from .player_game_output import PlayerGameOutput
from .player_game_page import PlayerGamePage
from .player_output import PlayerOutput
from .player_record_output import PlayerRecordOutput
from .player_ref import PlayerRef
from .player_ref_output import PlayerRefOutput
from .player_snapshot import PlayerSnapshot
from .player_stats_output import PlayerStatsOutput
from .player_stats_output_by_preset import PlayerStatsOutputByPreset
from .player_stream_event import PlayerStreamEvent
from .player_stream_event_event_enum import PlayerStreamEventEventEnum
from .players_games_list_problem import PlayersGamesListProblem
from .players_games_list_problem_code import PlayersGamesListProblemCode
from .players_me_problem import PlayersMeProblem
from .players_me_problem_code import PlayersMeProblemCode
from .players_me_stream_problem import PlayersMeStreamProblem
from .players_me_stream_problem_code import PlayersMeStreamProblemCode
from .players_me_update_problem import PlayersMeUpdateProblem
from .players_me_update_problem_code import PlayersMeUpdateProblemCode
from .players_ratings_list_problem import PlayersRatingsListProblem
from .players_ratings_list_problem_code import PlayersRatingsListProblemCode
from .players_register_problem import PlayersRegisterProblem
from .players_register_problem_code import PlayersRegisterProblemCode
from .players_retrieve_problem import PlayersRetrieveProblem
from .players_retrieve_problem_code import PlayersRetrieveProblemCode
from .players_tokens_create_problem import PlayersTokensCreateProblem
from .players_tokens_create_problem_code import PlayersTokensCreateProblemCode
from .players_tokens_list_problem import PlayersTokensListProblem
from .players_tokens_list_problem_code import PlayersTokensListProblemCode
from .players_tokens_retrieve_problem import PlayersTokensRetrieveProblem
from .players_tokens_retrieve_problem_code import PlayersTokensRetrieveProblemCode
from .players_tokens_revoke_problem import PlayersTokensRevokeProblem
from .players_tokens_revoke_problem_code import PlayersTokensRevokeProblemCode
from .position_input import PositionInput
from .position_input_hands import PositionInputHands
from .position_input_scores import PositionInputScores
from .position_loaded_event import PositionLoadedEvent
from .position_loaded_event_type import PositionLoadedEventType
from .position_loaded_private import PositionLoadedPrivate
from .position_loaded_public import PositionLoadedPublic
from .position_loaded_public_color_type_1 import PositionLoadedPublicColorType1
from .position_loaded_public_color_type_2_type_1 import PositionLoadedPublicColorType2Type1
from .position_loaded_public_color_type_3_type_1 import PositionLoadedPublicColorType3Type1
from .position_loaded_public_side import PositionLoadedPublicSide
from .preset_enum import PresetEnum
from .problem import Problem
from .problem_code import ProblemCode
from .problem_errors import ProblemErrors
from .quick_match_input import QuickMatchInput
from .rating_change_output import RatingChangeOutput
from .rating_change_page import RatingChangePage
from .register_input import RegisterInput
from .register_output import RegisterOutput
from .rematch import Rematch
from .rematch_frame import RematchFrame
from .rematch_frame_kind_enum import RematchFrameKindEnum
from .result_output import ResultOutput
from .round_ended_event import RoundEndedEvent
from .round_ended_event_type import RoundEndedEventType
from .round_ended_private import RoundEndedPrivate
from .round_ended_public import RoundEndedPublic
from .round_ended_public_hands import RoundEndedPublicHands
from .round_ended_public_points import RoundEndedPublicPoints
from .round_started_event import RoundStartedEvent
from .round_started_event_private_type_0 import RoundStartedEventPrivateType0
from .round_started_event_type import RoundStartedEventType
from .round_started_public import RoundStartedPublic
from .rule_options import RuleOptions
from .rule_options_cards import RuleOptionsCards
from .rule_options_custom_wild_effect import RuleOptionsCustomWildEffect
from .rule_options_scoring import RuleOptionsScoring
from .rule_options_shuffle_hands_last_card import RuleOptionsShuffleHandsLastCard
from .rule_options_stacking import RuleOptionsStacking
from .rule_options_uno_penalty import RuleOptionsUnoPenalty
from .rule_options_wd_4_enforcement import RuleOptionsWd4Enforcement
from .rule_options_wd_4_legal_when import RuleOptionsWd4LegalWhen
from .rule_options_wild_first_card import RuleOptionsWildFirstCard
from .rules import Rules
from .rules_input import RulesInput
from .rules_preset import RulesPreset
from .seal_view import SealView
from .seat_change import SeatChange
from .seat_left_event import SeatLeftEvent
from .seat_left_event_private_type_0 import SeatLeftEventPrivateType0
from .seat_left_event_type import SeatLeftEventType
from .seat_left_frame import SeatLeftFrame
from .seat_left_frame_kind_enum import SeatLeftFrameKindEnum
from .seat_left_public import SeatLeftPublic
from .seat_skipped_event import SeatSkippedEvent
from .seat_skipped_event_private_type_0 import SeatSkippedEventPrivateType0
from .seat_skipped_event_type import SeatSkippedEventType
from .seat_skipped_public import SeatSkippedPublic
from .seat_status_changed_event import SeatStatusChangedEvent
from .seat_status_changed_event_private_type_0 import SeatStatusChangedEventPrivateType0
from .seat_status_changed_event_type import SeatStatusChangedEventType
from .seat_status_changed_public import SeatStatusChangedPublic
from .seat_status_changed_public_status import SeatStatusChangedPublicStatus
from .seat_taken_event import SeatTakenEvent
from .seat_taken_event_private_type_0 import SeatTakenEventPrivateType0
from .seat_taken_event_type import SeatTakenEventType
from .seat_taken_frame import SeatTakenFrame
from .seat_taken_frame_kind_enum import SeatTakenFrameKindEnum
from .seat_taken_public import SeatTakenPublic
from .seat_view import SeatView
from .shuffles_revealed_event import ShufflesRevealedEvent
from .shuffles_revealed_event_type import ShufflesRevealedEventType
from .shuffles_revealed_private import ShufflesRevealedPrivate
from .shuffles_revealed_public import ShufflesRevealedPublic
from .side_enum import SideEnum
from .signing_key_view import SigningKeyView
from .signing_keys import SigningKeys
from .snapshot_frame import SnapshotFrame
from .snapshot_frame_kind_enum import SnapshotFrameKindEnum
from .state_enum import StateEnum
from .stats_output import StatsOutput
from .status_enum import StatusEnum
from .strategy_enum import StrategyEnum
from .stream_end import StreamEnd
from .stream_ticket_output import StreamTicketOutput
from .stream_tickets_create_problem import StreamTicketsCreateProblem
from .stream_tickets_create_problem_code import StreamTicketsCreateProblemCode
from .timed_out_event import TimedOutEvent
from .timed_out_event_private_type_0 import TimedOutEventPrivateType0
from .timed_out_event_type import TimedOutEventType
from .timed_out_public import TimedOutPublic
from .timeout_action_enum import TimeoutActionEnum
from .timeouts_reset_event import TimeoutsResetEvent
from .timeouts_reset_event_private_type_0 import TimeoutsResetEventPrivateType0
from .timeouts_reset_event_type import TimeoutsResetEventType
from .timeouts_reset_public import TimeoutsResetPublic
from .timers import Timers
from .timers_input import TimersInput
from .timers_on_abandon import TimersOnAbandon
from .timers_timeout_action import TimersTimeoutAction
from .token_create_input import TokenCreateInput
from .token_create_output import TokenCreateOutput
from .token_output import TokenOutput
from .token_page import TokenPage
from .turn_changed_event import TurnChangedEvent
from .turn_changed_event_type import TurnChangedEventType
from .turn_changed_private import TurnChangedPrivate
from .turn_changed_public import TurnChangedPublic
from .turn_changed_public_phase import TurnChangedPublicPhase
from .turn_passed_event import TurnPassedEvent
from .turn_passed_event_private_type_0 import TurnPassedEventPrivateType0
from .turn_passed_event_type import TurnPassedEventType
from .turn_passed_public import TurnPassedPublic
from .uno_called_event import UnoCalledEvent
from .uno_called_event_private_type_0 import UnoCalledEventPrivateType0
from .uno_called_event_type import UnoCalledEventType
from .uno_called_public import UnoCalledPublic
from .uno_caught_event import UnoCaughtEvent
from .uno_caught_event_private_type_0 import UnoCaughtEventPrivateType0
from .uno_caught_event_type import UnoCaughtEventType
from .uno_caught_public import UnoCaughtPublic
from .uno_penalty_applied_event import UnoPenaltyAppliedEvent
from .uno_penalty_applied_event_private_type_0 import UnoPenaltyAppliedEventPrivateType0
from .uno_penalty_applied_event_type import UnoPenaltyAppliedEventType
from .uno_penalty_applied_public import UnoPenaltyAppliedPublic
from .uno_window_closed_event import UnoWindowClosedEvent
from .uno_window_closed_event_private_type_0 import UnoWindowClosedEventPrivateType0
from .uno_window_closed_event_type import UnoWindowClosedEventType
from .uno_window_closed_public import UnoWindowClosedPublic
from .uno_window_closed_public_reason import UnoWindowClosedPublicReason
from .uno_window_opened_event import UnoWindowOpenedEvent
from .uno_window_opened_event_private_type_0 import UnoWindowOpenedEventPrivateType0
from .uno_window_opened_event_type import UnoWindowOpenedEventType
from .uno_window_opened_public import UnoWindowOpenedPublic
from .uno_window_view import UnoWindowView
from .unplaced_enum import UnplacedEnum
from .view_frame import ViewFrame
from .view_frame_kind_enum import ViewFrameKindEnum
from .visibility_enum import VisibilityEnum
from .you_view import YouView
from .your_turn import YourTurn
from .your_turn_frame import YourTurnFrame
from .your_turn_frame_kind_enum import YourTurnFrameKindEnum
from .your_turn_phase_enum import YourTurnPhaseEnum

__all__ = (
    "AbortInput",
    "AcceptAction",
    "AcceptActionTypeEnum",
    "ActionResult",
    "AlgEnum",
    "AuditCheck",
    "AuditResult",
    "BoardEnum",
    "BotInput",
    "CallUnoAction",
    "CallUnoActionTypeEnum",
    "CardCode",
    "CardPlayedEvent",
    "CardPlayedEventPrivateType0",
    "CardPlayedEventType",
    "CardPlayedPublic",
    "CardPlayedPublicColorType1",
    "CardPlayedPublicColorType2Type1",
    "CardPlayedPublicColorType3Type1",
    "CardsBuriedEvent",
    "CardsBuriedEventType",
    "CardsBuriedPrivate",
    "CardsBuriedPublic",
    "CardsBuriedPublicReason",
    "CardsDealtEvent",
    "CardsDealtEventType",
    "CardsDealtPrivate",
    "CardsDealtPublic",
    "CardsDrawnEvent",
    "CardsDrawnEventType",
    "CardsDrawnPrivate",
    "CardsDrawnPublic",
    "CardsDrawnPublicReason",
    "CardsFlippedEvent",
    "CardsFlippedEventPrivateType0",
    "CardsFlippedEventType",
    "CardsFlippedPublic",
    "CardsFlippedPublicSide",
    "CatchFailedEvent",
    "CatchFailedEventPrivateType0",
    "CatchFailedEventType",
    "CatchFailedPublic",
    "CatchUnoAction",
    "CatchUnoActionTypeEnum",
    "ChallengeAction",
    "ChallengeActionTypeEnum",
    "ChooseColorAction",
    "ChooseColorActionTypeEnum",
    "ChooseTargetAction",
    "ChooseTargetActionTypeEnum",
    "ColorChosenEvent",
    "ColorChosenEventPrivateType0",
    "ColorChosenEventType",
    "ColorChosenPublic",
    "ColorChosenPublicColor",
    "ColorEnum",
    "DeckShuffledEvent",
    "DeckShuffledEventType",
    "DeckShuffledPrivate",
    "DeckShuffledPublic",
    "DeckShuffledPublicReason",
    "DirectionEnum",
    "DirectionReversedEvent",
    "DirectionReversedEventPrivateType0",
    "DirectionReversedEventType",
    "DirectionReversedPublic",
    "Draw4ChallengedEvent",
    "Draw4ChallengedEventType",
    "Draw4ChallengedPrivate",
    "Draw4ChallengedPublic",
    "DrawAction",
    "DrawActionTypeEnum",
    "EndFrame",
    "EndFrameKindEnum",
    "EventDeadline",
    "EventDeadlineKind",
    "EventFeed",
    "EventFrame",
    "EventFrameKindEnum",
    "EventOwedChoice",
    "EventOwedChoiceOrigin",
    "EventPendingDraw",
    "EventShuffleRecord",
    "EventShuffleRecordReason",
    "EventTimers",
    "FirstCardReturnedEvent",
    "FirstCardReturnedEventPrivateType0",
    "FirstCardReturnedEventType",
    "FirstCardReturnedPublic",
    "FirstCardTurnedEvent",
    "FirstCardTurnedEventPrivateType0",
    "FirstCardTurnedEventType",
    "FirstCardTurnedPublic",
    "GameAbortedEvent",
    "GameAbortedEventPrivateType0",
    "GameAbortedEventType",
    "GameAbortedPublic",
    "GameCreatedEvent",
    "GameCreatedEventPrivateType0",
    "GameCreatedEventType",
    "GameCreatedPublic",
    "GameCreatedPublicStaffSetupItem",
    "GameCreatedPublicVisibility",
    "GameCreateInput",
    "GameEnded",
    "GameEndedFrame",
    "GameEndedFrameKindEnum",
    "GameLinksOutput",
    "GameReplay",
    "GamesAbortProblem",
    "GamesAbortProblemCode",
    "GamesActProblem",
    "GamesActProblemCode",
    "GamesAuditProblem",
    "GamesAuditProblemCode",
    "GamesCreateProblem",
    "GamesCreateProblemCode",
    "GamesEventsProblem",
    "GamesEventsProblemCode",
    "GamesExportProblem",
    "GamesExportProblemCode",
    "GamesJoinProblem",
    "GamesJoinProblemCode",
    "GamesLeaveProblem",
    "GamesLeaveProblemCode",
    "GamesLegalActionsProblem",
    "GamesLegalActionsProblemCode",
    "GamesListPreset",
    "GamesListProblem",
    "GamesListProblemCode",
    "GamesListStatus",
    "GamesListVisibility",
    "GamesQuickMatchProblem",
    "GamesQuickMatchProblemCode",
    "GamesRematchProblem",
    "GamesRematchProblemCode",
    "GamesReplayProblem",
    "GamesReplayProblemCode",
    "GamesRetrieveProblem",
    "GamesRetrieveProblemCode",
    "GamesSealProblem",
    "GamesSealProblemCode",
    "GamesStartProblem",
    "GamesStartProblemCode",
    "GamesStreamProblem",
    "GamesStreamProblemCode",
    "GamesStreamViews",
    "GameStarted",
    "GameStartedEvent",
    "GameStartedEventPrivateType0",
    "GameStartedEventType",
    "GameStartedFrame",
    "GameStartedFrameKindEnum",
    "GameStartedPublic",
    "GameStartedPublicOnAbandon",
    "GameStartedPublicTimeoutAction",
    "GameStreamEvent",
    "GameStreamEventEventEnum",
    "GameSummary",
    "GameSummaryPage",
    "GameView",
    "GameViewPhaseEnum",
    "HandReplacedEvent",
    "HandReplacedEventType",
    "HandReplacedPrivate",
    "HandReplacedPublic",
    "Health",
    "JoinInput",
    "KeepAction",
    "KeepActionTypeEnum",
    "KeysListProblem",
    "KeysListProblemCode",
    "LeaderboardEntryOutput",
    "LeaderboardPage",
    "LeaderboardsRetrievePreset",
    "LeaderboardsRetrieveProblem",
    "LeaderboardsRetrieveProblemCode",
    "LegalActions",
    "MatchEndedEvent",
    "MatchEndedEventPrivateType0",
    "MatchEndedEventType",
    "MatchEndedPublic",
    "MetricsProblem",
    "MetricsProblemCode",
    "NothingDrawnEvent",
    "NothingDrawnEventPrivateType0",
    "NothingDrawnEventType",
    "NothingDrawnPublic",
    "OnAbandonEnum",
    "PassAction",
    "PassActionTypeEnum",
    "PatchedProfileInput",
    "PlayAction",
    "PlayActionTypeEnum",
    "PlayerGameOutput",
    "PlayerGamePage",
    "PlayerOutput",
    "PlayerRecordOutput",
    "PlayerRef",
    "PlayerRefOutput",
    "PlayersGamesListProblem",
    "PlayersGamesListProblemCode",
    "PlayersMeProblem",
    "PlayersMeProblemCode",
    "PlayersMeStreamProblem",
    "PlayersMeStreamProblemCode",
    "PlayersMeUpdateProblem",
    "PlayersMeUpdateProblemCode",
    "PlayerSnapshot",
    "PlayersRatingsListProblem",
    "PlayersRatingsListProblemCode",
    "PlayersRegisterProblem",
    "PlayersRegisterProblemCode",
    "PlayersRetrieveProblem",
    "PlayersRetrieveProblemCode",
    "PlayerStatsOutput",
    "PlayerStatsOutputByPreset",
    "PlayersTokensCreateProblem",
    "PlayersTokensCreateProblemCode",
    "PlayersTokensListProblem",
    "PlayersTokensListProblemCode",
    "PlayersTokensRetrieveProblem",
    "PlayersTokensRetrieveProblemCode",
    "PlayersTokensRevokeProblem",
    "PlayersTokensRevokeProblemCode",
    "PlayerStreamEvent",
    "PlayerStreamEventEventEnum",
    "PositionInput",
    "PositionInputHands",
    "PositionInputScores",
    "PositionLoadedEvent",
    "PositionLoadedEventType",
    "PositionLoadedPrivate",
    "PositionLoadedPublic",
    "PositionLoadedPublicColorType1",
    "PositionLoadedPublicColorType2Type1",
    "PositionLoadedPublicColorType3Type1",
    "PositionLoadedPublicSide",
    "PresetEnum",
    "Problem",
    "ProblemCode",
    "ProblemErrors",
    "QuickMatchInput",
    "RatingChangeOutput",
    "RatingChangePage",
    "RegisterInput",
    "RegisterOutput",
    "Rematch",
    "RematchFrame",
    "RematchFrameKindEnum",
    "ResultOutput",
    "RoundEndedEvent",
    "RoundEndedEventType",
    "RoundEndedPrivate",
    "RoundEndedPublic",
    "RoundEndedPublicHands",
    "RoundEndedPublicPoints",
    "RoundStartedEvent",
    "RoundStartedEventPrivateType0",
    "RoundStartedEventType",
    "RoundStartedPublic",
    "RuleOptions",
    "RuleOptionsCards",
    "RuleOptionsCustomWildEffect",
    "RuleOptionsScoring",
    "RuleOptionsShuffleHandsLastCard",
    "RuleOptionsStacking",
    "RuleOptionsUnoPenalty",
    "RuleOptionsWd4Enforcement",
    "RuleOptionsWd4LegalWhen",
    "RuleOptionsWildFirstCard",
    "Rules",
    "RulesInput",
    "RulesPreset",
    "SealView",
    "SeatChange",
    "SeatLeftEvent",
    "SeatLeftEventPrivateType0",
    "SeatLeftEventType",
    "SeatLeftFrame",
    "SeatLeftFrameKindEnum",
    "SeatLeftPublic",
    "SeatSkippedEvent",
    "SeatSkippedEventPrivateType0",
    "SeatSkippedEventType",
    "SeatSkippedPublic",
    "SeatStatusChangedEvent",
    "SeatStatusChangedEventPrivateType0",
    "SeatStatusChangedEventType",
    "SeatStatusChangedPublic",
    "SeatStatusChangedPublicStatus",
    "SeatTakenEvent",
    "SeatTakenEventPrivateType0",
    "SeatTakenEventType",
    "SeatTakenFrame",
    "SeatTakenFrameKindEnum",
    "SeatTakenPublic",
    "SeatView",
    "ShufflesRevealedEvent",
    "ShufflesRevealedEventType",
    "ShufflesRevealedPrivate",
    "ShufflesRevealedPublic",
    "SideEnum",
    "SigningKeys",
    "SigningKeyView",
    "SnapshotFrame",
    "SnapshotFrameKindEnum",
    "StateEnum",
    "StatsOutput",
    "StatusEnum",
    "StrategyEnum",
    "StreamEnd",
    "StreamTicketOutput",
    "StreamTicketsCreateProblem",
    "StreamTicketsCreateProblemCode",
    "TimedOutEvent",
    "TimedOutEventPrivateType0",
    "TimedOutEventType",
    "TimedOutPublic",
    "TimeoutActionEnum",
    "TimeoutsResetEvent",
    "TimeoutsResetEventPrivateType0",
    "TimeoutsResetEventType",
    "TimeoutsResetPublic",
    "Timers",
    "TimersInput",
    "TimersOnAbandon",
    "TimersTimeoutAction",
    "TokenCreateInput",
    "TokenCreateOutput",
    "TokenOutput",
    "TokenPage",
    "TurnChangedEvent",
    "TurnChangedEventType",
    "TurnChangedPrivate",
    "TurnChangedPublic",
    "TurnChangedPublicPhase",
    "TurnPassedEvent",
    "TurnPassedEventPrivateType0",
    "TurnPassedEventType",
    "TurnPassedPublic",
    "UnoCalledEvent",
    "UnoCalledEventPrivateType0",
    "UnoCalledEventType",
    "UnoCalledPublic",
    "UnoCaughtEvent",
    "UnoCaughtEventPrivateType0",
    "UnoCaughtEventType",
    "UnoCaughtPublic",
    "UnoPenaltyAppliedEvent",
    "UnoPenaltyAppliedEventPrivateType0",
    "UnoPenaltyAppliedEventType",
    "UnoPenaltyAppliedPublic",
    "UnoWindowClosedEvent",
    "UnoWindowClosedEventPrivateType0",
    "UnoWindowClosedEventType",
    "UnoWindowClosedPublic",
    "UnoWindowClosedPublicReason",
    "UnoWindowOpenedEvent",
    "UnoWindowOpenedEventPrivateType0",
    "UnoWindowOpenedEventType",
    "UnoWindowOpenedPublic",
    "UnoWindowView",
    "UnplacedEnum",
    "ViewFrame",
    "ViewFrameKindEnum",
    "VisibilityEnum",
    "YourTurn",
    "YourTurnFrame",
    "YourTurnFrameKindEnum",
    "YourTurnPhaseEnum",
    "YouView",
)
