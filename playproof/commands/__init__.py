"""CLI command groups, one module per group; each exposes COMMANDS."""
