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
