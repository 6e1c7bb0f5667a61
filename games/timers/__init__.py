"""Time: per-game timer options and deadlines (which the write path records and schedules;
the sweep task is sent by name, never imported).

May import: games.engine, games.models, games.log, unoservice (clock).
"""
