"""The OpenAPI document as tests read it: built in-process, and checked against with
jsonschema (OpenAPI 3.0's `nullable` turned into JSON Schema's null type)."""

from __future__ import annotations

from functools import cache

import jsonschema
from drf_spectacular.generators import SchemaGenerator

SCHEMAS = "#/components/schemas/"


@cache
def openapi_document() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def resolve(document: dict, ref: str) -> dict:
    node = document
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node


def json_schema(node):
    """An OpenAPI 3.0 schema as JSON Schema: `nullable: true` also admits null."""
    if isinstance(node, list):
        return [json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: json_schema(value) for key, value in node.items() if key != "nullable"}
    if node.get("nullable"):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


@cache
def _validator_root() -> dict:
    document = openapi_document()
    return {"components": json_schema(document["components"])}


def problems_with(instance, component: str) -> list[str]:
    """Why `instance` does not match the component (empty when it does)."""
    root = _validator_root()
    schema = {"$ref": SCHEMAS + component, **root}
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    return [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message[:300]}"
        for error in validator.iter_errors(instance)
    ]
