"""The HTTP edge: DRF views, request parsing, the documented response shapes, idempotent
retries, the replay page and the OpenAPI document's generated parts.

May import: everything of games below it (services, selectors, presentation, live, log,
engine), players (auth, tickets), unoservice. Nothing imports it but URL confs.
"""
