"""What leaves the engine: `view_for` (a state as a viewer may see it) and `redact_for`
(an event as a viewer may see it). A seat sees its own hand and everyone's counts;
spectators see no hand; staff see everything. In UNO FLIP! everyone also sees the faces
that face them: each hand's inactive faces and the draw pile's top back."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import codes
from .codec import event_to_parts
from .events import Event
from .state import CLOCKWISE, GameState, Status


@dataclass(frozen=True, slots=True)
class Viewer:
    seat: int | None = None
    staff: bool = False

    @classmethod
    def of_seat(cls, seat: int) -> Viewer:
        return cls(seat=seat)

    @classmethod
    def spectator(cls) -> Viewer:
        return cls()

    @classmethod
    def staff_member(cls) -> Viewer:
        return cls(staff=True)

    def sees_private(self, event: Event) -> bool:
        return self.staff or (self.seat is not None and self.seat in event.audience)


def view_for(state: GameState, viewer: Viewer, *, reveal_all: bool = False) -> dict:
    """The state as `viewer` may see it. `reveal_all` opens every hand (staff, or the
    game's players once it has ended, as the shell decides)."""
    sees_all = viewer.staff or reveal_all
    catchable = {w.seat for w in state.uno_windows}
    flip = bool(state.deck)
    seats = []
    for seat in range(state.seat_count):
        entry: dict[str, object] = {
            "seat": seat,
            "cards": len(state.hands[seat]),
            "uno_called": seat in state.uno_called,
            "catchable": seat in catchable,
            "score": state.scores[seat],
            "state": state.seat_states[seat].value,
        }
        if state.rules.teams:
            entry["team"] = seat % 2
        if flip:
            entry["backs"] = sorted(c.back for c in state.hands[seat])
        if sees_all:
            entry["hand"] = codes(state.hands[seat])
        seats.append(entry)
    you = None
    if viewer.seat is not None and 0 <= viewer.seat < state.seat_count:
        you = {"seat": viewer.seat, "hand": codes(state.hands[viewer.seat])}
        if state.to_act == viewer.seat and state.drawn_card is not None:
            you["drawn_card"] = state.drawn_card.code
    active = state.status == Status.ACTIVE
    top = state.top_card
    view: dict[str, object] = {
        "status": state.status.value,
        "round": state.round,
        "dealer": state.dealer,
        "seats": seats,
        "you": you,
        "top_card": top.code if top else None,
        "color": state.color.value if state.color else None,
        "direction": "clockwise" if state.direction == CLOCKWISE else "counterclockwise",
        "to_act": state.to_act if active else None,
        "phase": state.phase.value if active else "finished",
        "pending_draw": state.pending.total if state.pending is not None else 0,
        "challengeable": state.draw4.seat if state.draw4 and active else None,
        "uno_windows": [{"seat": w.seat, "token": w.token} for w in state.uno_windows],
        "draw_pile": len(state.draw_pile),
        "discard_pile": len(state.discard_pile),
        "winner": list(state.winner) if isinstance(state.winner, tuple) else state.winner,
        "ranking": list(state.ranking),
        "provably_fair": state.provably_fair,
    }
    if flip:
        view["side"] = state.side.value
        view["draw_pile_back"] = state.draw_pile[0].back if state.draw_pile else None
    if sees_all:
        view["draw_pile_cards"] = codes(state.draw_pile)
    return view


def redact_for(
    event: Event, viewer: Viewer, *, reveal_all: bool = False, reveal_shuffles: bool = False
) -> dict:
    """`{"type", "public", "private"}`: `private` only for a viewer allowed to see it.
    `reveal_shuffles` opens the shuffles' reveals (`round_ended`, `shuffles_revealed`)
    to any viewer (an ended game, where finished games are revealed, as the shell
    decides)."""
    type_, public, private = event_to_parts(event)
    allowed = private is not None and (
        reveal_all or viewer.sees_private(event) or (reveal_shuffles and event.REVEALS_SHUFFLES)
    )
    return {"type": type_, "public": public, "private": private if allowed else None}
