"""The replay viewer's data (staff in the admin, players by their signed link): the game
at every step, from one fold of its log, its moves, and each event in words.

Each step is what `GET /games/{id}/replay?at=N` answers for the same caller, with the
event of that step beside it, so the browser steps through a game without asking the
server again (a 1,000-event game is one request, then each step is a redraw)."""

from __future__ import annotations

from games import engine
from games.log.hashing import GENESIS_HASH
from games.log.store import engine_events, events_of
from games.models import Game
from games.presentation import event_document, reveals_all, reveals_shuffles, viewer_of
from games.selectors import replay_document
from players.models import Player


def replay_steps(*, game: Game, player: Player) -> list[dict]:
    """Step N (0 … version): {"at": N, "game": the game as of seq N, "event": event N as
    the caller may see it, or None before the first}. From an event the engine cannot
    apply (a log rewritten behind the service's back) on, the table stays as it was
    before it and each step says so (`unfolded_at`), so the viewer still opens."""
    viewer = viewer_of(game, player)
    state = engine.GameState()
    steps = [
        {"at": 0, "game": replay_document(game, state, viewer, 0, GENESIS_HASH), "event": None}
    ]
    reveal, shuffles = reveals_all(game, viewer), reveals_shuffles(game)
    unfolded = None  # the first event the engine could not apply (a tampered log)
    for row in events_of(game):
        if unfolded is None:
            try:
                for event in engine_events([row]):  # lobby events leave the table as it was
                    state = engine.evolve(state, event)
            except Exception:  # a log the engine cannot fold is what an auditor looks at
                unfolded = row.seq
        step = {
            "at": row.seq,
            "game": replay_document(game, state, viewer, row.seq, row.hash),
            "event": event_document(row, viewer, reveal_all=reveal, reveal_shuffles=shuffles),
        }
        if unfolded is not None:
            step["unfolded_at"] = unfolded
        steps.append(step)
    return steps


def replay_data(*, game: Game, player: Player) -> dict:
    """What the viewer loads (games/static/games/replay.js): every step, the moves they
    make and the move of the deal, where the viewer opens."""
    steps = replay_steps(game=game, player=player)
    moves, deal = replay_moves(steps)
    return {
        "game": str(game.id),
        "version": game.version,
        "steps": steps,
        "moves": moves,
        "deal": deal,
    }


# --- the game in words, and its moves ----------------------------------------------------
# Everything below reads only the steps above: the event documents as the caller may see
# them, so the words never say more than the raw event already shows the same caller.

COLORS = {
    "red": "Red",
    "yellow": "Yellow",
    "green": "Green",
    "blue": "Blue",
    "pink": "Pink",
    "teal": "Teal",
    "orange": "Orange",
    "purple": "Purple",
}
RANKS = {
    "skip": "Skip",
    "reverse": "Reverse",
    "draw1": "Draw One",
    "draw2": "Draw Two",
    "draw4": "Draw Four",
    "draw5": "Draw Five",
    "flip": "Flip",
    "skip-everyone": "Skip Everyone",
    "swap": "Swap Hands",
    "shuffle": "Shuffle Hands",
    "custom": "Custom",
    "downpour1": "Downpour One",
    "downpour2": "Downpour Two",
    "draw-color": "Draw Color",
}
#: Bookkeeping the table shows anyway: folded into a move, listed only on demand.
INTERNAL = frozenset(
    {
        "turn_changed",
        "deck_shuffled",
        "cards_dealt",
        "uno_window_opened",
        "uno_window_closed",
        "timeouts_reset",
        "shuffles_revealed",
        "game_started",
        "direction_reversed",
    }
)
#: A seat asked for these goes on with the same move (a draw and its keep, a colour).
MOVE_GOES_ON = frozenset({"drawn_card", "choose_color", "choose_target"})
#: A move ends after these, whatever comes next.
MOVE_ENDS = frozenset(
    {
        "game_created",
        "seat_taken",
        "seat_left",
        "round_ended",
        "match_ended",
        "game_aborted",
    }
)
DRAW_REASONS = {
    "uno_penalty": " for not calling UNO",
    "false_catch": " for a false catch",
    "challenge": " for the challenge",
}


