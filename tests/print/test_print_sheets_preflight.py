"""Preflight of every example's PDF: fonts embedded, TrimBox/BleedBox where promised, PDF/X-4 on request."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.errors import PlayproofError, Problems
from playproof.layouts.imposition import plan
from playproof.layouts.project import load_project
from playproof.output.build import BuildOptions, build, make_jobs, make_sheet, selected_sets

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = ["seven-sisters", "four-sisters", "battle-for-seven-cities", "who-will-reign", "7-wonders-leaders"]
pytestmark = pytest.mark.skipif(shutil.which("pdffonts") is None, reason="needs poppler-utils")


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> dict[str, Path]:
    """Build every example once."""
    out = tmp_path_factory.mktemp("preflight")
    return {game: build(EXAMPLES / game, out / game).outputs[0] for game in GAMES}


def fonts(pdf: Path) -> list[tuple[str, str]]:
    """Return (font name, emb) for every font pdffonts lists."""
    lines = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()
    return [(line.split()[0], line.split()[-5]) for line in lines[2:]]


def boxes(pdf: Path) -> dict[int, dict[str, tuple[float, ...]]]:
    """Return every page's boxes as pdfinfo reports them (a missing box is reported as its default)."""
    text = subprocess.run(["pdfinfo", "-box", "-f", "1", "-l", "100000", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    result: dict[int, dict[str, tuple[float, ...]]] = {}
    for page, name, numbers in re.findall(r"Page\s+(\d+) (\w+Box):\s+([\d.\s-]+)\n", text):
        result.setdefault(int(page), {})[name] = tuple(float(n) for n in numbers.split())
    return result


@pytest.mark.parametrize("game", GAMES)
def test_every_font_is_embedded(pdfs, game):
    listed = fonts(pdfs[game])
    assert listed and all(emb == "yes" for _, emb in listed), listed
    assert not [name for name, _ in listed if "Helvetica" in name]


@pytest.mark.parametrize("game", GAMES)
def test_pages_with_one_piece_have_trim_and_bleed_boxes(pdfs, game):
    problems = Problems()
    project = load_project(EXAMPLES / game, problems)
    _, sheet = make_sheet(project, BuildOptions())
    pages = plan(make_jobs(project, selected_sets(project, ())), sheet).pages
    found = boxes(pdfs[game])
    assert len(found) == len(pages)
    for page in pages:
        got = found[page.number]
        if page.single and len(page.slots) == 1:
            trim, art = page.slots[0].trim, page.slots[0].art
            assert got["TrimBox"] == pytest.approx((trim.x, page.height - trim.bottom, trim.right,
                                                    page.height - trim.y), abs=0.01)
            assert got["BleedBox"] == pytest.approx((art.x, page.height - art.bottom, art.right,
                                                     page.height - art.y), abs=0.01)
        else:
            assert got["TrimBox"] == got["MediaBox"]  # no box: the whole sheet


def inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    """Return whether a PDF box (x0, y0, x1, y1) lies within another."""
    return all(inner[i] >= outer[i] - 0.01 for i in (0, 1)) and all(inner[i] <= outer[i] + 0.01 for i in (2, 3))


@pytest.mark.parametrize("game", GAMES)
def test_bleed_box_beyond_the_trim_box_on_every_single_piece_page_and_boxes_nested_everywhere(pdfs, game):
    problems = Problems()
    project = load_project(EXAMPLES / game, problems)
    _, sheet = make_sheet(project, BuildOptions())
    jobs = {job.name: job for job in make_jobs(project, selected_sets(project, ()))}
    pages = plan(list(jobs.values()), sheet).pages
    found = boxes(pdfs[game])
    for page in pages:
        got = found[page.number]
        assert inside(got["TrimBox"], got["BleedBox"]) and inside(got["BleedBox"], got["MediaBox"]), page.number
        if page.single and jobs[page.slots[0].copy.set].bleed > 0:  # one piece (or part) with bleed on the page
            trim, bleed = got["TrimBox"], got["BleedBox"]
            assert bleed != pytest.approx(trim, abs=0.01), (game, page.number)
    assert any(p.single for p in pages) == (game in ("seven-sisters", "four-sisters", "7-wonders-leaders"))


@pytest.mark.parametrize("game", GAMES)
def test_pdfx_adds_the_output_intent_and_version(pdfs, game, tmp_path):
    pikepdf = pytest.importorskip("pikepdf")
    from playproof.output.pdfx import make_pdfx

    copy = tmp_path / "x.pdf"
    shutil.copy(pdfs[game], copy)
    make_pdfx(copy, game)
    with pikepdf.open(copy) as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX
        assert intent.OutputConditionIdentifier == "sRGB IEC61966-2.1"
        assert len(bytes(intent.DestOutputProfile.read_bytes())) > 100
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4"
        assert pdf.open_metadata()["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
        assert pdf.pdf_version >= "1.6"
        assert all("/TrimBox" in page.obj and "/BleedBox" in page.obj for page in pdf.pages)
    assert all(emb == "yes" for _, emb in fonts(copy))


def test_the_pdfx_option_of_build(tmp_path):
    pytest.importorskip("pikepdf")
    result = CliRunner().invoke(cli, ["build", str(EXAMPLES / "four-sisters"), "-o", str(tmp_path), "--pdfx"])
    assert result.exit_code == 0, result.output
    info = subprocess.run(["pdfinfo", str(tmp_path / "four-sisters.pdf")], capture_output=True, text=True).stdout
    assert "PDF version:     1.6" in info


def test_pdfx_without_pikepdf_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pikepdf", None)
    result = CliRunner().invoke(cli, ["build", str(EXAMPLES / "four-sisters"), "-o", str(tmp_path), "--pdfx"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == 'Error: --pdfx needs pikepdf: pip install "playproof[pdfx]"'
    assert not (tmp_path / "four-sisters.pdf").exists()
    with pytest.raises(PlayproofError):
        from playproof.output.pdfx import _pikepdf

        _pikepdf()
