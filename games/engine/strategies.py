"""Bot strategies: how a server bot chooses its command.

A strategy sees only what its seat may see: the seat's view (`view_for` with the seat as
viewer) and the commands the seat may send now (`legal_actions`), plus a random source
it is given. It never reads the state itself, so it cannot peek at other hands or the
draw pile. `bot_decision` is the only way in.

- `random`: a uniform choice among the legal commands.
- `expert`: searches (games.engine.expert): samples the hidden cards consistently with
  everything its seat was shown and plays each candidate out with the engine; it needs
  the events its seat was shown (`seen`) and a `Budget`, and plays `greedy` without them.
- `greedy`: catches an UNO it can catch and calls its own; sheds the card worth the most
  points (action cards first when an opponent is close to going out), keeps wilds for
  when nothing else plays, calls the color it holds most, swaps with the smallest hand,
  stacks a penalty when it can, challenges a Wild Draw Four when a bluff is likely
  enough to be worth the risk, and otherwise takes the penalty, draws or passes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping

from .belief import Inconsistent
from .cards import (
    COLORED_ACTIONS,
    COLORS,
    DARK_COLORS,
    DRAW_COUNTS,
    SKIP_EVERYONE,
    Card,
    Color,
    card,
    oriented,
)
from .commands import (
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    DrawCard,
    KeepCard,
    Pass,
    PlayCard,
)
from .expert import Budget, expert_choice
from .legal import legal_actions
from .shuffle import Rng
from .state import GameState
from .views import Viewer, view_for

RANDOM, GREEDY, EXPERT = "random", "greedy", "expert"
#: The strategy of a seat the server took over from a player who left it.
ABANDONED_SEAT_STRATEGY = GREEDY

#: Cards drawn when a Wild Draw Four is accepted, and by a wrong challenger (the rules'
#: defaults; a strategy is not shown the game's options).
_ACCEPT_COST, _WRONG_CHALLENGE_COST = 4, 6
#: Without a play: take a pending draw, draw, pass (both piles exhausted), keep.
_FALLBACKS = (Accept, DrawCard, Pass, KeepCard)
_IN_PLAY = ("playing", "bot")


def bot_decision(
    state: GameState,
    seat: int,
    strategy: str,
    rng: Rng,
    *,
    seen: Iterable[Mapping] | None = None,
    budget: Budget | None = None,
):
    """The command the bot in `seat` sends now, or None when it has nothing to send.
    `seen` (what `expert` searches from): the events of the game as `redact_for` shows
    them to the seat, the game's start first, then at least the current round's."""
    actions = legal_actions(state, seat)
    if not actions:
        return None
    view = view_for(state, Viewer.of_seat(seat))
    if strategy == EXPERT:
        if seen is not None:
            try:
                return expert_choice(view, actions, rng, seen=seen, budget=budget)
            except Inconsistent:
                pass  # a log it cannot follow: it plays greedy rather than nothing
        strategy = GREEDY
    return STRATEGIES[strategy](view, actions, rng)


def random_choice(view: dict, actions: list, rng: Rng):
    return actions[rng.randrange(len(actions))]


def greedy_choice(view: dict, actions: list, rng: Rng):
    table = _Table(view)
    for kind in (CatchUno, CallUno):
        found = _first(actions, kind)
        if found is not None:
            return found
    if view["to_act"] != table.me:
        return None  # out of turn it only catches and calls
    if view["phase"] == "choose_color":
        return _pick(_of(actions, ChooseColor), color=table.best_color())
    if view["phase"] == "choose_target":
        return _pick(_of(actions, ChooseTarget), target=table.smallest_opponent())
    plays = _of(actions, PlayCard)
    if plays:
        return _best_play(table, plays)
    challenge = _first(actions, Challenge)
    if challenge is not None and _bluff_likely(table, view["challengeable"]):
        return challenge
    for fallback in _FALLBACKS:
        found = _first(actions, fallback)
        if found is not None:
            return found
    return actions[0]


STRATEGIES: dict[str, Callable] = {
    RANDOM: random_choice,
    GREEDY: greedy_choice,
    EXPERT: expert_choice,
}


class _Table:
    """What greedy reads from its view: its hand (as it lies: UNO FLIP!'s dark side up
    when the view says so) and the others' card counts."""

    def __init__(self, view: dict):
        self.me: int = view["you"]["seat"]
        dark = view.get("side") == "dark"
        held = tuple(card(code) for code in view["you"]["hand"])
        self.hand: list[Card] = list(oriented(held, True) if dark else held)
        self.colors = DARK_COLORS if dark else COLORS
        self.counts = {
            s["seat"]: s["cards"]
            for s in view["seats"]
            if s["state"] in _IN_PLAY and s["seat"] != self.me
        }

    def best_color(self, without: Card | None = None) -> Color:
        hand = list(self.hand)
        if without is not None and without in hand:
            hand.remove(without)
        counts = Counter(c.color for c in hand if c.color is not None)
        colors = self.colors
        return max(colors, key=lambda color: (counts[color], -colors.index(color)))

    def smallest_opponent(self) -> int | None:
        if not self.counts:
            return None
        return min(self.counts, key=lambda seat: (self.counts[seat], seat))

    def opponent_close_to_out(self) -> bool:
        return any(count <= 2 for count in self.counts.values())


def _best_play(table: _Table, plays: list[PlayCard]) -> PlayCard:
    """The card worth the most points (wilds only when nothing else plays), in the
    variant calling the best color and swapping with the smallest hand, saying UNO when
    it leaves one card."""
    colored = [p for p in plays if not p.card.is_wild]
    candidates = colored or plays
    urgent = table.opponent_close_to_out()
    chosen = max(candidates, key=lambda p: _play_value(table, p.card, urgent)).card
    variants = [p for p in plays if p.card is chosen]
    play = _pick(variants, color=table.best_color(without=chosen), target=table.smallest_opponent())
    if len(table.hand) == 2 and not play.uno:
        return PlayCard(play.seat, play.card, play.color, play.target, True)
    return play


def _play_value(table: _Table, played: Card, urgent: bool) -> tuple[int, int]:
    points = _points(played)
    if urgent and played.rank in _HURTING:
        points += 100
    same_color = sum(1 for c in table.hand if c.color is not None and c.color == played.color)
    return points, same_color


#: Cards that set an opponent back: played first when one is close to going out.
_HURTING = frozenset((*COLORED_ACTIONS, *DRAW_COUNTS, SKIP_EVERYONE))


def _points(played: Card) -> int:
    if played.number is not None:
        return played.number
    return 50 if played.is_wild else 20


def _bluff_likely(table: _Table, player: int | None) -> bool:
    """A challenge pays when the chance of a bluff p makes its expected draw, (1 - p)
    times the wrong challenger's, smaller than accepting. p is estimated as the chance
    that a hand of that size held a card of the color in play (a quarter of the deck)."""
    held = table.counts.get(player, 0)
    bluff = 1 - 0.75**held
    return (1 - bluff) * _WRONG_CHALLENGE_COST < _ACCEPT_COST and held >= 3


def _pick(actions: list, *, color=None, target=None):
    """The action naming `color` and `target` where it names them, else the first."""
    for action in actions:
        if getattr(action, "color", None) in (None, color) and getattr(action, "target", None) in (
            None,
            target,
        ):
            return action
    return actions[0]


def _of(actions: list, kind: type) -> list:
    return [a for a in actions if type(a) is kind]


def _first(actions: list, kind: type):
    return next((a for a in actions if type(a) is kind), None)
