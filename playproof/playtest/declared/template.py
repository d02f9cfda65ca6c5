"""Message templates: a rule's sentence with `{expression}` placeholders (`{player} must follow {led}`).

`{{` and `}}` are literal braces. Each placeholder is a compiled expression; an error in one is located at
its character in the whole cell (`offset` is where the template starts in it). Rendered values show
components by name, numbers without `.0`, true/false, and `?` for a value hidden from the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playproof.playtest.declared.expr import Compiled, ExprError, Names, compile_expr
from playproof.playtest.declared.expr_values import Unknown, show_plain


@dataclass(frozen=True)
class Template:
    """A compiled message: literal texts and compiled placeholders, in order."""

    text: str
    pieces: tuple[str | Compiled, ...]

    def render(self, ctx: Any) -> str:
        """Return the message with each placeholder's value (`?` when hidden)."""
        out = []
        for piece in self.pieces:
            if isinstance(piece, str):
                out.append(piece)
                continue
            try:
                out.append(show_plain(piece.fn(ctx)))
            except Unknown:
                out.append("?")
        return "".join(out)

    @property
    def compiled(self) -> tuple[Compiled, ...]:
        """The placeholders' compiled expressions (for the names they use)."""
        return tuple(p for p in self.pieces if isinstance(p, Compiled))


def compile_template(text: str, names: Names, offset: int = 0) -> Template:
    """Compile a message template; raise ExprError at the column of the problem in the whole cell."""
    pieces: list[str | Compiled] = []
    literal: list[str] = []
    pos = 0
    while pos < len(text):
        char = text[pos]
        if char in "{}" and text[pos + 1:pos + 2] == char:
            literal.append(char)
            pos += 2
        elif char == "}":
            raise ExprError("a lone '}' (write '}}' for a brace)", offset + pos + 1)
        elif char == "{":
            close = _closing(text, pos + 1)
            if close < 0:
                raise ExprError("this '{' has no closing '}' (write '{{' for a brace)", offset + pos + 1)
            source = text[pos + 1:close]
            if not source.strip():
                raise ExprError("an empty {} (write '{{}}' for braces)", offset + pos + 1)
            try:
                compiled = compile_expr(source, names)
            except ExprError as error:
                raise ExprError(str(error), offset + pos + 1 + error.col) from None
            if literal:
                pieces.append("".join(literal))
                literal = []
            pieces.append(compiled)
            pos = close + 1
        else:
            literal.append(char)
            pos += 1
    if literal:
        pieces.append("".join(literal))
    return Template(text, tuple(pieces))


def _closing(text: str, start: int) -> int:
    """Return the index of the `}` closing a placeholder (skipping quoted texts), -1 when there is none."""
    quote = ""
    for index in range(start, len(text)):
        char = text[index]
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "}":
            return index
        elif char == "{":
            return -1
    return -1
