"""The tokens of the expression language: numbers, texts, names (`card.cost` is one), keywords and operators."""

from __future__ import annotations

import re
from dataclasses import dataclass

from playproof.playtest.declared.expr_values import MAX_DIGITS, ExprError

_TOKEN = re.compile(r"\s*(?:(?P<num>[0-9]+(?:\.[0-9]+)?)|(?P<str>'[^']*'|\"[^\"]*\")|(?P<name>[A-Za-z_][A-Za-z0-9_]*"
                    r"(?:\.[A-Za-z_][A-Za-z0-9_]*)?)|(?P<op>//|==|!=|<=|>=|[-+*/%<>(),]))")

KEYWORDS = frozenset(("and", "or", "not", "if", "else", "true", "false", "of"))


@dataclass(frozen=True)
class Token:
    """One token: its kind (num, str, name, kw, op, end), its text and the columns it spans (1-based)."""

    kind: str
    text: str
    col: int
    end: int = 0
    """The column just after the token."""


def tokenize(text: str) -> list[Token]:
    """Split an expression into tokens; anything else is an ExprError with its column."""
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            rest = text[pos:]
            if rest.strip() == "":
                break
            bad = len(text) - len(rest.lstrip())
            char = text[bad]
            if char in "'\"":
                raise ExprError(f"the text starting here has no closing {char}", bad + 1)
            raise ExprError(f"unexpected character {char!r}", bad + 1)
        kind = match.lastgroup or "op"
        value = match.group(kind)
        col = match.start(kind) + 1
        if kind == "num" and sum(ch.isdigit() for ch in value) > MAX_DIGITS:
            raise ExprError(f"number too long (more than {MAX_DIGITS} digits)", col)
        tokens.append(Token("kw" if kind == "name" and value in KEYWORDS else kind, value, col, match.end() + 1))
        pos = match.end()
    tokens.append(Token("end", "", len(text) + 1, len(text) + 1))
    return tokens
