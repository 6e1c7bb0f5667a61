"""The game log: the event store, its hash chain, seals and the keys that sign them, the
database's append-only guard, the audit and the global end order.

May import: games.engine, games.models, unoservice (clock, rows). Nothing above it.
"""