def card_words(code: str, side: str = "light") -> str:
    """ "red-7" → "Red 7", "wild-draw4" → "Wild Draw Four"; a double-faced card by the
    face that is up."""
    faces = code.split("/")
    face = faces[1] if len(faces) == 2 and side == "dark" else faces[0]
    color, _, rank = face.partition("-")
    rank_words = RANKS.get(rank, rank)
    if color == "wild":
        return f"Wild {rank_words}".strip()
    return f"{COLORS.get(color, color.capitalize())} {rank_words}".strip()


def _cards(count: int) -> str:
    return "a card" if count == 1 else f"{count} cards"


def _color(color: str) -> str:
    return COLORS.get(color, str(color).capitalize())


def event_clause(event: dict, name, side: str = "light", before: dict | None = None):
    """(who, what): event `event` in words, `who` the seat it is about (None: the table)
    and `what` the rest of the sentence; `name(seat)` names a seat. `before` is the event
    just before it in the same move (a pass after a draw is a keep)."""
    kind, public = event["type"], event.get("public") or {}
    private = event.get("private") or {}
    seat = public.get("seat")
    match kind:
        case "game_created":
            return None, f"the game is created for {public.get('seats')} seats"
        case "seat_taken":
            player = public.get("player") or {}
            taker = player.get("name") if isinstance(player, dict) else None
            return None, f"{taker or name(seat)} takes seat {seat}"
        case "seat_left":
            return seat, "leaves the table"
        case "game_started":
            return None, "the game starts"
        case "round_started":
            return None, f"round {public.get('round')} is dealt by {name(public.get('dealer'))}"
        case "deck_shuffled":
            return None, f"the deck is shuffled ({public.get('count')} cards)"
        case "position_loaded":
            return None, "a position is set up"
        case "cards_dealt":
            return seat, f"is dealt {_cards(public.get('count', 0))}"
        case "first_card_returned":
            return None, f"{card_words(public['card'], side)} goes back into the deck"
        case "first_card_turned":
            return None, f"{card_words(public['card'], side)} turns up"
        case "card_played":
            what = "jumps in with" if public.get("jump_in") else "plays"
            words = f"{what} {card_words(public['card'], side)}"
            if public.get("color"):
                words += f" and chooses {_color(public['color'])}"
            if public.get("target") is not None:
                words += f" on {name(public['target'])}"
            return seat, words
        case "color_chosen":
            return seat, f"chooses {_color(public.get('color'))}"
        case "direction_reversed":
            way = "clockwise" if public.get("direction") == 1 else "counterclockwise"
            return None, f"play goes {way}"
        case "seat_skipped":
            return seat, "is skipped"
        case "cards_drawn":
            count = public.get("count", 0)
            cards = private.get("cards")
            words = f"draws {_cards(count)}"
            if cards:  # only where the caller may see them
                words = "draws " + ", ".join(card_words(c, side) for c in cards)
            return seat, words + DRAW_REASONS.get(public.get("reason"), "")
        case "hand_replaced":
            giver = public.get("from_seat")
            return seat, "gets a new hand" if giver is None else f"takes {name(giver)}'s hand"
        case "cards_buried":
            return seat, f"puts {_cards(public.get('count', 0))} under the draw pile"
        case "uno_called":
            return seat, "calls UNO"
        case "uno_window_opened":
            return public.get("seat"), "may be caught without UNO"
        case "uno_window_closed":
            return public.get("seat"), f"can no longer be caught ({public.get('reason')})"
        case "uno_caught":
            return seat, f"catches {name(public.get('target'))} without UNO"
        case "uno_penalty_applied":
            return seat, "is penalised for not calling UNO"
        case "catch_failed":
            return seat, f"tries to catch {name(public.get('target'))}, wrongly"
        case "draw4_challenged":
            verdict = "a bluff" if public.get("guilty") else "it was fair"
            target = name(public.get("target"))
            return seat, f"challenges {target}'s Wild Draw Four ({verdict})"
        case "cards_flipped":
            return None, f"the cards flip to the {public.get('side')} side"
        case "nothing_drawn":
            return seat, "finds nothing to draw"
        case "turn_passed":
            kept = before is not None and before["type"] == "turn_changed"
            return seat, "keeps it" if kept and before["public"].get(
                "phase"
            ) == "drawn_card" else "passes"
        case "turn_changed":
            return seat, f"to {str(public.get('phase', 'play')).replace('_', ' ')}"
        case "timed_out":
            return seat, "runs out of time"
        case "timeouts_reset":
            return seat, "is back in time"
        case "seat_status_changed":
            status = {"bot": "is played by a bot", "removed": "is removed", "eliminated": "is out"}
            return seat, status.get(public.get("status"), f"is {public.get('status')}")
        case "round_ended":
            if public.get("winner") is None:
                return None, f"round {public.get('round')} ends blocked"
            points = (public.get("points") or {}).get(str(public["winner"]))
            scored = f" ({points} points)" if points else ""
            return public["winner"], f"wins round {public.get('round')}{scored}"
        case "shuffles_revealed":
            return None, "the round's shuffles are revealed"
        case "match_ended":
            winner = public.get("winner")
            if winner is None:
                return None, "the game ends without a winner"
            if isinstance(winner, list):
                return None, " and ".join(name(s) for s in winner) + " win the game"
            return winner, "wins the game"
        case "game_aborted":
            return None, f"the game is aborted ({public.get('reason')})"
    return None, kind.replace("_", " ")


