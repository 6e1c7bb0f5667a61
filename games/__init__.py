"""Games: the event-sourced game service around the pure rules engine.

Layers, each importing only those below it:
- edges: urls.py, http/ (the API), admin/ (staff pages), tasks.py (Celery),
  management/ (commands);
- live/: long-polls, streams, notices, spectators;
- services.py (who may act), selectors.py (reads), presentation.py (the one redaction);
- write.py: the write path (lock, load, step, append, project, deadlines, seal, publish);
- timers/: timer options and deadlines;
- log/: the event store, hashes, seals, keys, the append-only guard, the audit;
- models.py, errors.py, setup.py, randomness.py, replay_links.py;
- engine/: the rules, closed (stdlib only).

May import: players (identity), unoservice (plumbing). Never scoring, which reads games.
tests/foundation/test_import_graph.py holds every package to this."""
