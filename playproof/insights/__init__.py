"""What the playtests revealed: one analysis of human sessions, imported logs and simulated games."""
