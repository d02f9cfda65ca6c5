"""The same simulation on a Ray cluster (optional extra `playproof[cluster]`): batches out, summaries back.

Ray is a well-kept distributed engine: it starts a local cluster (or joins one at `--address`),
schedules tasks on every node and moves their results back. Each task plays one batch of games
and returns only its summary, so memory stays flat however many games are played; summaries are
merged in batch order, so a seed gives the same numbers as on one machine.
"""

from __future__ import annotations

import socket
import tempfile
import time
from collections import deque
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

from playproof.balance.runner import Plan, Progress, batches, combine, engine_class, run_batch
from playproof.balance.stats import Summary
from playproof.errors import PlayproofError
from playproof.limits import CLUSTER_CONNECT_SECONDS, DOCS

IN_FLIGHT_PER_CPU = 2
"""Batches queued per CPU of the cluster: enough to keep every core busy, few enough to keep memory flat."""


def _ray() -> Any:
    """Import Ray, or say how to install it."""
    try:
        import ray
    except ImportError as exc:
        raise PlayproofError('--backend ray needs Ray: pip install "playproof[cluster]"') from exc
    return ray


def connect(address: str | None, cpus: int | None = None) -> Any:
    """Join the cluster at `address`, or start a local one (with `cpus` CPUs); return the ray module."""
    ray = _ray()
    if ray.is_initialized():
        return ray
    if address is not None:
        reachable(address)
    try:
        ray.init(address=address, num_cpus=cpus if address is None else None, include_dashboard=False,
                 log_to_driver=False, configure_logging=False, runtime_env=clean_runtime_env())
    except Exception as exc:  # Ray raises ConnectionError, RuntimeError... for a cluster it cannot reach
        raise PlayproofError(f"cannot start or join the Ray cluster{f' at {address}' if address else ''} "
                             f"({exc.__class__.__name__}: {exc})") from exc
    return ray


def clean_runtime_env() -> dict[str, Any]:
    """Return the runtime environment of every worker: playproof's own package, and an empty working folder.

    Without one, Ray puts the driver's current folder first on each worker's import path, so a downloaded
    project holding a module named like one a worker imports (`openpyxl.py`) would run its code there.
    """
    package = Path(__file__).resolve().parents[1]
    return {"working_dir": tempfile.mkdtemp(prefix="playproof-ray-"), "py_modules": [str(package)],
            "excludes": ["__pycache__", "*.pyc"]}


def reachable(address: str, seconds: float = CLUSTER_CONNECT_SECONDS) -> None:
    """Refuse a cluster address nothing answers at within `seconds` (Ray itself would wait forever)."""
    if address in ("auto", "local"):
        return
    host, _, port = address.split("://", 1)[-1].rpartition(":")
    if not host or not (port.isascii() and port.isdigit()) or not 0 < int(port) < 65536:
        raise PlayproofError(f'--address "{address}": expected HOST:PORT of a Ray cluster, e.g. 10.0.0.5:6379')
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=seconds).close()
    except OSError as exc:
        raise PlayproofError(f"cannot reach the Ray cluster at {address} within {seconds:.0f} s "
                             f"({exc.strerror or exc.__class__.__name__}); see {DOCS}") from exc


def run_ray(plan: Plan, address: str | None = None, cpus: int | None = None,
            progress: Progress | None = None) -> Summary:
    """Play a plan on a Ray cluster, streaming batch summaries back in order; return the total."""
    found = engine_class(plan)  # a plan the engine refuses fails here, before the cluster is asked
    plan = _with_example(plan, found.game_id)
    ray = connect(address, cpus)
    began = time.perf_counter()
    total = combine(_stream(ray, plan), plan, progress)
    total.seconds = time.perf_counter() - began
    return total


def _with_example(plan: Plan, game_id: str) -> Plan:
    """Name the bundled example project the driver found (a worker's copy of playproof has no examples)."""
    from playproof.playtest.engine import example_project

    example = example_project(game_id) if plan.project is None else None
    return replace(plan, project=str(example)) if example is not None else plan


def _stream(ray: Any, plan: Plan) -> Iterator[Summary]:
    """Yield the batches' summaries in order, keeping a bounded number of tasks in flight."""
    task = ray.remote(run_batch)
    window = max(2, IN_FLIGHT_PER_CPU * int(ray.cluster_resources().get("CPU", 1)))
    todo = iter(batches(plan.games))
    flight: deque[Any] = deque()
    for start, count in todo:
        flight.append(task.remote(plan, start, count))
        if len(flight) >= window:
            break
    while flight:
        yield _get(ray, flight.popleft())
        following = next(todo, None)
        if following is not None:
            flight.append(task.remote(plan, *following))


def _get(ray: Any, ref: Any) -> Summary:
    """Return a task's summary; a game that failed on a worker is one clear error."""
    try:
        return ray.get(ref)
    except Exception as exc:  # Ray wraps the worker's exception (RayTaskError): keep its message
        cause = getattr(exc, "cause", None) or exc
        raise PlayproofError(str(cause) if isinstance(cause, PlayproofError) else
                             f"a simulation task failed on the cluster ({cause.__class__.__name__}: {cause})") from exc


def shutdown() -> None:
    """Leave the cluster (stopping a local one)."""
    ray = _ray()
    if ray.is_initialized():
        ray.shutdown()
