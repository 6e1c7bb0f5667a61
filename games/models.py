"""Game head rows and the append-only event log (DESIGN.md section 3) come here."""
