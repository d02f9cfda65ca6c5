"""Images and SVG icons: files outside the project are never embedded; raster images inside SVG icons draw."""

from __future__ import annotations

import base64
import io
import os
from pathlib import Path

import pytest
from PIL import Image

from hardening_support import invoke, no_parts, one_error
from print_fixtures import CARD_LAYOUT, make_project

IMAGE_ELEMENT = '''
[[sets.Cards.elements]]
type = "image"
src = "{src}"
x = "5mm"
y = "50mm"
width = "20mm"
height = "20mm"
'''


def _png(path: Path, colour: tuple[int, int, int] = (200, 20, 20)) -> bytes:
    """Write a small PNG and return its bytes."""
    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), colour).save(buffer, "PNG")
    path.write_bytes(buffer.getvalue())
    return buffer.getvalue()


def _with_image(tmp_path: Path, src: str, rows: list[tuple] | None = None) -> Path:
    """Return a project whose cards draw an image element with this src."""
    layouts = CARD_LAYOUT.replace("[sets.Cards.back]", IMAGE_ELEMENT.replace("{src}", src) + "\n[sets.Cards.back]")
    sheets = {"Cards": rows} if rows else None
    return make_project(tmp_path, layouts=layouts, sheets=sheets)


def _red_pixels(pdf: Path) -> int:
    """Count strongly red pixels on the first page of a PDF."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        image = document[0].render(scale=1).to_pil().convert("RGB")
    finally:
        document.close()
    data = image.tobytes()
    return sum(1 for i in range(0, len(data), 3) if data[i] > 150 and data[i + 1] < 60 and data[i + 2] < 60)


def test_an_absolute_src_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.png"
    _png(secret)
    project = _with_image(tmp_path, str(secret))
    line = one_error(invoke(["build", project]))
    assert line == (f'Error: components.xlsx, sheet "Cards", row 2: image "{secret}" is outside the project folder '
                    f"({secret}); keep every file a project uses inside its folder")
    assert not (project / "out").exists() or list((project / "out").iterdir()) == []


def test_climbing_out_with_dotdot_is_refused(tmp_path: Path) -> None:
    _png(tmp_path / "secret.png")
    project = _with_image(tmp_path, "../../secret.png")
    assert one_error(invoke(["check", project])).endswith(
        f"is outside the project folder ({tmp_path / 'secret.png'}); keep every file a project uses inside its folder")


def test_a_field_src_cannot_climb_out(tmp_path: Path) -> None:
    _png(tmp_path / "secret.png")
    project = _with_image(tmp_path, "{art}", rows=[("name", "text", "art"), ("Gold", "x", "../../secret.png")])
    assert one_error(invoke(["check", project])) == (
        f'Error: components.xlsx, sheet "Cards", row 2, column "art": image "../../secret.png" is outside the project '
        f"folder ({tmp_path / 'secret.png'}); keep every file a project uses inside its folder")


def test_a_symlink_in_assets_leading_out_is_refused(tmp_path: Path) -> None:
    _png(tmp_path / "secret.png")
    project = _with_image(tmp_path, "art.png")
    os.symlink(tmp_path / "secret.png", project / "assets" / "art.png")
    assert "is outside the project folder" in one_error(invoke(["check", project]))


def test_a_symlink_inside_the_project_is_fine(tmp_path: Path) -> None:
    project = _with_image(tmp_path, "art.png")
    (project / "art").mkdir()
    _png(project / "art" / "red.png")
    os.symlink(project / "art" / "red.png", project / "assets" / "art.png")
    assert invoke(["check", project]).exit_code == 0


def test_an_svg_icon_cannot_pull_in_an_image_from_outside(tmp_path: Path) -> None:
    _png(tmp_path / "secret.png")
    project = make_project(tmp_path)
    (project / "assets" / "gold.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">'
        '<image width="10" height="10" xlink:href="../../secret.png"/></svg>')
    result = invoke(["build", project])
    assert result.exit_code == 0, result.output
    assert _red_pixels(project / "out" / "game.pdf") == 0


@pytest.mark.parametrize("how", ["data", "beside"])
def test_an_svg_icon_with_a_raster_image_draws(tmp_path: Path, how: str) -> None:
    project = make_project(tmp_path)
    data = _png(project / "assets" / "red.png")
    href = f"data:image/png;base64,{base64.b64encode(data).decode()}" if how == "data" else "red.png"
    (project / "assets" / "gold.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" '
        f'viewBox="0 0 10 10"><image width="10" height="10" xlink:href="{href}"/></svg>')
    result = invoke(["build", project])
    assert result.exit_code == 0, result.output
    assert _red_pixels(project / "out" / "game.pdf") > 100
    assert no_parts(project) == []


def test_a_broken_image_is_one_located_error(tmp_path: Path) -> None:
    project = _with_image(tmp_path, "broken.png")
    (project / "assets" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    line = one_error(invoke(["check", project]))
    assert line.startswith('Error: components.xlsx, sheet "Cards", row 2: assets/broken.png: cannot read image')


def test_a_font_symlinked_from_outside_is_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "fonts").mkdir()
    os.symlink(Path(__file__).resolve().parents[2] / "playproof" / "fonts" / "DejaVuSans.ttf",
               project / "fonts" / "Outside.ttf")
    assert one_error(invoke(["check", project])).startswith("Error: fonts/Outside.ttf is outside the project folder")
