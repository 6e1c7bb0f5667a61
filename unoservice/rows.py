"""Hot reads without the ORM's per-query cost.

Every request authenticates a token and most read a game's head row. Building those
queries through the ORM costs about 0.5 ms of Python each (compiling the SQL, resolving
joins), four times what PostgreSQL takes to answer them. Here the SQL is written once per
process from the models' own metadata (table and column names), and each row becomes a
model instance through `Model.from_db`, with the same converters the ORM applies to each
field, so it behaves like one the ORM loaded (on SQLite and PostgreSQL alike).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import contextmanager
from functools import cache

import orjson
import psycopg
from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.db.models import Model
from psycopg.types.json import Jsonb

from unoservice.replica import reading_alias


class Columns:
    """The columns of `model` under a table alias, and how to turn them back into an
    instance (fields not listed are deferred, loaded on access as usual)."""

    def __init__(self, model: type[Model], alias: str, fields: Sequence[str] | None = None):
        self.model = model
        self.alias = alias
        concrete = model._meta.concrete_fields
        chosen = [f for f in concrete if fields is None or f.attname in fields or f.name in fields]
        self.fields = chosen
        self.names = [f.attname for f in chosen]
        self.sql = ", ".join(f"{alias}.{connection.ops.quote_name(f.column)}" for f in chosen)

    def __len__(self) -> int:
        return len(self.fields)

    def build(self, values: Sequence, alias: str = connection.alias) -> Model | None:
        """An instance from this part of a row (read from database `alias`); None for the
        nulls of a LEFT JOIN miss."""
        if values[0] is None:
            return None
        database = connections[alias]
        row = list(values)
        for index, converters in _converted_columns(self.model, tuple(self.names)):
            value = row[index]
            for converter, expression in converters:
                value = converter(value, expression, database)
            row[index] = value
        return self.model.from_db(alias, self.names, row)


def table(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def fetch_one(
    sql: str, params: Sequence, *parts: Columns, using: str | None = None
) -> tuple | None:
    """Run `sql` (whose select list is the parts' columns, in order) and build one
    instance per part from its first row; None when there is no row. On database `using`,
    or where the request reads (unoservice.replica)."""
    using = using or reading_alias()
    with binding_on_the_server(connections[using]) as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    built, start = [], 0
    for part in parts:
        built.append(part.build(row[start : start + len(part)], using))
        start += len(part)
    return tuple(built)


def fetch_all(sql: str, params: Sequence, part: Columns) -> list[Model]:
    """Run `sql` (whose select list is the part's columns) and build an instance from
    each row, where the request reads (unoservice.replica)."""
    using = reading_alias()
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [part.build(row, using) for row in rows]


@contextmanager
def binding_on_the_server(database):
    """Django's cursor of `database`, but on PostgreSQL one that sends the parameters
    apart from the SQL (psycopg's server-side binding) instead of quoting each into the
    text: the statements of every move carry the state cache and the events, kilobytes
    that client-side binding escapes byte by byte (bench/move_cpu.py --instructions:
    docs/performance.md). Nothing is prepared by name (Django leaves psycopg's
    prepare_threshold None, and unoservice.env refuses one behind a pooler), so the
    statement works through pgbouncer in transaction mode as it does directly. Only for
    statements written here, whose parameters' types PostgreSQL infers from the columns
    they meet: a Python int is sent as the smallest integer type that holds it, which
    arithmetic on a parameter could overflow. Django's wrapper stays around it (execute
    wrappers, query logging, errors)."""
    if database.vendor != "postgresql":
        with database.cursor() as cursor:
            yield cursor
        return
    database.ensure_connection()
    connection = database.connection
    client_side = connection.cursor_factory
    connection.cursor_factory = psycopg.Cursor
    try:
        cursor = database.cursor()
    finally:
        connection.cursor_factory = client_side
    with cursor:
        yield cursor


@cache
def _converted_columns(model: type[Model], names: tuple[str, ...]) -> list[tuple[int, list]]:
    """The backend's and the field's converters of each column that has any, by its
    index, as the ORM applies them (most columns have none)."""
    by_attname = {f.attname: f for f in model._meta.concrete_fields}
    result = []
    for index, name in enumerate(names):
        column = by_attname[name].get_col(model._meta.db_table)
        found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if found:
            result.append((index, [(converter, column) for converter in found]))
    return result


def insert_rows(instances: Sequence[Model]) -> None:
    """INSERT instances of one model (a primary key it makes itself is not read back),
    in one statement written once per model and row count."""
    if not instances:
        return
    database = connections[DEFAULT_DB_ALIAS]  # the proxy `connection` costs every access
    with database.cursor() as cursor:
        cursor.execute(
            _insert_sql(type(instances[0]), len(instances)), _insert_values(instances, database)
        )


def update_row(instance: Model, names: tuple[str, ...]) -> None:
    """UPDATE these fields of one instance by its primary key, in a statement written
    once per model and field list (`auto_now` fields are stamped as `save()` does)."""
    database = connections[DEFAULT_DB_ALIAS]
    with database.cursor() as cursor:
        cursor.execute(
            _update_sql(type(instance), names), _update_values(instance, names, database)
        )


def insert_rows_and_update_row(
    instances: Sequence[Model], instance: Model, names: tuple[str, ...]
) -> None:
    """`insert_rows(instances)` then `update_row(instance, names)`, as one statement on
    PostgreSQL (a data-modifying WITH: one round trip fewer for every write of a game);
    as two elsewhere.

    On PostgreSQL the rows go as one JSON array (`jsonb_to_recordset`), so the statement's
    text and parameter count are the same whatever the number of rows: psycopg keeps its
    parsing of a statement only up to 50 parameters, which a parameter per column of each
    row passed at three events (bench/move_cpu.py --instructions: docs/performance.md).
    Rows JSON would not carry exactly (a column type it may change, a value orjson
    refuses) go as before, a parameter per column."""
    database = connections[DEFAULT_DB_ALIAS]
    if database.vendor != "postgresql" or not instances:
        insert_rows(instances)
        update_row(instance, names)
        return
    model = type(instances[0])
    try:
        rows = _rows_as_json(instances, database)
    except TypeError:
        values = _insert_values(instances, database)
        sql = _insert_and_update_sql(model, len(instances), type(instance), names)
    else:
        values = [rows]
        sql = _insert_json_and_update_sql(model, type(instance), names)
    values += _update_values(instance, names, database)
    with binding_on_the_server(database) as cursor:
        cursor.execute(sql, values)


def _rows_as_json(instances: Sequence[Model], database) -> Jsonb:
    """The rows as a JSON array of objects by column name, each value as the ORM would
    save it (a JSON column's value as itself, not as text). TypeError when a value cannot
    go so (orjson refuses it, or a JSON column has an encoder of its own)."""
    fields = _insert_fields(type(instances[0]))
    if not _goes_as_json(type(instances[0])):
        raise TypeError("a column whose value JSON may not carry as PostgreSQL reads it")
    rows = [
        {
            field.column: (
                getattr(row, field.attname)
                if isinstance(field, models.JSONField)
                else _saved_value(field, row, True, database)
            )
            for field in fields
        }
        for row in instances
    ]
    encoded = orjson.dumps(rows, option=orjson.OPT_NON_STR_KEYS)
    return Jsonb(None, dumps=lambda _rows: encoded)


#: Fields whose saved value JSON carries as PostgreSQL would read it from a parameter
#: (not a float, whose NaN orjson writes as null, nor bytes, a decimal or a duration).
_JSON_CARRIED = (
    models.CharField,
    models.TextField,
    models.IntegerField,
    models.BooleanField,
    models.UUIDField,
    models.DateTimeField,
)


def _carried_by_json(field) -> bool:
    if isinstance(field, models.JSONField):
        return field.encoder is None
    if isinstance(field, models.ForeignKey):
        return _carried_by_json(field.target_field)
    return isinstance(field, _JSON_CARRIED)


@cache
def _goes_as_json(model: type[Model]) -> bool:
    return all(_carried_by_json(f) for f in _insert_fields(model))


def _insert_values(instances: Sequence[Model], database) -> list:
    fields = _insert_fields(type(instances[0]))
    return [_saved_value(field, row, True, database) for row in instances for field in fields]


def _update_values(instance: Model, names: tuple[str, ...], database) -> list:
    model = type(instance)
    fields = _fields_named(model, names)
    values = [_saved_value(f, instance, False, database) for f in fields]
    return [*values, model._meta.pk.get_db_prep_value(instance.pk, database)]


#: Fields whose value, already of this exact type, is what `get_db_prep_save` would give
#: (it runs `to_python` and its kin, three or four calls a field, for the same value).
_PLAIN_VALUES = {
    models.CharField: str,
    models.TextField: str,
    models.IntegerField: int,
    models.SmallIntegerField: int,
    models.BigIntegerField: int,
    models.PositiveIntegerField: int,
    models.PositiveSmallIntegerField: int,
    models.PositiveBigIntegerField: int,
    models.BooleanField: bool,
}


_DEFERRED = object()


def _saved_value(field, instance: Model, add: bool, database):
    """`field.get_db_prep_save(field.pre_save(instance, add), database)`, without the calls
    for a plain field (one of _PLAIN_VALUES' own classes) holding a value of its type or
    None."""
    plain = _PLAIN_VALUES.get(type(field))
    if plain is not None:
        value = instance.__dict__.get(field.attname, _DEFERRED)  # deferred: loaded below
        if value is None or type(value) is plain:
            return value
    return field.get_db_prep_save(field.pre_save(instance, add), database)


@cache
def _fields_named(model: type[Model], names: tuple[str, ...]) -> list:
    return [model._meta.get_field(name) for name in names]


@cache
def _insert_and_update_sql(
    inserted: type[Model], rows: int, updated: type[Model], names: tuple[str, ...]
) -> str:
    return f"WITH inserted AS ({_insert_sql(inserted, rows)}) {_update_sql(updated, names)}"


@cache
def _insert_fields(model: type[Model]) -> list:
    return [f for f in model._meta.concrete_fields if not f.primary_key or not f.db_returning]


@cache
def _insert_sql(model: type[Model], rows: int) -> str:
    fields = _insert_fields(model)
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return f"INSERT INTO {table(model)} ({columns}) VALUES " + ", ".join([row] * rows)


@cache
def _insert_json_and_update_sql(
    inserted: type[Model], updated: type[Model], names: tuple[str, ...]
) -> str:
    fields = _insert_fields(inserted)
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    typed = ", ".join(
        f"{connection.ops.quote_name(f.column)} {f.db_type(connection)}" for f in fields
    )
    insert = (
        f"INSERT INTO {table(inserted)} ({columns}) "
        f"SELECT {columns} FROM jsonb_to_recordset(%s) AS row_({typed})"
    )
    return f"WITH inserted AS ({insert}) {_update_sql(updated, names)}"


@cache
def _update_sql(model: type[Model], names: tuple[str, ...]) -> str:
    columns = [connection.ops.quote_name(model._meta.get_field(n).column) for n in names]
    assignments = ", ".join(f"{column} = %s" for column in columns)
    pk = connection.ops.quote_name(model._meta.pk.column)
    return f"UPDATE {table(model)} SET {assignments} WHERE {pk} = %s"
