"""Games: the event-sourced game service around the pure rules engine (games/engine/)."""
