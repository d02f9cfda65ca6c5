"""Draw the example project's SVG icons (simple vector shapes, drawn for playproof).

Run: python tests/data/battle-for-seven-cities/draw_assets.py
"""

from __future__ import annotations

import math
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[3] / "examples" / "battle-for-seven-cities" / "assets"

TERRAIN = ("soil", "forest", "mountain", "light sea", "deep sea", "volcano")


def svg(body: str, width: float = 100, height: float = 100) -> str:
    """Return an SVG document with a viewBox of the given size."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}">\n{body}\n</svg>\n')


def terrain_icon(terrain: str, ink: str) -> str:
    """Return the icon of a terrain, drawn in the upper middle of a 86.6 x 100 hex."""
    if terrain == "soil":
        return "".join(f'<path d="M22 {y} Q43 {y - 6} 65 {y}" stroke="{ink}" stroke-width="2.5" fill="none"/>'
                       for y in (26, 33, 40))
    if terrain == "forest":
        return "".join(f'<polygon points="{x},{18} {x - 9},{40} {x + 9},{40}" fill="{ink}"/>'
                       f'<rect x="{x - 1.5}" y="40" width="3" height="5" fill="{ink}"/>' for x in (30, 43, 56))
    if terrain == "mountain":
        return (f'<polygon points="24,44 40,18 56,44" fill="{ink}"/><polygon points="44,44 56,26 68,44" fill="{ink}"/>'
                '<polygon points="40,18 35,26 45,26" fill="#ffffff"/>')
    if terrain in ("light sea", "deep sea"):
        rows = (22, 30, 38) if terrain == "light sea" else (18, 25, 32, 39, 46)
        return "".join(f'<path d="M20 {y} q5.5 -5 11 0 t11 0 t11 0 t11 0 t11 0" stroke="{ink}" stroke-width="2.2" '
                       'fill="none"/>' for y in rows)
    return (f'<polygon points="28,46 38,22 48,22 58,46" fill="{ink}"/>'
            '<path d="M38 22 Q43 14 48 22 Z" fill="#ffcf3f"/><circle cx="40" cy="12" r="3" fill="#777777"/>'
            '<circle cx="47" cy="8" r="2.4" fill="#999999"/>')


def terrain_art(terrain: str, era: str) -> str:
    """Return a terrain's icon (the tile's colour comes from the workbook); past icons in sepia ink."""
    ink = "#ffffff" if terrain == "deep sea" else "#4a3a28" if era == "past" else "#2c2c2c"
    body = terrain_icon(terrain, ink)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="16 4 54.6 44" width="54.6" height="44">\n'
            f"{body}\n</svg>\n")


def clock(hour: int) -> str:
    """Return a clock face showing a whole hour."""
    ticks = "".join(
        f'<line x1="{50 + 38 * math.sin(a):.1f}" y1="{50 - 38 * math.cos(a):.1f}" '
        f'x2="{50 + 44 * math.sin(a):.1f}" y2="{50 - 44 * math.cos(a):.1f}" stroke="#222222" stroke-width="3"/>'
        for a in (i * math.pi / 6 for i in range(12)))
    angle = (hour % 12) * math.pi / 6
    hand = f'<line x1="50" y1="50" x2="{50 + 24 * math.sin(angle):.1f}" y2="{50 - 24 * math.cos(angle):.1f}" '
    return svg('<circle cx="50" cy="50" r="47" fill="#fdf8ec" stroke="#222222" stroke-width="4"/>' + ticks
               + hand + 'stroke="#222222" stroke-width="6" stroke-linecap="round"/>'
               '<line x1="50" y1="50" x2="50" y2="16" stroke="#b03030" stroke-width="3.5" stroke-linecap="round"/>'
               '<circle cx="50" cy="50" r="4" fill="#222222"/>')


ICONS = {
    "build": svg('<polygon points="50,8 92,44 80,44 80,92 20,92 20,44 8,44" fill="#3a3a3a"/>'
                 '<rect x="42" y="62" width="16" height="30" fill="#ffffff"/>'),
    "travel": svg('<ellipse cx="38" cy="62" rx="15" ry="26" fill="#3a3a3a"/><ellipse cx="66" cy="36" rx="13" ry="22" '
                  'fill="#3a3a3a"/><circle cx="30" cy="26" r="6" fill="#3a3a3a"/>'),
    # an extra card: a card with a bold plus, a second card fanned out behind it
    "card": svg('<rect x="38" y="6" width="50" height="70" rx="7" fill="#bfc6cc" stroke="#2c2c2c" stroke-width="6" '
                'transform="rotate(14 63 41)"/>'
                '<rect x="12" y="20" width="50" height="72" rx="7" fill="#ffffff" stroke="#2c2c2c" stroke-width="6"/>'
                '<line x1="37" y1="38" x2="37" y2="74" stroke="#2c2c2c" stroke-width="9"/>'
                '<line x1="19" y1="56" x2="55" y2="56" stroke="#2c2c2c" stroke-width="9"/>'),
    "city": svg('<path d="M10 90 V50 H28 V30 H46 V12 H64 V40 H80 V58 H92 V90 Z" fill="#ffffff" stroke="#1e1e1e" '
                'stroke-width="6" stroke-linejoin="round"/>'
                '<rect x="52" y="24" width="6" height="8" fill="#1e1e1e"/><rect x="34" y="44" width="6" height="8" '
                'fill="#1e1e1e"/><rect x="66" y="52" width="6" height="8" fill="#1e1e1e"/>'),
    "shield": svg('<path d="M50 6 L88 20 V48 C88 72 70 86 50 96 C30 86 12 72 12 48 V20 Z" fill="#5d6d7e" '
                  'stroke="#1e1e1e" stroke-width="5"/><path d="M50 20 V82 M26 42 H74" stroke="#f2d16b" '
                  'stroke-width="8"/>'),
    "wall": svg('<rect x="8" y="22" width="84" height="62" fill="#a86b3c" stroke="#2c1a0e" stroke-width="5"/>'
                + "".join(f'<line x1="8" y1="{y}" x2="92" y2="{y}" stroke="#2c1a0e" stroke-width="4"/>'
                          for y in (43, 63))
                + "".join(f'<line x1="{x}" y1="{y0}" x2="{x}" y2="{y0 + 21}" stroke="#2c1a0e" stroke-width="4"/>'
                          for x, y0 in ((36, 22), (64, 22), (22, 43), (50, 43), (78, 43), (36, 63), (64, 63)))
                + "".join(f'<rect x="{x}" y="10" width="12" height="12" fill="#a86b3c" stroke="#2c1a0e" '
                          'stroke-width="4"/>' for x in (10, 44, 78))),
    "rail": svg('<line x1="30" y1="6" x2="30" y2="94" stroke="#2c2c2c" stroke-width="7"/><line x1="70" y1="6" '
                'x2="70" y2="94" stroke="#2c2c2c" stroke-width="7"/>'
                + "".join(f'<rect x="18" y="{y}" width="64" height="8" fill="#8a5a34"/>' for y in (14, 34, 54, 74))),
    "arrow": svg('<path d="M8 38 H62 V16 L94 50 L62 84 V62 H8 Z" fill="#ffffff" stroke="#1e1e1e" stroke-width="5" '
                 'stroke-linejoin="round"/>'),
    "hourglass": svg('<rect x="18" y="6" width="64" height="9" rx="3" fill="#5b4630"/><rect x="18" y="85" width="64" '
                     'height="9" rx="3" fill="#5b4630"/><path d="M26 15 H74 C74 38 56 44 56 50 C56 56 74 62 74 85 '
                     'H26 C26 62 44 56 44 50 C44 44 26 38 26 15 Z" fill="#f3e6c8" stroke="#5b4630" stroke-width="4"/>'
                     '<path d="M34 80 C40 70 60 70 66 80 Z" fill="#d8a64a"/><path d="M38 26 H62 C60 36 52 40 50 46 '
                     'C48 40 40 36 38 26 Z" fill="#d8a64a"/>'),
    "players": svg('<circle cx="50" cy="30" r="18" fill="#2c2c2c"/><path d="M16 92 C16 62 32 54 50 54 C68 54 84 62 '
                   '84 92 Z" fill="#2c2c2c"/>'),
    "token": svg('<circle cx="50" cy="30" r="16" fill="#ffffff" stroke="#1e1e1e" stroke-width="5"/><path d="M22 94 '
                 'L34 52 H66 L78 94 Z" fill="#ffffff" stroke="#1e1e1e" stroke-width="5" stroke-linejoin="round"/>'),
}


def main() -> None:
    """Write every asset."""
    ASSETS.mkdir(parents=True, exist_ok=True)
    for terrain in TERRAIN:
        for era in ("past", "future"):
            (ASSETS / f"{era}-{terrain}.svg").write_text(terrain_art(terrain, era))
    for hour in (12, 2, 4, 6, 8, 10):
        (ASSETS / f"clock-{hour}.svg").write_text(clock(hour))
    for name, text in ICONS.items():
        (ASSETS / f"{name}.svg").write_text(text)


if __name__ == "__main__":
    main()
