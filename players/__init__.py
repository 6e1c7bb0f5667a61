"""Players: identity (accounts, API tokens, profiles)."""
