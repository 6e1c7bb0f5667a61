"""Scoring: the read side of finished games (players' records, stats, ratings,
leaderboards), projected from decoded game logs. The scoring policy itself (card points,
round tally, match end) is part of the rules and lives in games.engine.

May import: games (models, the engine, the log's readers), players, unoservice."""
