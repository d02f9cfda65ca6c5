"""Every PDF says what it is (title, author, real dates, an id); --pdfx files pass PDF/X-4 preflight."""

from __future__ import annotations

import shutil
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.output.build import BuildOptions, build
from playproof.output.metadata import build_time, pdf_date, xmp_date

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = ["seven-sisters", "four-sisters", "battle-for-seven-cities", "who-will-reign", "7-wonders-leaders"]
pikepdf = pytest.importorskip("pikepdf")


def _project(tmp_path: Path, game: str = "four-sisters") -> Path:
    """Copy an example project to tmp_path."""
    return Path(shutil.copytree(EXAMPLES / game, tmp_path / game))


def test_a_plain_build_has_the_game_as_title_an_empty_author_and_todays_date(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    before = datetime.now(timezone.utc).replace(microsecond=0)
    out = build(EXAMPLES / "four-sisters", tmp_path).outputs[0]
    with pikepdf.open(out) as pdf:
        info = pdf.docinfo
        assert str(info.Title) == "Four Sisters 1.0" and str(info.Author) == ""
        assert str(info.Creator) == "playproof" and str(info.Trapped) == "/False"
        from playproof.output.preflight import parse_pdf_date

        created = parse_pdf_date(str(info.CreationDate))
        assert created is not None and before <= created <= datetime.now(timezone.utc) + timedelta(seconds=1)
        assert str(info.ModDate) == str(info.CreationDate)
        assert len(pdf.trailer.ID) == 2


def test_the_author_comes_from_the_project(tmp_path):
    project = _project(tmp_path)
    layouts = project / "layouts.toml"
    layouts.write_text(layouts.read_text().replace("[game]\n", '[game]\nauthor = "Ann Designer"\n', 1))
    out = build(project, tmp_path / "out").outputs[0]
    with pikepdf.open(out) as pdf:
        assert str(pdf.docinfo.Author) == "Ann Designer"


def test_source_date_epoch_makes_builds_reproducible(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    first = build(EXAMPLES / "four-sisters", tmp_path / "a").outputs[0]
    second = build(EXAMPLES / "four-sisters", tmp_path / "b").outputs[0]
    assert first.read_bytes() == second.read_bytes()
    with pikepdf.open(first) as pdf:
        assert str(pdf.docinfo.CreationDate) == "D:20231114221320+00'00'"
        first_id = bytes(pdf.trailer.ID[0])
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000001")
    third = build(EXAMPLES / "four-sisters", tmp_path / "c").outputs[0]
    with pikepdf.open(third) as pdf:
        assert bytes(pdf.trailer.ID[0]) != first_id  # another build, another document id


def test_a_bad_source_date_epoch_is_one_error_line(tmp_path):
    result = CliRunner().invoke(cli, ["build", str(EXAMPLES / "four-sisters"), "-o", str(tmp_path)],
                                env={"SOURCE_DATE_EPOCH": "yesterday"})
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == ("Error: SOURCE_DATE_EPOCH='yesterday' is not a whole number of "
                                              "seconds since 1970")
    assert not (tmp_path / "four-sisters.pdf").exists()


def test_dates_are_written_with_their_zone():
    moment = datetime(2026, 3, 4, 5, 6, 7, tzinfo=timezone(timedelta(hours=-5, minutes=-30)))
    assert pdf_date(moment) == "D:20260304050607-05'30'"
    assert xmp_date(moment) == "2026-03-04T05:06:07-05:30"
    assert pdf_date(build_time({"SOURCE_DATE_EPOCH": "0"})) == "D:19700101000000Z"


@pytest.fixture(scope="module")
def pdfx_files(tmp_path_factory) -> dict[str, Path]:
    """Build every example as PDF/X-4 once."""
    out = tmp_path_factory.mktemp("pdfx")
    return {game: build(EXAMPLES / game, out / game, BuildOptions(pdfx=True)).outputs[0] for game in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_every_example_passes_pdfx_preflight(pdfx_files, game):
    from playproof.output.preflight import preflight

    path = pdfx_files[game]
    assert preflight(path) == []
    with pikepdf.open(path) as pdf:
        meta = pdf.open_metadata()
        assert str(pdf.docinfo.Trapped) == "/False" and meta["pdf:Trapped"] == "False"
        assert meta["xmpMM:DocumentID"].startswith("uuid:") and meta["xmpMM:RenditionClass"] == "default"
        assert meta["xmp:CreateDate"] and meta["xmp:ModifyDate"] and meta["dc:title"]
        assert pdf.pdf_version == "1.6"
    if shutil.which("pdffonts"):
        lines = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        rows = lines.splitlines()[2:]
        assert rows and all(row.split()[-5] == "yes" for row in rows)


def _break_trapped(pdf):
    pdf.docinfo[pikepdf.Name.Trapped] = pikepdf.Name.False_


def _drop_moddate(pdf):
    del pdf.docinfo[pikepdf.Name.ModDate]


def _drop_trim(pdf):
    del pdf.pages[0].obj[pikepdf.Name.TrimBox]


def _helvetica(pdf):
    font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)
    pdf.pages[0].obj.Resources.Font[pikepdf.Name.FX] = pdf.make_indirect(font)


def _cmyk(pdf):
    pdf.pages[0].contents_add(pdf.make_stream(b"0 0 0 1 k 0 0 1 1 re f"), prepend=False)


def _javascript(pdf):
    pdf.Root[pikepdf.Name.OpenAction] = pikepdf.Dictionary(S=pikepdf.Name.JavaScript, JS="app.alert(1)")


def _no_document_id(pdf):
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        del meta["xmpMM:DocumentID"]


def _dates_disagree(pdf):
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["xmp:CreateDate"] = "1999-01-01T00:00:00Z"


def _second_intent(pdf):
    pdf.Root.OutputIntents.append(pdf.Root.OutputIntents[0])


@pytest.mark.parametrize("spoil, expected", [
    (_break_trapped, "Info /Trapped is /False_, not /True or /False"),
    (_drop_moddate, "Info /ModDate is missing or not a PDF date"),
    (_drop_trim, "page 1: no TrimBox"),
    (_helvetica, "page 1: font /Helvetica is not embedded"),
    (_cmyk, "page 1: device colour operator 'k' does not match the output intent"),
    (_javascript, "a JavaScript action"),
    (_no_document_id, "XMP has no xmpMM:DocumentID"),
    (_dates_disagree, "XMP xmp:CreateDate (1999-01-01T00:00:00Z) differs from Info /CreationDate"),
    (_second_intent, "2 GTS_PDFX output intents, not one"),
])
def test_preflight_finds_what_breaks_pdfx(pdfx_files, tmp_path, spoil, expected):
    from playproof.output.preflight import preflight

    spoiled = tmp_path / "spoiled.pdf"
    with pikepdf.open(pdfx_files["four-sisters"]) as pdf:
        spoil(pdf)
        pdf.save(spoiled)
    assert expected in preflight(spoiled)


def test_the_table_card_and_the_balance_report_say_what_they_are_with_real_dates(tmp_path, monkeypatch):
    pytest.importorskip("segno")
    from playproof.balance.pdf_balance import write_pdf
    from playproof.web.qr import table_card

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    card = table_card("http://192.168.1.5:8765/", tmp_path / "card.pdf")
    write_pdf([], tmp_path / "balance.pdf")
    for path, title in ((card, "Record this playtest"), (tmp_path / "balance.pdf", "playproof balance")):
        with pikepdf.open(path) as pdf:
            info = pdf.docinfo
            assert (str(info.Title), str(info.Author), str(info.Creator)) == (title, "", "playproof")
            assert str(info.CreationDate) == str(info.ModDate) == "D:20231114221320+00'00'"
            assert len(pdf.trailer.ID) == 2


def test_a_playtest_report_pdf_says_what_it_is_with_real_dates(nim, tmp_path, monkeypatch):
    from playproof.output.reports import write_reports
    from playproof.playtest.audit import audit_file
    from playproof.playtest.reportdata import session_report

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    log = Path(__file__).resolve().parents[1] / "data" / "playtest" / "nim-game.log"
    path = write_reports([session_report(audit_file(log))], "pdf", tmp_path / "report.pdf")
    with pikepdf.open(path) as pdf:
        info = pdf.docinfo
        assert str(info.Title).startswith("Playtest report: ") and str(info.Author) == ""
        assert str(info.CreationDate) == "D:20231114221320+00'00'" and len(pdf.trailer.ID) == 2
