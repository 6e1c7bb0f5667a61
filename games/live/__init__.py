"""Live fan-out: wake-ups across processes, long-polls and streams, the player's notices,
spectators and the per-player stream slots.

May import: games.engine, games.models, games.log, the read layer (games.selectors,
games.presentation, games.write's committed-write signals), players (tickets), unoservice.
"""
