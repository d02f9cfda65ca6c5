"""The same simulation on a real local Ray cluster (no mocks): the same seed gives the same answers."""

from __future__ import annotations

import os

import pytest

from playproof.balance.runner import Plan, run_local

if os.environ.get("CI") != "true":  # in CI the cluster extra is installed and this must run
    pytest.importorskip("ray", reason="Ray is the optional extra playproof[cluster]")


def test_ray_gives_the_same_answers_as_one_process() -> None:
    from playproof.balance.cluster import run_ray, shutdown

    plan = Plan("who-will-reign", 2, 120, seed=4)
    try:
        on_ray = run_ray(plan, cpus=2)
    finally:
        shutdown()
    local = run_local(plan)
    on_ray.seconds = local.seconds = 0.0
    assert on_ray.to_dict() == local.to_dict()
    assert on_ray.games == 120


def test_a_module_planted_in_the_current_folder_never_runs_on_a_worker(tmp_path, monkeypatch) -> None:
    from playproof.balance.cluster import connect, run_ray, shutdown

    project = tmp_path / "downloaded-project"
    project.mkdir()
    marker = tmp_path / "planted-code-ran"
    for name in ("openpyxl", "playproof", "reportlab", "click"):  # modules a worker imports
        (project / f"{name}.py").write_text(f"open({str(marker)!r}, 'a').write('{name} ')\n")
    monkeypatch.chdir(project)
    plan = Plan("who-will-reign", 2, 60, seed=4)

    def _imported_from() -> dict[str, object]:  # a local function: sent to the worker by value
        import sys

        import openpyxl

        return {"path": list(sys.path), "openpyxl": openpyxl.__file__}
    try:
        on_ray = run_ray(plan, cpus=2)
        ray = connect(None)
        where = ray.get(ray.remote(_imported_from).remote())
    finally:
        shutdown()
    assert not marker.exists(), marker.read_text()
    assert on_ray.games == 60
    assert str(project) not in where["path"] and not where["openpyxl"].startswith(str(project))

