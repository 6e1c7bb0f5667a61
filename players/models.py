"""Player profiles and API tokens come here."""
