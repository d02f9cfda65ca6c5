"""Playtests: the log format, the session store, rules engines, audit and reports."""
