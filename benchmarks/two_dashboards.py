"""Two dashboard processes behind nginx with sticky sessions, shown (issue #25).

Starts what a clinic with two dashboard processes runs (docs/operations.md, "More
dashboard processes behind a reverse proxy"): two `streamlit run serve.py` processes with
`make run`'s flags on two loopback ports and one analyzer worker, all on one data folder,
and in front of them a real nginx whose upstream is sticky by a cookie of its own
(`hash $medcase_route consistent`, the cookie set on the first answer). Then one Chromium
drives N browser contexts through the proxy, each signed in as a doctor, and prints:

- the process each session landed on (the proxy's answer header and access log), and how
  many sessions each process holds (WebSocket upgrades per process, and its CPU);
- that every request of every session, across its reruns and a reload, reached the same
  process (the access log: one upstream per route cookie; one WebSocket per page load);
- that a case created through process A (a form with a lab file upload: an upload is an
  HTTP request of its own, so it must reach the session's process) is seen through B.

nginx comes from the system (Debian: `apt-get install -y nginx`); without it the script
says so and exits 2. It runs its own nginx with a configuration in a temporary folder and
stops it at the end; the system's nginx service is not touched. Exits 1 when a check fails.

    python -m benchmarks.two_dashboards [--contexts 6]
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, WebSocket, expect, sync_playwright
from streamlit.proto.BackMsg_pb2 import BackMsg

from benchmarks.clinic_load import (
    STARTUP_SECONDS,
    STEP_TIMEOUT_S,
    Doctor,
    cpu_seconds,
    fill_new_case,
    make_run_commands,
    on_list,
    seed,
    sign_in,
)
from benchmarks.clinic_load import _healthy as healthy
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.script_runs import STREAM_PATH
from tests.samples import pdf_bytes

ROOT = Path(__file__).resolve().parents[1]
ROUTE_COOKIE = "medcase_route"
UPSTREAM_HEADER = "x-medcase-upstream"
MAX_CONTEXTS = 20  # opened until both processes hold a session, at most

# The proxy as docs/operations.md shows it, on loopback ports chosen at start. The route
# cookie is nginx's own: the first answer sets it to that request's id, and every later
# request of the browser (the page, its scripts, the WebSocket, uploads, media) is hashed
# by it to the same process. A process that stops answering is passed over (max_fails).
NGINX_CONF = """
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
{user}
events {{ worker_connections 1024; }}
http {{
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    log_format medcase '$msec $status $upstream_addr route=$medcase_route "$request"';
    access_log {folder}/access.log medcase;

    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ""      close;
    }}
    map $cookie_{cookie} $medcase_route {{
        ""      $request_id;
        default $cookie_{cookie};
    }}
    upstream medcase {{
        hash $medcase_route consistent;
        server 127.0.0.1:{port_a} max_fails=1 fail_timeout=10s;
        server 127.0.0.1:{port_b} max_fails=1 fail_timeout=10s;
    }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 201m;
        location / {{
            proxy_pass http://medcase;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1d;
            proxy_send_timeout 1d;
            proxy_buffering off;
            add_header Set-Cookie "{cookie}=$medcase_route; Path=/; HttpOnly; SameSite=Lax" always;
            add_header X-MedCase-Upstream $upstream_addr always;
        }}
    }}
}}
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Clinic:
    proxy_url: str
    dashboards: dict[str, subprocess.Popen[bytes]]  # "127.0.0.1:port" -> its process
    access_log: Path
    names: dict[str, str] = field(default_factory=dict)  # upstream -> "A" / "B"

    def cpu(self) -> dict[str, float]:
        return {name: cpu_seconds(process.pid) for name, process in self.dashboards.items()}


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx", "/sbin/nginx") if os.access(path, os.X_OK)), None
    )


