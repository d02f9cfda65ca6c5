"""Layouts: the layouts.toml spec, text fitting, shapes, composed scenes and the imposition plan."""
