"""What the benchmark scripts share: a throwaway work folder, free loopback ports, bounded
waiting, CPU time of a process tree, throwaway PostgreSQL and Redis servers started as
.ci/run does, and the verdict lines that end a report."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit


def work_folder(stack: contextlib.ExitStack, name: str, keep: bool) -> tuple[Path, Path]:
    """A new folder for one run (removed at the end unless `keep`), and its `data` folder."""
    work = Path(tempfile.mkdtemp(prefix=f"uno-bench-{name}."))
    work.chmod(0o755)  # the postgres user must reach its folder inside
    if not keep:
        stack.callback(shutil.rmtree, work, ignore_errors=True)
    data_dir = work / "data"
    data_dir.mkdir()
    return work, data_dir


def say_verdicts(say, result: dict, width: int = 28) -> None:
    """A report's last lines: failed requests, each goal met or not, the whole as JSON."""
    if result["failure_count"]:
        say(f"failed requests: {result['failure_count']}, first: {result['failures'][0]}")
    for name, goal in result["goals"].items():
        verdict = "pass" if goal["met"] else "FAIL"
        say(f"goal {name:{width}} {goal['value']!s:>8} {goal['goal']:>7}  {verdict}")
    say(json.dumps(result, sort_keys=True))


_PORTS_GIVEN: set[int] = set()


def free_port() -> int:
    """A port no other server started by this machine's tests or benchmarks is given.

    Not the kernel's `bind(("", 0))`: that port comes from the ephemeral range, which
    every outgoing connection (to PostgreSQL, Redis) also draws from, and which another
    process asking the same way may be handed before the server binds it; a server that
    cannot bind retries while the test talks to whoever holds the port. So: below the
    ephemeral range, a slice of its own for each pytest-xdist worker, never the same
    port twice in a process, and one that binds now.
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    slot = int(worker[2:]) + 1 if worker.startswith("gw") and worker[2:].isdigit() else 0
    low = 20000 + (slot % 8) * 1500
    for _ in range(2):  # once every port of the slice was given, they are given again
        for port in random.Random().sample(range(low, low + 1500), 1500):
            if port in _PORTS_GIVEN:
                continue
            with socket.socket() as sock:
                try:
                    sock.bind(("127.0.0.1", port))
                except OSError:
                    continue
            _PORTS_GIVEN.add(port)
            return port
        _PORTS_GIVEN.difference_update(range(low, low + 1500))
    raise RuntimeError(f"no free port in {low}..{low + 1499}")


def cpu_seconds(pid: int, alone: bool = False) -> float:
    """CPU time of a process, its live descendants and the children they reaped (or of
    the process `alone`)."""
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = defaultdict(list)
    own: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children[int(fields[1])].append(int(entry.name))
        own[int(entry.name)] = sum(int(f) for f in fields[11 : 13 if alone else 15]) / tick
    if alone:
        return own.get(pid, 0.0)
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += own.get(current, 0.0)
        todo += children.get(current, [])
    return total


def wait_for(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out after {timeout:g}s waiting for {what}")
        time.sleep(0.1)


def start_postgres(
    stack: contextlib.ExitStack, work: Path, database: str = "postgres", *, durable: bool = False
) -> tuple[str, int]:
    """A PostgreSQL server on a free loopback port, stopped when `stack` closes; returns
    the URL of `database` (created unless it is `postgres`) and the server's pid. With
    `durable`, full-page writes and synchronous commit are on, as in production (the WAL
    a write costs is then what a real server writes); fsync stays off either way."""
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    pg_bin = bins[-1] if bins else Path(shutil.which("initdb") or "initdb").parent
    root = work / "pg"
    root.mkdir()
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        shutil.chown(root, "postgres", "postgres")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    subprocess.run(
        [*as_postgres, str(pg_bin / "initdb"), "-D", str(root / "data"), "-U", "postgres"]
        + ["--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"],
        check=True,
        capture_output=True,
    )
    pg_ctl = [*as_postgres, str(pg_bin / "pg_ctl"), "-D", str(root / "data")]
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off "
    options += (
        "-c max_connections=200"
        if durable
        else "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    )
    subprocess.run(
        [*pg_ctl, "-l", str(root / "log"), "-w", "-t", "30", "start", "-o", options],
        check=True,
        capture_output=True,
    )
    stack.callback(
        subprocess.run, [*pg_ctl, "-m", "fast", "-w", "-t", "20", "stop"], capture_output=True
    )
    if database != "postgres":
        subprocess.run(
            [str(pg_bin / "psql"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-qc"]
            + [f"create database {database}"],
            check=True,
        )
    pid = int((root / "data" / "postmaster.pid").read_text().split()[0])
    return f"postgres://postgres@127.0.0.1:{port}/{database}", pid


def start_redis(stack: contextlib.ExitStack, work: Path) -> tuple[str, int]:
    """A Redis server on a free loopback port, stopped when `stack` closes; returns the
    URL of its database 0 and the server's pid."""
    port = free_port()
    pidfile = work / "redis.pid"
    subprocess.run(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly"]
        + ["no", "--daemonize", "yes", "--pidfile", str(pidfile), "--logfile"]
        + [str(work / "redis.log"), "--dir", str(work)],
        check=True,
    )

    def stop():
        with contextlib.suppress(OSError, ValueError):
            os.kill(int(pidfile.read_text()), signal.SIGTERM)

    stack.callback(stop)

    def answers() -> bool:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
        return False

    wait_for(answers, 10, "Redis")
    return f"redis://127.0.0.1:{port}/0", int(pidfile.read_text())


