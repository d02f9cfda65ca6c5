"""Compose a scene for one side of one design: fields substituted, text fitted, problems reported."""

from __future__ import annotations

from typing import Any

from playproof.components.model import ComponentRow, ComponentSet
from playproof.layouts.context import ROW_FREE_FIELDS, UNSHARED, VALUE_OPS_KEPT, ComposeState, Context, geometry
from playproof.layouts.draw_elements import DRAWERS
from playproof.layouts.elements import Element, Side
from playproof.layouts.scene import Op, Scene
from playproof.layouts.spec import SetLayout


class Composer(ComposeState):
    """Builds scenes for a project's designs, sharing fonts, assets and a problem collector."""

    def scene(self, layout: SetLayout, side: Side, cset: ComponentSet, row: ComponentRow, back: bool = False) -> Scene:
        """Return the scene of one side of a row's design."""
        return build_scene(Context(self, layout, cset, row, back), side)


def build_scene(ctx: Context, side: Side) -> Scene:
    """Compose background, elements and border into a scene."""
    ops: list[Op] = []
    background = ctx.background_op(side)
    if background is not None:
        ops.append(background)
    for element in side.elements:
        if element.condition is None or element.condition.holds(ctx.fields):
            ops.extend(element_ops(ctx, element))
    if side.border is not None:
        ops.extend(ctx.border_ops(side))
    folds: tuple[float, ...] = ()
    if ctx.layout.panels > 1:
        folds = tuple(ctx.width * i / ctx.layout.panels for i in range(1, ctx.layout.panels))
        if ctx.back:
            folds = tuple(ctx.width - x for x in reversed(folds))
    return Scene(ctx.width, ctx.height, ctx.outline, ctx.bleed_outline, ctx.layout.bleed, tuple(ops),
                 folds, ctx.layout.cut_lines)


def element_ops(ctx: Context, element: Element) -> list[Op]:
    """Return the ops of one element: composed once per set when it uses no row field, else once per
    distinct value of the fields it uses (a suit's icon, a text several cards share)."""
    drawers = DRAWERS
    if isinstance(ctx.layout.cells, str):  # per-row hex cells: every design has its own frames
        return drawers[element.type](ctx, element)
    used = ctx.c.element_fields.get(id(element))
    if used is None:
        used = ctx.c.element_fields[id(element)] = tuple(sorted(element.used_fields - ROW_FREE_FIELDS))
    if not used:
        key: tuple[Any, ...] = (id(ctx.layout), id(element), ctx.back)
        ops = ctx.c.static_ops.get(key)
        if ops is None:
            ops = ctx.c.static_ops[key] = drawers[element.type](ctx, element)
        return ops
    c = ctx.c
    misses = c.value_misses.get(id(element), 0)
    if misses >= UNSHARED:  # every value of this element so far was new (each card's own name): not kept
        return drawers[element.type](ctx, element)
    fields = ctx.fields
    key = (id(ctx.layout), id(element), ctx.back, tuple([fields.get(name) for name in used]))
    ops = c.value_ops.get(key)
    if ops is not None:
        c.value_misses[id(element)] = -VALUE_OPS_KEPT  # values repeat: kept from now on
        return ops
    reported = len(c.problems.items)
    ops = drawers[element.type](ctx, element)
    if len(c.problems.items) == reported:  # a row with a problem reports it again: not kept
        if len(c.value_ops) >= VALUE_OPS_KEPT:
            c.value_ops.clear()
        c.value_ops[key] = ops
        c.value_misses[id(element)] = misses + 1
    return ops


__all__ = ["Composer", "build_scene", "element_ops", "geometry"]
