"""`docker compose`, without Docker, for the operator commands of docs/ (the docs test's
shell blocks call `docker` and get this): each service's command runs here, as this
machine's process, in the environment docker-compose.yml gives that service.

- The environment is the compose file's, `${…}` filled from the shell and then `.env` in
  the working directory (the page's folder, where the page's own blocks write `.env`),
  as compose fills it; a missing `${X:?…}` stops the command with compose's message.
- Host names are servers here: `postgres:5432` is the page's own PostgreSQL cluster
  (DOCS_COMPOSE_POSTGRES, `host:port`; the test starts it as Docker would start the
  container, with trust auth, so passwords are not checked; a cluster of its own because
  the compose set-up's names, `uno` above all, may be taken on the test server), and so
  is `pgbouncer:6432` (no pooler runs here: the statements are the same without it),
  `redis:6379/0` the test broker, `redis:6379/1` the test Redis (DOCS_COMPOSE_BROKER,
  DOCS_COMPOSE_REDIS). Container paths are folders of the page: a named volume is
  `.compose/volumes/NAME`, a bind mount its host path (`-v "$PWD":/backup` too), and
  `/run/…` (tmpfs) a fresh folder; so `/keys/…` in a command or a variable means the
  `signing-key` volume's folder.
- `run` and `exec` run the command (or the service's own), with `-e` added; `--rm`,
  `--no-deps`, `--user` and `-T` change nothing here. `exec postgres psql …` is psql
  against the page's cluster (PGHOST, PGPORT).
- `up` does what a start does once: the postgres service's first start (an empty
  `postgres-data` folder) runs its init script, then the one-shot `migrate` runs; the
  long-running services (web, streams, proxy, worker, bots, beat) are not started: the
  page's requests go to the served instance. `--build` and `-d` change nothing (the image is this
  checkout), so `stop` has nothing to stop.
Anything else fails, so a page cannot claim more than was run.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
COMPOSE = REPO / "docker-compose.yml"
LONG_RUNNING = ("web", "streams", "proxy", "worker", "bots", "beat")
#: Folders the image makes (Dockerfile) that the service writes to.
IMAGE_FOLDERS = ("/data", "/keys")
#: What a container has of this machine's environment (the rest is the image's and compose's).
HOST_VARIABLES = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "TZ")
VARIABLE = re.compile(r"\$\{(?P<name>\w+)(?:(?P<op>:?[-?])(?P<arg>[^}]*))?\}")


def dotenv(folder: Path) -> dict[str, str]:
    env_file = folder / ".env"
    if not env_file.exists():
        return {}
    pairs = (line.split("=", 1) for line in env_file.read_text().splitlines() if "=" in line)
    return {name.strip(): value.strip() for name, value in pairs if not name.startswith("#")}


class Project:
    def __init__(self, folder: Path):
        self.folder = folder
        self.state = folder / ".compose"
        self.values = {**dotenv(folder), **os.environ}
        self.services = yaml.safe_load(COMPOSE.read_text())["services"]
        self.pg_host, self.pg_port = os.environ["DOCS_COMPOSE_POSTGRES"].split(":")
        self.redis = {"0": os.environ["DOCS_COMPOSE_BROKER"], "1": os.environ["DOCS_COMPOSE_REDIS"]}

    def fill(self, text: str) -> str:
        def value(match: re.Match) -> str:
            name, op, arg = match["name"], match["op"], match["arg"]
            current = self.values.get(name)
            if op in (":?", "?") and not current:
                sys.exit(f"error: required variable {name} is missing a value: {arg}")
            if op in (":-", "-") and not current:
                return arg
            return current or ""

        return VARIABLE.sub(value, text.replace("$$", "\0")).replace("\0", "$")

    def mounts(self, service: str, extra: list[str]) -> dict[str, Path]:
        """Container path -> host path, the longest first."""
        found = {}
        for spec in [*self.services[service].get("volumes", []), *extra]:
            source, target = spec.split(":")[:2]
            if source.startswith((".", "/")):
                found[target] = REPO / source if source.startswith(".") else Path(source)
            else:
                found[target] = self.state / "volumes" / source
        for target in IMAGE_FOLDERS:  # the container's own, where no volume is mounted
            found.setdefault(target, self.state / "containers" / service / target.strip("/"))
        for target in self.services[service].get("tmpfs", []):
            found[target] = self.state / "tmpfs" / service / target.strip("/")
        for host in found.values():
            if not host.suffix:
                host.mkdir(parents=True, exist_ok=True)
        return dict(sorted(found.items(), key=lambda item: -len(item[0])))

    def local(self, text: str, mounts: dict[str, Path]) -> str:
        """A command's argument or a variable's value, with this machine's hosts and paths."""
        text = re.sub(r"@(postgres:5432|pgbouncer:6432)/", f"@{self.pg_host}:{self.pg_port}/", text)
        text = re.sub(r"redis://redis:6379/(\d+)", lambda m: self.redis[m[1]], text)
        for target, host in mounts.items():
            text = re.sub(rf"(?<![\w.]){re.escape(target)}(?=/|\b|$)", str(host), text)
        return text

    def environment(self, service: str, mounts: dict[str, Path], extra: dict[str, str]):
        declared = self.services[service].get("environment", {})
        env = {name: os.environ[name] for name in HOST_VARIABLES if name in os.environ}
        image = image_environment() if service != "postgres" else {}
        for name, value in {**image, **declared, **extra}.items():
            env[name] = self.local(self.fill(str(value if value is not None else "")), mounts)
        if service == "postgres":
            env.update(PGHOST=self.pg_host, PGPORT=self.pg_port)
        return env

    def run(self, service: str, command: list[str], options: dict) -> int:
        if service not in self.services:
            sys.exit(f"no such service: {service}")
        mounts = self.mounts(service, options["volumes"])
        env = self.environment(service, mounts, options["env"])
        if not command:
            command = [self.fill(str(part)) for part in self.services[service]["command"]]
        if options["entrypoint"]:
            command = [options["entrypoint"], *command]
        command = [self.local(part, mounts) for part in command]
        cwd = self.folder if service == "postgres" else REPO  # the image's WORKDIR is /app
        return subprocess.run(command, cwd=cwd, env=env).returncode

    def up(self, services: list[str]) -> int:
        started = self.state / "volumes" / "postgres-data" / "initialized"
        if not started.exists():
            started.parent.mkdir(parents=True, exist_ok=True)
            init = ["/docker-entrypoint-initdb.d/10-uno-roles.sh"]
            if self.run("postgres", init, options()) != 0:
                return 1
            started.touch()
        if not services or "migrate" in services or set(services) & set(LONG_RUNNING):
            return self.run("migrate", [], options())
        return 0