def _sentence(who, what: str, name) -> str:
    text = what if who is None else f"{name(who)} {what}"
    return text[:1].upper() + text[1:]


def tell(clauses: list, name) -> str:
    """Clauses in one text: those about the same seat in a row share a sentence ("Bob
    plays Red 7 and calls UNO.")."""
    sentences: list[list] = []
    for who, what in clauses:
        if sentences and who is not None and sentences[-1][0] == who:
            sentences[-1][1] += f" and {what}"
        else:
            sentences.append([who, what])
    return " ".join(_sentence(who, what, name) + "." for who, what in sentences)


def replay_moves(steps: list[dict]) -> tuple[list[dict], int | None]:
    """The steps grouped by move, and the index of the deal's move (None before one).

    A move runs to the turn it hands over: a play with its colour, a draw with the play
    or keep that follows, a card's effects; a round's end and each lobby event end one.
    Each is {"from": its first seq, "at": its last (the table shown), "words": it in
    words}; every step gets `words` and `internal` (bookkeeping, listed on demand)."""
    names: dict[int, str] = {}

    def name(seat) -> str:
        return names.get(seat) or f"seat {seat}"

    moves: list[dict] = []
    clauses: list = []
    events: list[dict] = []
    first = None
    deal = None
    side = "light"
    for step in steps:
        for seat in step["game"].get("seats") or ():
            if seat.get("player"):
                names[seat["seat"]] = seat["player"]["name"]
        event = step["event"]
        if event is None:
            continue
        first = first if first is not None else event["seq"]
        clause = event_clause(event, name, side, events[-1] if events else None)
        step["words"] = _sentence(*clause, name) + "."
        step["internal"] = event["type"] in INTERNAL or _seated_bot(event)
        if not step["internal"]:
            clauses.append(clause)
        events.append(event)
        if event["type"] == "cards_dealt" and deal is None:
            deal = len(moves)
        side = step["game"].get("side") or "light"
        kind, phase = event["type"], (event.get("public") or {}).get("phase")
        if kind in MOVE_ENDS or (kind == "turn_changed" and phase not in MOVE_GOES_ON):
            moves.append(_move(first, event["seq"], clauses, step, name))
            clauses, events, first = [], [], None
    if events:
        moves.append(_move(first, events[-1]["seq"], clauses, steps[-1], name))
    return moves, deal


def _seated_bot(event: dict) -> bool:
    """A bot's seat marked as the bot's when the game starts: bookkeeping."""
    public = event.get("public") or {}
    return event["type"] == "seat_status_changed" and public.get("reason") == "seated"


def _move(first: int, last: int, clauses: list, step: dict, name) -> dict:
    return {"from": first, "at": last, "words": tell(clauses, name) if clauses else step["words"]}
