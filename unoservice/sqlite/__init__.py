"""Django's SQLite backend, with the machine's writers taking turns by a file lock
(`base.DatabaseWrapper`): DATABASES' ENGINE for the embedded mode (unoservice.env)."""