def image_environment() -> dict[str, str]:
    """The ENV of the Dockerfile's last stage (its PATH is this checkout's, already)."""
    stage = re.split(r"^FROM .*$", (REPO / "Dockerfile").read_text(), flags=re.M)[-1]
    env = {}
    for instruction in re.findall(r"^ENV ((?:.*\\\n)*.*)$", stage, flags=re.M):
        for pair in shlex.split(instruction.replace("\\\n", " ")):
            name, value = pair.split("=", 1)
            env[name] = value
    env.pop("PATH", None)
    return env


def options() -> dict:
    return {"env": {}, "volumes": [], "entrypoint": None}


def main(args: list[str]) -> int:
    if args[:1] != ["compose"]:
        sys.exit(f"only `docker compose` runs here: docker {' '.join(args)}")
    project = Project(Path.cwd())
    verb, rest = args[1], args[2:]
    chosen, flags = options(), {"--rm", "--no-deps", "-T", "-d", "--detach", "--build"}
    while rest and rest[0].startswith("-"):
        flag = rest.pop(0)
        if flag in flags:
            continue
        if flag == "-e":
            name, value = rest.pop(0).split("=", 1)
            chosen["env"][name] = value
        elif flag == "-v":
            chosen["volumes"].append(rest.pop(0))
        elif flag == "--entrypoint":
            chosen["entrypoint"] = rest.pop(0)
        elif flag == "--user":
            rest.pop(0)
        else:
            sys.exit(f"not emulated: docker compose {verb} {flag}")
    if verb in ("run", "exec"):
        return project.run(rest[0], rest[1:], chosen)
    if verb == "up":
        return project.up(rest)
    if verb == "stop":
        return 0
    sys.exit(f"not emulated: docker compose {verb}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
