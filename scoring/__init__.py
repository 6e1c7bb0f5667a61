"""Scoring: the pure scoring policy (modules importing nothing from Django, used by the
engine) and the read side (stats, leaderboards, ratings)."""
