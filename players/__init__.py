"""Players: identity (accounts, API tokens, profiles, stream tickets).

May import: unoservice (plumbing). Nothing of games or scoring."""
