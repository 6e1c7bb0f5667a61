"""Regenerates the API clients from the service's OpenAPI schema.

    python clients/generate.py [--into DIR] [--only python|typescript]

Writes DIR/openapi.yaml (`manage.py spectacular`), DIR/python/uno_client
(openapi-python-client) and DIR/typescript/src/api.d.ts (openapi-typescript, run from
clients/typescript's node_modules: `npm ci` there first). DIR defaults to clients/, the
committed copies; tests generate into a temporary folder and compare. The output depends
only on the code and the locked generator versions: no timestamps, nothing from the
environment.

Only those files are generated: the hand-written layers beside them (clients/python's
pyproject.toml, README.md and uno_sdk; clients/typescript/src's other modules) are never
touched.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CLIENTS = REPO / "clients"
TYPESCRIPT = CLIENTS / "typescript"
SCHEMA = "openapi.yaml"
PYTHON_CONFIG = CLIENTS / "python-client.yaml"
PYTHON_PACKAGE = Path("python") / "uno_client"
TYPES = Path("src") / "api.d.ts"


def run(command: list[str], **kwargs) -> str:
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{done.stdout}{done.stderr}")
    return done.stdout + done.stderr


def tool_env() -> dict[str, str]:
    """This interpreter's scripts first on PATH: the generator's ruff hooks use the
    locked ruff, so its formatting is the same on every machine."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["RUFF_NO_CACHE"] = "true"
    return env


def write_schema(into: Path) -> Path:
    schema = into / SCHEMA
    run([sys.executable, "manage.py", "spectacular", "--file", str(schema)], cwd=REPO)
    return schema


def write_python(schema: Path, into: Path) -> None:
    output = into / PYTHON_PACKAGE
    shutil.rmtree(output, ignore_errors=True)
    output.parent.mkdir(parents=True, exist_ok=True)
    generator = Path(sys.executable).with_name("openapi-python-client")
    # --meta none: the package alone; its project files are clients/python's own.
    said = run(
        [str(generator), "generate", "--path", str(schema), "--meta", "none"]
        + ["--config", str(PYTHON_CONFIG), "--output-path", str(output)],
        cwd=into,
        env=tool_env(),
    )
    (output / "py.typed").write_text("# Marker file for PEP 561")
    # What the generator left out (e.g. a media type it cannot parse) is worth seeing.
    for line in said.splitlines():
        if line.startswith("WARNING"):
            print(f"openapi-python-client: {line}", file=sys.stderr)


def write_typescript(schema: Path, into: Path) -> None:
    generator = TYPESCRIPT / "node_modules" / ".bin" / "openapi-typescript"
    if not generator.exists():
        sys.exit(f"{generator} is missing: run `npm ci` in {TYPESCRIPT}")
    output = into / "typescript" / TYPES
    output.parent.mkdir(parents=True, exist_ok=True)
    # Without --default-non-nullable false, request fields that have a default
    # (visibility, uno) would become required.
    run(
        [str(generator), str(schema), "-o", str(output), "--default-non-nullable", "false"],
        cwd=TYPESCRIPT,
    )


def for_generators(schema: Path, folder: Path) -> Path:
    """The schema the generators read: the served one, except that a Server-Sent Events
    answer is text. The served schema describes one event there (as OpenAPI 3.0 and test
    tools read an event stream), while a generated call reads the whole body at once,
    which only text can hold (docs/clients.md says how to follow a stream)."""
    import yaml

    document = yaml.safe_load(schema.read_text())
    for operations in document["paths"].values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            for response in operation.get("responses", {}).values():
                events = response.get("content", {}).get("text/event-stream")
                if events is not None:
                    events["schema"] = {"type": "string"}
    derived = folder / SCHEMA
    derived.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True))
    return derived


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--into", type=Path, default=CLIENTS)
    parser.add_argument("--only", choices=["python", "typescript"])
    args = parser.parse_args()
    into = args.into.resolve()
    into.mkdir(parents=True, exist_ok=True)
    schema = write_schema(into)
    with tempfile.TemporaryDirectory() as folder:
        derived = for_generators(schema, Path(folder))
        if args.only in (None, "python"):
            write_python(derived, into)
        if args.only in (None, "typescript"):
            write_typescript(derived, into)


if __name__ == "__main__":
    main()
