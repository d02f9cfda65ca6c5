"""Findings in players' words: a row's sentence (a template with {expressions}) and conditions explained."""

from __future__ import annotations

from typing import Any

from playproof.playtest.declared.explain import explain
from playproof.playtest.declared.model import MoveSpec


def render(template: Any, ctx: Any) -> str:
    """Return a row's sentence with its {expressions} filled in for a move."""
    return str(template.render(ctx))


def explain_condition(spec: MoveSpec, ctx: Any) -> str:
    """Return which part of a move's condition failed, with the values that made it fail."""
    if spec.condition_parts is None:
        return f"{spec.texts.get('condition', '')} does not hold"
    return explain(spec.condition_parts, ctx)
