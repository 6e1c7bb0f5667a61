"""Model fields the apps share."""

from __future__ import annotations

import orjson
from django.db import models
from psycopg.types.json import Jsonb

_OPTIONS = orjson.OPT_NON_STR_KEYS  # int keys become strings, as the json module does


class JSONField(models.JSONField):
    """Django's JSONField, decoded and (on PostgreSQL) encoded by orjson.

    Every read of a game's head row decodes its JSON columns (the state cache alone is a
    few KB) and every write encodes the state and its events: by the json module that was
    about an eighth of a move's instructions (bench/move_cpu.py under callgrind). orjson
    gives the same values; where it cannot (a document it refuses, such as an integer past
    64 bits or a lone surrogate), the json module does as before. Migrations see Django's
    own field: the column and its type are the same."""

    def from_db_value(self, value, expression, connection):
        if type(value) is str and self.decoder is None:
            try:
                return orjson.loads(value)
            except orjson.JSONDecodeError:
                pass
        return super().from_db_value(value, expression, connection)

    def get_db_prep_value(self, value, connection, prepared=False):
        if not prepared:
            value = self.get_prep_value(value)
        if connection.vendor == "postgresql" and self.encoder is None:
            try:
                encoded = orjson.dumps(value, option=_OPTIONS)
            except TypeError:
                pass
            else:
                return Jsonb(value, dumps=lambda _value: encoded)
        return connection.ops.adapt_json_value(value, self.encoder)

    def deconstruct(self):
        name, _, args, kwargs = super().deconstruct()
        return name, "django.db.models.JSONField", args, kwargs
