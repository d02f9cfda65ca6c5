"""The fast text writer writes the operators reportlab's text objects write, byte for byte."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from playproof.layouts.fonts import BUNDLED, register
from playproof.output.pdftext import TextShower

RUNS = ["Take (one) gold", "back\\slash", "", "Ünïcödé · ★ → ✓", "no\u00a0break", "\u0378 has no glyph", "again one gold",
        "(", ")", "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏ", "Take (one) gold"]
WIDE = "".join(chr(c) for c in range(0x400, 0x4ff)) + "".join(chr(c) for c in range(0x370, 0x3ff))  # past one subset


def _fonts() -> tuple[str, str]:
    register("DejaVuSans", BUNDLED / "DejaVuSans.ttf")
    register("DejaVuSans-Bold", BUNDLED / "DejaVuSans-Bold.ttf")
    return "DejaVuSans", "DejaVuSans-Bold"


def _by_reportlab(path: Path, runs: list[tuple[str, float, float, float, str]]) -> bytes:
    c = Canvas(str(path), invariant=1)
    text = c.beginText()
    text.setFillColorRGB(0.1, 0.2, 0.3)
    font = None
    for name, size, x, y, run in runs:
        if name != font:
            text.setFont(name, size)
            font = name
        text.setTextTransform(1, 0, 0, -1, x, y)
        text._textOut(run)
    c.drawText(text)
    c.setFont("DejaVuSans", 7)
    c.drawString(10, 20, "Benchmark · Cards · page 1 of 2 (back)")
    c.save()
    return path.read_bytes()


def _by_shower(path: Path, runs: list[tuple[str, float, float, float, str]], whole: bool) -> bytes:
    c = Canvas(str(path), invariant=1)
    shower = TextShower(c)
    if whole:
        code = shower.text_object((0.1, 0.2, 0.3), runs)
        assert code is not None
        c._code.append(code)
    else:
        text = c.beginText()
        text.setFillColorRGB(0.1, 0.2, 0.3)
        font = None
        for name, size, x, y, run in runs:
            if name != font:
                text.setFont(name, size)
                font = name
            text.setTextTransform(1, 0, 0, -1, x, y)
            shower.show(text, run)
        c.drawText(text)
    c.setFont("DejaVuSans", 7)
    shower.draw_string(c, 10, 20, "Benchmark · Cards · page 1 of 2 (back)")
    c.save()
    return path.read_bytes()


def _runs() -> list[tuple[str, float, float, float, str]]:
    regular, bold = _fonts()
    runs = [(regular if i % 3 else bold, 9.0, 10.0 + i, 20.5 * i, run) for i, run in enumerate(RUNS)]
    runs += [(regular, 9.0, 5.0, 300.0 + i, WIDE[i:i + 40]) for i in range(0, len(WIDE), 40)]
    return runs + [(regular, 9.0, 1.0, 2.0, WIDE[::-3]), (bold, 12.0, 3.0, 4.0, "Take (one) gold")]


def test_the_shower_writes_what_reportlab_writes(tmp_path: Path) -> None:
    runs = _runs()
    expected = _by_reportlab(tmp_path / "a.pdf", runs)
    assert _by_shower(tmp_path / "b.pdf", runs, whole=False) == expected
    assert _by_shower(tmp_path / "c.pdf", runs, whole=True) == expected


def test_runs_of_known_characters_are_encoded_without_reportlab(tmp_path: Path, monkeypatch) -> None:
    regular, _ = _fonts()
    c = Canvas(str(tmp_path / "a.pdf"), invariant=1)
    shower = TextShower(c)
    first = shower.text_object((0, 0, 0), [(regular, 9.0, 0.0, 0.0, "gold · one")])
    calls: list[str] = []
    real = type(shower.scratch)._formatText
    monkeypatch.setattr(type(shower.scratch), "_formatText", lambda self, run: calls.append(run) or real(self, run))
    again = shower.text_object((0, 0, 0), [(regular, 9.0, 0.0, 0.0, "one · gold"), (regular, 9.0, 0.0, 9.0, "new ✓")])
    assert calls == ["new ✓"]  # only the run with a character not seen before goes through reportlab
    assert first is not None and again is not None and "Tj" in again
