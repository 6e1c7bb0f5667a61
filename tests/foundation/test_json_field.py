"""unoservice.fields.JSONField: orjson reads and writes the JSON columns, and gives the
values the json module gave; what orjson refuses still goes through the json module."""

from __future__ import annotations

import json

import pytest
from django.db import connection

from unoservice.fields import JSONField

DOCUMENTS = [
    {"a": 1, "b": [1, 2.5, None, True, "é", {"c": "\u2603"}]},
    {"hands": {"0": ["red-5"], "1": []}, "big": 2**63 - 1, "neg": -(2**63)},
    [],
    "text",
    0.1,
    None,
]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_a_document_reads_back_as_the_json_module_reads_it(document):
    field = JSONField()
    text = json.dumps(document)

    assert field.from_db_value(text, None, connection) == json.loads(text)


def test_what_orjson_refuses_to_read_is_read_by_the_json_module():
    field = JSONField()

    assert field.from_db_value('{"n": 1180591620717411303424}', None, connection) == {"n": 2**70}
    assert field.from_db_value('"\\ud800"', None, connection) == "\ud800"
    assert field.from_db_value("not json", None, connection) == "not json"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "document",
    [
        {"int_keys": {1: "a"}, "nested": {"x": [1, "é", 0.5]}},  # orjson writes it
        {"int_keys": {1: "a"}, "big": 2**70},  # past 64 bits: the json module writes it
    ],
)
def test_postgresql_stores_what_the_json_module_would_have_stored(postgres, document):
    field = JSONField()
    with connection.cursor() as cursor:
        cursor.execute("CREATE TEMPORARY TABLE documents (doc jsonb)")
        cursor.execute(
            "INSERT INTO documents VALUES (%s)", [field.get_db_prep_save(document, connection)]
        )
        cursor.execute("SELECT doc::text FROM documents")
        stored = cursor.fetchone()[0]

    assert json.loads(stored) == json.loads(json.dumps(document))
    assert field.from_db_value(stored, None, connection) == json.loads(json.dumps(document))
