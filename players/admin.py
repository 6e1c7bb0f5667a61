"""Admin for players and tokens comes here, with their models."""