REPO = Path(__file__).resolve().parent.parent
#: What docker-compose.yml's `web` command serves, after `gunicorn`: the WSGI application
#: under the sync worker (the proxy sends what waits to `streams`, which serve ASGI_APP
#: under the configuration's uvicorn workers, as bin/serve does).
WEB_TIER = [
    "unoservice.wsgi:application",
    "--worker-class=unoservice.gunicorn_sync_worker.SyncWorker",
]
ASGI_APP = "unoservice.asgi:application"


def haproxy_config(
    port: int, web_ports: list[int], stream_ports: list[int], stats: Path | None = None
) -> str:
    """deploy/haproxy.cfg, compose's proxy, with its containers (found through compose's
    DNS) replaced by servers on loopback ports: the routing and options are the file's;
    with `stats`, a stats socket there (haproxy_stats, haproxy_servers_up)."""
    text = (REPO / "deploy" / "haproxy.cfg").read_text()
    text = re.sub(r"\nresolvers docker\n(    .*\n)+", "\n", text)
    text = text.replace(" init-addr none resolvers docker", "")
    text = text.replace("maxconn 20000", "maxconn 4000")  # within a shell's file limit
    text = text.replace("bind :8000", f"bind 127.0.0.1:{port}")
    if stats is not None:
        text = text.replace("global\n", f"global\n    stats socket {stats}\n", 1)
    for name, ports in (("web", web_ports), ("streams", stream_ports)):
        lines = "\n".join(f"    server {name}{n} 127.0.0.1:{p} check" for n, p in enumerate(ports))
        text = re.sub(rf"    server-template {name} .*", lambda _, lines=lines: lines, text)
    return text


def haproxy_stats(stats: Path) -> list[dict]:
    """HAProxy's `show stat` (its stats socket), a dict per proxy and server."""
    with socket.socket(socket.AF_UNIX) as sock:
        sock.connect(str(stats))
        sock.sendall(b"show stat\n")
        table = b""
        while chunk := sock.recv(65536):
            table += chunk
    lines = [line for line in table.decode().splitlines() if line.strip()]
    columns = lines[0].lstrip("# ").split(",")
    return [dict(zip(columns, line.split(","), strict=False)) for line in lines[1:]]


def haproxy_servers_up(stats: Path) -> bool:
    """Whether HAProxy (started, its stats socket open) counts every server of every
    backend up: their health checks passed."""
    with contextlib.suppress(OSError):
        rows = haproxy_stats(stats)
        servers = [row for row in rows if row["svname"] not in ("FRONTEND", "BACKEND")]
        return bool(servers) and all(row["status"] == "UP" for row in servers)
    return False