@contextlib.contextmanager
def running_clinic(folder: Path, nginx: str) -> Iterator[Clinic]:
    """Two dashboards and a worker on one data folder, nginx in front; stopped at the end."""
    flags, worker = make_run_commands()
    data_dir = folder / "data"
    environment = {
        k: v for k, v in os.environ.items() if not k.startswith(("MEDCASE_", "OPENAI_", "SUPA"))
    }
    environment |= {
        "MEDCASE_DATA_DIR": str(data_dir),
        "MEDCASE_ANALYZER": "separate",
        "MEDCASE_TRUSTED_PROXIES": "127.0.0.1",
    }
    output = (folder / "server.log").open("wb")
    processes: list[subprocess.Popen[bytes]] = []
    dashboards: dict[str, subprocess.Popen[bytes]] = {}
    proxy_folder = folder / "nginx"
    proxy_folder.mkdir()
    # nginx's workers run as an unprivileged user when it is started as root; they write
    # request bodies (uploads) to the temporary folders below.
    for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (proxy_folder / name).mkdir(mode=0o777)
        (proxy_folder / name).chmod(0o777)
    folder.chmod(0o755)
    proxy_folder.chmod(0o755)
    try:
        processes += [
            subprocess.Popen(
                [sys.executable, *worker],
                cwd=ROOT,
                env=environment,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
            for _ in range(1 if worker else 0)
        ]
        ports = [free_port(), free_port()]
        for port in ports:
            command = [sys.executable, "-m", "streamlit", "run", *flags]
            command += ["--server.address=127.0.0.1", f"--server.port={port}"]
            process = subprocess.Popen(
                command, cwd=ROOT, env=environment, stdout=output, stderr=subprocess.STDOUT
            )
            processes.append(process)
            dashboards[f"127.0.0.1:{port}"] = process
        proxy_port = free_port()
        conf = proxy_folder / "nginx.conf"
        conf.write_text(
            NGINX_CONF.format(
                folder=proxy_folder,
                user="user nobody nogroup;" if os.geteuid() == 0 else "",
                cookie=ROUTE_COOKIE,
                port_a=ports[0],
                port_b=ports[1],
                port=proxy_port,
            )
        )
        check = subprocess.run(
            [nginx, "-t", "-q", "-p", str(proxy_folder), "-c", str(conf)],
            capture_output=True,
            text=True,
        )
        if check.returncode != 0:
            raise RuntimeError(f"nginx refused the configuration:\n{check.stderr}")
        processes.append(
            subprocess.Popen(
                [nginx, "-p", str(proxy_folder), "-c", str(conf), "-g", "daemon off;"],
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        )
        deadline = time.monotonic() + STARTUP_SECONDS
        for upstream, process in dashboards.items():
            while not healthy(f"http://{upstream}"):
                if process.poll() is not None or time.monotonic() > deadline:
                    log = (folder / "server.log").read_text(errors="replace")
                    raise RuntimeError(f"a dashboard did not start:\n{log[-3000:]}")
                time.sleep(0.25)
        proxy_url = f"http://127.0.0.1:{proxy_port}"
        while not healthy(proxy_url):
            if processes[-1].poll() is not None or time.monotonic() > deadline:
                raise RuntimeError((proxy_folder / "error.log").read_text(errors="replace"))
            time.sleep(0.1)
        names = dict(zip(dashboards, "AB", strict=True))
        yield Clinic(proxy_url, dashboards, proxy_folder / "access.log", names)
    finally:
        for process in reversed(processes):
            process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        output.close()


@dataclass
class Session:
    """One browser context, signed in through the proxy."""

    doctor: Doctor
    upstream: str  # the process its page came from (the proxy's answer header)
    route: str  # its route cookie
    sockets: list[str] = field(default_factory=list)  # the WebSockets it opened
    reruns: list[int] = field(default_factory=list)  # runs asked for, per WebSocket

    def watch(self, socket: WebSocket) -> None:
        if STREAM_PATH not in socket.url:
            return
        self.sockets.append(socket.url)
        self.reruns.append(0)
        number = len(self.reruns) - 1

        def sent(payload: str | bytes) -> None:
            if isinstance(payload, bytes) and BackMsg.FromString(payload).HasField("rerun_script"):
                self.reruns[number] += 1

        socket.on("framesent", sent)


def open_session(browser: Browser, clinic: Clinic, email: str) -> Session:
    doctor = Doctor(browser, clinic.proxy_url, email)
    session = Session(doctor, "", "")
    doctor.page.on("websocket", session.watch)
    answer = doctor.page.goto(clinic.proxy_url)
    assert answer is not None
    session.upstream = answer.headers[UPSTREAM_HEADER]
    expect(doctor.main.get_by_label("Email")).to_be_visible()
    cookies = doctor.context.cookies()
    session.route = next(c["value"] for c in cookies if c["name"] == ROUTE_COOKIE)
    return session


def sign_in_and_move(session: Session) -> None:
    """Sign in, then a few reruns over the session's WebSocket: to New case and back."""
    doctor = session.doctor
    sign_in(doctor)
    on_list(doctor)
    doctor.runs.wait_until_idle(doctor.page, STEP_TIMEOUT_S)
    nav = doctor.page.get_by_test_id("stSidebarNav")
    for page in ("New case", "Cases"):
        nav.get_by_role("link", name=page, exact=True).click()
        expect(doctor.main.get_by_role("heading", name=page, exact=True)).to_be_visible()
        doctor.runs.wait_until_idle(doctor.page, STEP_TIMEOUT_S)


def reload_kept(session: Session) -> str:
    """Reload the page; the process that answered (still signed in: the kept session)."""
    answer = session.doctor.page.reload()
    assert answer is not None
    on_list(session.doctor)
    return answer.headers[UPSTREAM_HEADER]


def create_case(session: Session, folder: Path, patient: str) -> None:
    """Create a case with a lab file through the session's page."""
    doctor = session.doctor
    lab = folder / "cbc.pdf"
    lab.write_bytes(pdf_bytes())
    fill_new_case(doctor, patient, 64, "Female", lab).click()
    expect(doctor.main.get_by_text(patient).first).to_be_visible()
    doctor.runs.wait_until_idle(doctor.page, STEP_TIMEOUT_S)


def sees_case(session: Session, patient: str) -> bool:
    doctor = session.doctor
    nav = doctor.page.get_by_test_id("stSidebarNav")
    nav.get_by_role("link", name="Cases", exact=True).click()
    rows = doctor.main.get_by_test_id("stDataFrame").filter(has_text=patient)
    try:
        expect(rows).to_have_count(1)
    except AssertionError:
        return False
    return True


def access_log(path: Path) -> list[tuple[str, str, str, str]]:
    """(status, upstream, route, request) of every request nginx logged."""
    rows = []
    for line in path.read_text(errors="replace").splitlines():
        stamp, status, upstream, route, request = line.split(" ", 4)
        rows.append((status, upstream, route.removeprefix("route="), request.strip('"')))
        del stamp
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--contexts", type=int, default=6, help="browser contexts at least")
    arguments = parser.parse_args()
    nginx = nginx_binary()
    if nginx is None:
        print(
            "nginx is not installed: this demonstration runs a real reverse proxy.\n"
            "Install it (Debian/Ubuntu: sudo apt-get install -y nginx; the service need not"
            " run) and start the script again.",
            file=sys.stderr,
        )
        return 2
    expect.set_options(timeout=STEP_TIMEOUT_S * 1000)
    folder = Path(tempfile.mkdtemp(prefix="two-dashboards-"))
    failures: list[str] = []
    try:
        emails = seed(folder / "data", 1)
        email = emails[0]
        print(f"seeded=1 doctor, shared data folder {folder / 'data'}", flush=True)
        with running_clinic(folder, nginx) as clinic, sync_playwright() as playwright:
            print(
                "processes: "
                + ", ".join(
                    f"{clinic.names[u]}={u} (pid {p.pid})" for u, p in clinic.dashboards.items()
                )
                + f"; proxy {clinic.proxy_url}",
                flush=True,
            )
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            cpu_before = clinic.cpu()
            sessions: list[Session] = []
            while len(sessions) < arguments.contexts or (
                len({s.upstream for s in sessions}) < 2 and len(sessions) < MAX_CONTEXTS
            ):
                sessions.append(open_session(browser, clinic, email))
            for session in sessions:
                sign_in_and_move(session)
            reloaded = {id(s): reload_kept(s) for s in sessions}
            for number, session in enumerate(sessions, start=1):
                after = reloaded[id(session)]
                print(
                    f"session {number}: process {clinic.names[session.upstream]}, "
                    f"after the reload {clinic.names.get(after, after)}; "
                    f"{len(session.sockets)} WebSockets (one per page load), "
                    f"script runs asked on each: {session.reruns}",
                    flush=True,
                )
                if after != session.upstream:
                    failures.append(f"session {number} moved from {session.upstream} to {after}")
                if len(session.sockets) != 2:
                    failures.append(f"session {number} opened {len(session.sockets)} WebSockets")
            by_process = collections.Counter(clinic.names[s.upstream] for s in sessions)
            on_a = next((s for s in sessions if clinic.names[s.upstream] == "A"), None)
            on_b = next((s for s in sessions if clinic.names[s.upstream] == "B"), None)
            if on_a is None or on_b is None:
                failures.append(f"all {len(sessions)} sessions landed on one process")
            else:
                create_case(on_a, folder, "Proxy Patient")
                seen = sees_case(on_b, "Proxy Patient")
                print(f"case created through A seen through B: {'yes' if seen else 'no'}")
                if not seen:
                    failures.append("the case created through A was not seen through B")
            cpu_after = clinic.cpu()
            for session in sessions:
                session.doctor.context.close()  # nginx logs a WebSocket when it closes
            browser.close()
            time.sleep(1)
            rows = access_log(clinic.access_log)
            upstreams_by_route: dict[str, set[str]] = collections.defaultdict(set)
            upgrades: collections.Counter[str] = collections.Counter()
            for status, upstream, route, request in rows:
                upstreams_by_route[route].add(upstream)
                if status == "101" and STREAM_PATH in request:
                    upgrades[clinic.names.get(upstream, upstream)] += 1
            ours = {s.route for s in sessions}
            split = {r: u for r, u in upstreams_by_route.items() if r in ours and len(u) != 1}
            requests = sum(1 for row in rows if row[2] in ours)
            print(
                f"sessions per process: {dict(sorted(by_process.items()))}; "
                f"WebSocket upgrades per process (access log): {dict(sorted(upgrades.items()))}",
                flush=True,
            )
            for upstream, name in clinic.names.items():
                spent = cpu_after[upstream] - cpu_before[upstream]
                print(f"process {name}: {spent:.1f} s of CPU while the sessions ran", flush=True)
            print(
                f"requests through the proxy: {requests} from {len(ours)} sessions; "
                f"sessions whose requests reached more than one process: {len(split)}",
                flush=True,
            )
            if split:
                failures.append(f"requests of {len(split)} sessions reached two processes")
    except Exception:
        for name in ("nginx/error.log", "nginx/access.log", "server.log"):
            log = folder / name
            if log.exists():
                print(f"--- {name} (end)\n{log.read_text(errors='replace')[-2500:]}")
        raise
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print("two_dashboards " + ("ok" if not failures else "FAILED: " + "; ".join(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
