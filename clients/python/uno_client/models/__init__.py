"""Contains all the data models used in inputs/outputs"""

from .abort_input_request import AbortInputRequest
from .accept_action import AcceptAction
from .accept_action_request import AcceptActionRequest
from .accept_action_type_enum import AcceptActionTypeEnum
from .action_result import ActionResult
from .alg_enum import AlgEnum
from .audit_check import AuditCheck
from .audit_result import AuditResult
from .bot_input_request import BotInputRequest
from .call_uno_action import CallUnoAction
from .call_uno_action_request import CallUnoActionRequest
from .call_uno_action_type_enum import CallUnoActionTypeEnum
from .card_enum import CardEnum
from .catch_uno_action import CatchUnoAction
from .catch_uno_action_request import CatchUnoActionRequest
from .catch_uno_action_type_enum import CatchUnoActionTypeEnum
from .challenge_action import ChallengeAction
from .challenge_action_request import ChallengeActionRequest
from .challenge_action_type_enum import ChallengeActionTypeEnum
from .choose_color_action import ChooseColorAction
from .choose_color_action_request import ChooseColorActionRequest
from .choose_color_action_type_enum import ChooseColorActionTypeEnum
from .choose_target_action import ChooseTargetAction
from .choose_target_action_request import ChooseTargetActionRequest
from .choose_target_action_type_enum import ChooseTargetActionTypeEnum
from .color_enum import ColorEnum
from .direction_enum import DirectionEnum
from .draw_action import DrawAction
from .draw_action_request import DrawActionRequest
from .draw_action_type_enum import DrawActionTypeEnum
from .end_frame import EndFrame
from .end_frame_kind_enum import EndFrameKindEnum
from .event_feed import EventFeed
from .event_frame import EventFrame
from .event_frame_kind_enum import EventFrameKindEnum
from .event_view import EventView
from .game_create_input_request import GameCreateInputRequest
from .game_ended import GameEnded
from .game_ended_frame import GameEndedFrame
from .game_ended_frame_kind_enum import GameEndedFrameKindEnum
from .game_started import GameStarted
from .game_started_frame import GameStartedFrame
from .game_started_frame_kind_enum import GameStartedFrameKindEnum
from .game_summary import GameSummary
from .game_summary_page import GameSummaryPage
from .game_view import GameView
from .game_view_phase_enum import GameViewPhaseEnum
from .games_list_preset import GamesListPreset
from .games_list_status import GamesListStatus
from .games_list_visibility import GamesListVisibility
from .health import Health
from .join_input_request import JoinInputRequest
from .keep_action import KeepAction
from .keep_action_request import KeepActionRequest
from .keep_action_type_enum import KeepActionTypeEnum
from .legal_actions import LegalActions
from .on_abandon_enum import OnAbandonEnum
from .pass_action import PassAction
from .pass_action_request import PassActionRequest
from .pass_action_type_enum import PassActionTypeEnum
from .patched_profile_input_request import PatchedProfileInputRequest
from .play_action import PlayAction
from .play_action_request import PlayActionRequest
from .play_action_type_enum import PlayActionTypeEnum
from .player_output import PlayerOutput
from .player_ref import PlayerRef
from .player_snapshot import PlayerSnapshot
from .position_input_request import PositionInputRequest
from .position_input_request_hands import PositionInputRequestHands
from .position_input_request_scores import PositionInputRequestScores
from .preset_enum import PresetEnum
from .problem import Problem
from .problem_errors import ProblemErrors
from .register_input_request import RegisterInputRequest
from .register_output import RegisterOutput
from .rematch import Rematch
from .rematch_frame import RematchFrame
from .rematch_frame_kind_enum import RematchFrameKindEnum
from .rules_input_request import RulesInputRequest
from .rules_input_request_options import RulesInputRequestOptions
from .seal_view import SealView
from .seat_change import SeatChange
from .seat_left_frame import SeatLeftFrame
from .seat_left_frame_kind_enum import SeatLeftFrameKindEnum
from .seat_taken_frame import SeatTakenFrame
from .seat_taken_frame_kind_enum import SeatTakenFrameKindEnum
from .seat_view import SeatView
from .signing_key_view import SigningKeyView
from .signing_keys import SigningKeys
from .snapshot_frame import SnapshotFrame
from .snapshot_frame_kind_enum import SnapshotFrameKindEnum
from .state_enum import StateEnum
from .status_enum import StatusEnum
from .strategy_enum import StrategyEnum
from .stream_end import StreamEnd
from .stream_ticket_output import StreamTicketOutput
from .timeout_action_enum import TimeoutActionEnum
from .timers_input_request import TimersInputRequest
from .token_create_input_request import TokenCreateInputRequest
from .token_create_output import TokenCreateOutput
from .token_output import TokenOutput
from .token_page import TokenPage
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
    "AbortInputRequest",
    "AcceptAction",
    "AcceptActionRequest",
    "AcceptActionTypeEnum",
    "ActionResult",
    "AlgEnum",
    "AuditCheck",
    "AuditResult",
    "BotInputRequest",
    "CallUnoAction",
    "CallUnoActionRequest",
    "CallUnoActionTypeEnum",
    "CardEnum",
    "CatchUnoAction",
    "CatchUnoActionRequest",
    "CatchUnoActionTypeEnum",
    "ChallengeAction",
    "ChallengeActionRequest",
    "ChallengeActionTypeEnum",
    "ChooseColorAction",
    "ChooseColorActionRequest",
    "ChooseColorActionTypeEnum",
    "ChooseTargetAction",
    "ChooseTargetActionRequest",
    "ChooseTargetActionTypeEnum",
    "ColorEnum",
    "DirectionEnum",
    "DrawAction",
    "DrawActionRequest",
    "DrawActionTypeEnum",
    "EndFrame",
    "EndFrameKindEnum",
    "EventFeed",
    "EventFrame",
    "EventFrameKindEnum",
    "EventView",
    "GameCreateInputRequest",
    "GameEnded",
    "GameEndedFrame",
    "GameEndedFrameKindEnum",
    "GamesListPreset",
    "GamesListStatus",
    "GamesListVisibility",
    "GameStarted",
    "GameStartedFrame",
    "GameStartedFrameKindEnum",
    "GameSummary",
    "GameSummaryPage",
    "GameView",
    "GameViewPhaseEnum",
    "Health",
    "JoinInputRequest",
    "KeepAction",
    "KeepActionRequest",
    "KeepActionTypeEnum",
    "LegalActions",
    "OnAbandonEnum",
    "PassAction",
    "PassActionRequest",
    "PassActionTypeEnum",
    "PatchedProfileInputRequest",
    "PlayAction",
    "PlayActionRequest",
    "PlayActionTypeEnum",
    "PlayerOutput",
    "PlayerRef",
    "PlayerSnapshot",
    "PositionInputRequest",
    "PositionInputRequestHands",
    "PositionInputRequestScores",
    "PresetEnum",
    "Problem",
    "ProblemErrors",
    "RegisterInputRequest",
    "RegisterOutput",
    "Rematch",
    "RematchFrame",
    "RematchFrameKindEnum",
    "RulesInputRequest",
    "RulesInputRequestOptions",
    "SealView",
    "SeatChange",
    "SeatLeftFrame",
    "SeatLeftFrameKindEnum",
    "SeatTakenFrame",
    "SeatTakenFrameKindEnum",
    "SeatView",
    "SigningKeys",
    "SigningKeyView",
    "SnapshotFrame",
    "SnapshotFrameKindEnum",
    "StateEnum",
    "StatusEnum",
    "StrategyEnum",
    "StreamEnd",
    "StreamTicketOutput",
    "TimeoutActionEnum",
    "TimersInputRequest",
    "TokenCreateInputRequest",
    "TokenCreateOutput",
    "TokenOutput",
    "TokenPage",
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