def start_haproxy(
    stack: contextlib.ExitStack, work: Path, web_ports: list[int], stream_ports: list[int]
) -> tuple[int, int]:
    """compose's proxy (haproxy_config) on a free loopback port, stopped when `stack`
    closes; returns its port and pid once every server passed its health checks."""
    port = free_port()
    config, stats, pidfile = work / "haproxy.cfg", work / "haproxy.sock", work / "haproxy.pid"
    config.write_text(haproxy_config(port, web_ports, stream_ports, stats))
    subprocess.run(
        ["haproxy", "-D", "-f", str(config), "-p", str(pidfile)], check=True, capture_output=True
    )

    def stop():
        with contextlib.suppress(OSError, ValueError):
            os.kill(int(pidfile.read_text().split()[0]), signal.SIGTERM)

    stack.callback(stop)
    wait_for(lambda: haproxy_servers_up(stats), 20, "HAProxy's servers to pass their checks")
    return port, int(pidfile.read_text().split()[0])


@dataclass(frozen=True)
class Pgbouncer:
    url: str  # the database through it: the same user, password and database name
    admin_url: str  # its console: SHOW SERVERS (remote_pid: their backends), SHOW STATS
    pid: int  # its process (or the runuser above it), for cpu_seconds

    def console(self):
        """A connection to its console, which speaks the simple protocol only: psycopg
        must prepare nothing."""
        import psycopg

        return psycopg.connect(self.admin_url, autocommit=True, prepare_threshold=None)


def console_rows(console, what: str) -> list[dict]:
    """`SHOW <what>` on a console connection, as rows."""
    cursor = console.execute(f"SHOW {what}")
    names = [column.name for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def start_pgbouncer(stack: contextlib.ExitStack, database_url: str, *, pool_size: int) -> Pgbouncer:
    """pgbouncer (Debian's package) in transaction mode on a free loopback port, in front
    of the database `database_url` names, with at most `pool_size` server connections;
    stopped when `stack` closes."""
    target = urlsplit(database_url)
    name = target.path.lstrip("/")
    folder = Path(tempfile.mkdtemp(prefix="uno-pgbouncer."))
    stack.callback(shutil.rmtree, folder, ignore_errors=True)
    folder.chmod(0o755)
    user = target.username or "postgres"
    server = f"host={target.hostname or '127.0.0.1'} port={target.port or 5432} dbname={name}"
    server += f" user={user}" + (f" password={target.password}" if target.password else "")
    port = free_port()
    (folder / "users.txt").write_text(f'"{user}" "{target.password or ""}"\n')
    (folder / "pgbouncer.ini").write_text(
        f"[databases]\n{name} = {server}\n\n[pgbouncer]\n"
        f"listen_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\n"
        f"auth_type = trust\nauth_file = {folder / 'users.txt'}\nadmin_users = {user}\n"
        f"pool_mode = transaction\ndefault_pool_size = {pool_size}\n"
        "max_client_conn = 1000\nreserve_pool_size = 0\n"
        f"logfile = {folder / 'pgbouncer.log'}\n"
    )
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # pgbouncer refuses to run as root
        for path in folder.iterdir():
            shutil.chown(path, "postgres", "postgres")
        shutil.chown(folder, "postgres", "postgres")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    binary = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
    process = subprocess.Popen(
        [*as_postgres, binary, str(folder / "pgbouncer.ini")],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )

    def stop() -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)

    stack.callback(stop)

    def answers() -> bool:
        if process.poll() is not None:
            log = folder / "pgbouncer.log"
            raise SystemExit(f"pgbouncer exited: {log.read_text() if log.exists() else ''}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return True
        return False

    wait_for(answers, 10, "pgbouncer")
    auth = user + (f":{target.password}" if target.password else "")
    through = urlunsplit(target._replace(netloc=f"{auth}@127.0.0.1:{port}"))
    return Pgbouncer(through, f"postgres://{auth}@127.0.0.1:{port}/pgbouncer", process.pid)


def redis_as_compose(stack: contextlib.ExitStack, work: Path, redis_url: str, bench: str) -> str:
    """The Redis a benchmark's service uses as compose's does: `redis_url`, or one started
    here. It holds the throttles' counters, the stream slots and the Celery queue (a
    queue named after the benchmark and its pid, should the Redis be shared); the
    settings reach the servers the benchmark starts through the environment. Returns
    the URL."""
    redis = redis_url or start_redis(stack, work)[0]
    os.environ.update(
        UNO_CACHE_URL=redis,
        UNO_STREAMS_REDIS_URL=redis,
        CELERY_BROKER_URL=redis,
        UNO_CELERY_QUEUE=f"uno-bench-{bench}-{os.getpid()}",
    )
    return redis
