"""The design loop in print: versions in the manifest, the print history, `changes`, `build --changed`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from playproof.cli import cli
from playproof.output.history import HISTORY_FILE, read_history

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "declared" / "lantern-guild"


@pytest.fixture
def printed(runner: CliRunner, tmp_path: Path) -> Path:
    """A copy of the example project as ./g, built once (print #1)."""
    shutil.copytree(EXAMPLE, tmp_path / "g")
    result = runner.invoke(cli, ["build", "g"])
    assert result.exit_code == 0, result.output
    return tmp_path / "g"


def edit_market(project: Path) -> None:
    """Change Lamp's cost, rename Star to Comet (one removed, one new) and add Torch."""
    import openpyxl

    book = openpyxl.load_workbook(project / "components.xlsx")
    sheet = book["Market"]
    sheet["B3"] = 5
    sheet["A5"] = "Comet"
    sheet.append(["Torch", 3, 2, 1, "#aa5500", 2])
    book.save(project / "components.xlsx")


def pdf_text(path: Path) -> list[str]:
    """Return the text of each page of a PDF."""
    pdfium = pytest.importorskip("pypdfium2")
    document = pdfium.PdfDocument(str(path))
    return [document[i].get_textpage().get_text_range() for i in range(len(document))]


def test_a_build_writes_versions_to_the_manifest_and_is_remembered(runner: CliRunner, printed: Path) -> None:
    manifest = json.loads((printed / "out" / "g.manifest.json").read_text())
    assert len(manifest["content_version"]) == 8
    assert sorted(manifest["designs"]) == ["Market/Beacon", "Market/Lamp", "Market/Star", "Market/Wick",
                                           "Starter/Ember", "Starter/Spark"]
    prints = read_history(printed)
    assert [(p.number, p.version, p.label, p.file) for p in prints] == [(1, manifest["content_version"], "0.1",
                                                                         "out/g.pdf")]
    assert prints[0].designs["Market/Lamp"].fields["cost"] == "4"


def test_a_library_build_without_the_print_loop_still_writes_the_versions(tmp_path: Path) -> None:
    from playproof.output.build import build
    from playproof.versions import content_version

    shutil.copytree(EXAMPLE, tmp_path / "g")
    result = build(tmp_path / "g", tmp_path / "out")  # no PrintLoop: nothing remembered, versions still written
    manifest = json.loads(result.manifest.read_text()) if result.manifest else {}
    assert manifest["content_version"] == content_version(tmp_path / "g") and manifest["version"] == "0.1"
    assert sorted(manifest["designs"]) == ["Market/Beacon", "Market/Lamp", "Market/Star", "Market/Wick",
                                           "Starter/Ember", "Starter/Spark"]
    assert all(len(v) == 8 for v in manifest["designs"].values())
    assert "reprint_since" not in manifest and not (tmp_path / "g" / HISTORY_FILE).exists()


def test_changes_lists_new_changed_removed_and_what_to_pull(runner: CliRunner, printed: Path) -> None:
    unchanged = runner.invoke(cli, ["changes", "g"])
    assert unchanged.output.splitlines()[1] == "  no component is new, changed or removed"
    edit_market(printed)
    result = runner.invoke(cli, ["changes", "g"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1:8] == ["  new      Market/Comet (row 5, 3 copies)",
                          "  new      Market/Torch (row 6, 2 copies)",
                          "  changed  Market/Lamp (row 3, 4 copies): cost 4 → 5",
                          "  removed  Market/Star (row 5, 3 copies)",
                          "pull these from the box before adding a reprint (2):",
                          "  Market/Lamp: 4 copies (replaced by this reprint)",
                          "  Market/Star: 3 copies (removed)"]


def test_changed_art_is_named_and_reprinted_front_and_back(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copytree(Path(__file__).resolve().parents[2] / "examples" / "seven-sisters", tmp_path / "s")
    assert runner.invoke(cli, ["build", "s", "--only", "Sister Tiles"]).exit_code == 0
    assert len(read_history(tmp_path / "s")[0].printed) == 7  # the seven tiles, not the whole box
    art = tmp_path / "s" / "assets" / "wrath.svg"
    art.write_text(art.read_text().replace("</svg>", "<!-- redrawn --></svg>"))
    lines = runner.invoke(cli, ["changes", "s"]).output.splitlines()
    assert "  changed  Sister Tiles/row 2 (row 2, 1 copy): art changed (wrath.svg)" in lines
    assert runner.invoke(cli, ["build", "s", "--changed"]).exit_code == 0
    manifest = json.loads((tmp_path / "s" / "out" / "s-reprint.manifest.json").read_text())
    placed = {(p["set"], p["row"], p["side"]) for p in manifest["placements"]}
    tiles = sorted(p for p in placed if p[0] == "Sister Tiles")
    assert tiles == [("Sister Tiles", 2, "back"), ("Sister Tiles", 2, "front")]  # the back kept for duplex
    reprint = read_history(tmp_path / "s")[-1]  # wrath.svg is on other pieces too: each is reprinted
    assert {(name, row) for name, row, _ in placed} == {(reprint.designs[i].set, reprint.designs[i].row)
                                                        for i in reprint.printed}
    changed = [line for line in lines if line.startswith("  changed ")]
    assert len(changed) == len(reprint.printed) > 1 and all("art changed (wrath.svg)" in line for line in changed)


def test_build_changed_prints_only_what_changed_with_a_pull_list_and_marks(runner: CliRunner,
                                                                           printed: Path) -> None:
    edit_market(printed)
    full = (printed / "out" / "g.pdf").read_bytes()
    result = runner.invoke(cli, ["build", "g", "--changed"])
    assert result.exit_code == 0, result.output
    version = read_history(printed)[-1].version
    assert result.output.splitlines()[-2] == (f"remembered as print #2 (reprint of 3 design(s) since print #1, "
                                              f"version 0.1 ({version}))")
    manifest = json.loads((printed / "out" / "g-reprint.manifest.json").read_text())
    assert (printed / "out" / "g.pdf").read_bytes() == full  # the full print is kept beside the reprint
    assert read_history(printed)[-1].file == "out/g-reprint.pdf"
    fronts = sorted({(p["set"], p["row"]) for p in manifest["placements"] if p["side"] == "front"})
    assert fronts == [("Market", 3), ("Market", 5), ("Market", 6)]
    pages = pdf_text(printed / "out" / "g-reprint.pdf")
    assert len(pages) == manifest["pages"] + 1  # the pull list follows the sheets
    assert "Pull these from the box (2)" in pages[-1] and "[ ] Market/Star: 3 copies (removed)" in pages[-1]
    assert pages[0].count(f"0.1 {version}") == 9  # each front carries the version mark
    assert read_history(printed)[-1].printed == ["Market/Lamp", "Market/Comet", "Market/Torch"]


def test_nothing_changed_is_an_error_and_writes_nothing(runner: CliRunner, printed: Path) -> None:
    before = (printed / HISTORY_FILE).read_bytes()
    result = runner.invoke(cli, ["build", "g", "--changed"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: nothing to reprint: no component is new or changed since print #1 (")
    assert (printed / HISTORY_FILE).read_bytes() == before


@pytest.mark.parametrize(("since", "message"), [
    ("9", 'Error: --since "9": no print, date or version of that name (prints: #1 '),
    ("2001-01-01", 'Error: --since "2001-01-01": no print on or before that date (the first is print #1 ('),
    ("2026-02-30", 'Error: --since "2026-02-30": not a date (write YYYY-MM-DD)'),
])
def test_since_naming_nothing_known(runner: CliRunner, printed: Path, since: str, message: str) -> None:
    for args in (["changes", "g", "--since", since], ["build", "g", "--changed", "--since", since]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 1 and result.output.startswith(message), result.output


def test_since_by_number_date_and_version(runner: CliRunner, printed: Path) -> None:
    first = read_history(printed)[0]
    edit_market(printed)
    assert runner.invoke(cli, ["build", "g"]).exit_code == 0
    for since in ("1", "#1", first.version, first.version[:5]):
        lines = runner.invoke(cli, ["changes", "g", "--since", since]).output.splitlines()
        assert lines[0].endswith(f"against {first.title()}"), since
    latest = runner.invoke(cli, ["changes", "g", "--since", first.day]).output.splitlines()
    assert "against print #2" in latest[0]  # a date means the last print made on or before it


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "g/playproof-prints.json: not a print history (Expecting property name"),
    ('{"format": 99, "prints": []}', "g/playproof-prints.json: written by a newer playproof (history format 99; "
                                     "this one reads format 1); upgrade playproof, nothing was changed"),
    ('{"format": 1, "prints": [{"print": 1}], "designs": {}}',
     "g/playproof-prints.json: print entry 1 is damaged (KeyError: "),
    ('{"format": 1, "prints": []}', 'g/playproof-prints.json: not a print history ("prints" is not a list or '),
])
def test_a_damaged_or_newer_history_is_refused_and_kept(runner: CliRunner, printed: Path, content: str,
                                                         message: str) -> None:
    (printed / HISTORY_FILE).write_text(content)
    pdf = (printed / "out" / "g.pdf").read_bytes()
    for args in (["build", "g"], ["changes", "g"]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 1 and result.output.startswith(f"Error: {message}"), result.output
    assert (printed / HISTORY_FILE).read_text() == content
    assert (printed / "out" / "g.pdf").read_bytes() == pdf


def test_a_workbook_changed_while_building_writes_nothing(runner: CliRunner, printed: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from playproof.output import reprint

    real = reprint.content_version
    calls: list[Path] = []

    def changing(path: Path) -> str:
        calls.append(path)
        if len(calls) == 2:  # the check after drawing: the designer saved the workbook meanwhile
            edit_market(printed)
        return real(path)

    monkeypatch.setattr(reprint, "content_version", changing)
    history, pdf = (printed / HISTORY_FILE).read_bytes(), (printed / "out" / "g.pdf").read_bytes()
    result = runner.invoke(cli, ["build", "g"])
    assert result.exit_code == 1
    assert "the project changed while building (version " in result.output
    assert result.output.rstrip().endswith("nothing was written; build again")
    assert (printed / HISTORY_FILE).read_bytes() == history and (printed / "out" / "g.pdf").read_bytes() == pdf


def test_mark_in_the_footer_or_none(runner: CliRunner, printed: Path) -> None:
    version = read_history(printed)[0].version
    assert runner.invoke(cli, ["build", "g", "--mark", "footer"]).exit_code == 0
    first = pdf_text(printed / "out" / "g.pdf")[0]
    assert first.count(version) == 1 and f"page 1 of 8 · {version}" in first  # 16 mini cards a page (cut = auto)
    assert runner.invoke(cli, ["build", "g"]).exit_code == 0
    assert version not in pdf_text(printed / "out" / "g.pdf")[0]  # a plain build is drawn as before


def test_an_unchanged_design_is_stored_once_in_the_history(runner: CliRunner, printed: Path) -> None:
    edit_market(printed)
    assert runner.invoke(cli, ["build", "g", "--changed"]).exit_code == 0
    document = json.loads((printed / HISTORY_FILE).read_text())
    assert [len(p["designs"]) for p in document["prints"]] == [6, 7]
    assert len(document["designs"]) == 6 + 3  # the 6 first designs, then only Lamp, Comet and Torch again
    assert read_history(printed)[0].designs["Market/Lamp"].fields["cost"] == "4"


def test_changes_before_any_print(runner: CliRunner, tmp_path: Path) -> None:
    shutil.copytree(EXAMPLE, tmp_path / "new")
    result = runner.invoke(cli, ["changes", "new"])
    assert (result.exit_code, result.output) == (1, "Error: no print yet: this project has no print history (build "
                                                    "it once to start one)\n")


def test_since_needs_changed(runner: CliRunner, printed: Path) -> None:
    result = runner.invoke(cli, ["build", "g", "--since", "1"])
    assert (result.exit_code, result.output) == (1, "Error: --since goes with --changed (or with `playproof "
                                                    "changes`)\n")


def test_a_proof_built_outside_the_project_is_not_remembered(runner: CliRunner, printed: Path,
                                                             tmp_path: Path) -> None:
    assert runner.invoke(cli, ["build", "g", "-o", "proofs"]).exit_code == 0
    assert len(read_history(printed)) == 1
    assert runner.invoke(cli, ["build", "g", "-o", "proofs", "--remember"]).exit_code == 0
    assert [p.file for p in read_history(printed)] == ["out/g.pdf", str(tmp_path / "proofs" / "g.pdf")]
    assert runner.invoke(cli, ["build", "g", "--no-remember"]).exit_code == 0
    assert len(read_history(printed)) == 2


def test_a_history_that_cannot_be_written_stops_the_build(runner: CliRunner, printed: Path) -> None:
    history = printed / HISTORY_FILE
    history.unlink()
    history.mkdir()  # stands in for a read-only project: the file cannot be replaced
    result = runner.invoke(cli, ["build", "g"])
    assert result.exit_code == 1 and result.output.startswith("Error: g/playproof-prints.json: cannot write")
    assert "Traceback" not in result.output


def test_the_version_mark_is_configured_in_layouts_toml(runner: CliRunner, printed: Path) -> None:
    layouts = printed / "layouts.toml"
    layouts.write_text(layouts.read_text().replace("[game]", '[print]\nversion_mark = "corner"\n\n[game]', 1))
    version = content_version_of(printed)
    result = runner.invoke(cli, ["build", "g"])
    assert result.exit_code == 0 and "warning: layouts.toml" not in result.output, result.output
    placements = json.loads((printed / "out" / "g.manifest.json").read_text())["placements"]
    fronts = sum(1 for p in placements if p["page"] == 1 and p["side"] == "front")
    assert pdf_text(printed / "out" / "g.pdf")[0].count(version) == fronts == 16  # one mark per component
    assert runner.invoke(cli, ["build", "g", "--mark", "none"]).exit_code == 0  # the command line wins
    assert version not in pdf_text(printed / "out" / "g.pdf")[0]
    layouts.write_text(layouts.read_text().replace('version_mark = "corner"', 'version_mark = "everywhere"'))
    bad = runner.invoke(cli, ["build", "g"])
    assert (bad.exit_code, bad.output) == (1, 'Error: layouts.toml: [print] version_mark "everywhere": use corner, '
                                              "footer, none\n")


def content_version_of(project: Path) -> str:
    """Return a project's content version as the build will take it."""
    from playproof.versions import content_version

    return content_version(project)


def test_a_history_too_large_is_refused_before_it_is_read(runner: CliRunner, printed: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from playproof.output import history

    monkeypatch.setattr(history, "MAX_HISTORY_BYTES", 100)
    size = (printed / HISTORY_FILE).stat().st_size
    result = runner.invoke(cli, ["changes", "g"])
    assert (result.exit_code, result.output) == (1, f"Error: g/playproof-prints.json: {size:,} bytes, more than a "
                                                    "print history holds (100); restore it from version control "
                                                    "or remove it\n")


def test_a_font_is_part_of_the_content_version(tmp_path: Path) -> None:
    from playproof.versions import content_version

    shutil.copytree(EXAMPLE, tmp_path / "g")
    before = content_version(tmp_path / "g")
    (tmp_path / "g" / "fonts").mkdir()
    (tmp_path / "g" / "fonts" / "Body.ttf").write_bytes(b"not really a font, but a file that changed")
    assert content_version(tmp_path / "g") != before
