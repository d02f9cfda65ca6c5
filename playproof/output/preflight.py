"""Preflight a PDF/X-4 file: every requirement of ISO 15930-7 that can be read from the file itself.

Checked: identification (Info and XMP version keys, PDF version), Trapped, title, dates in Info and
XMP that agree, DocumentID/VersionID/RenditionClass, the trailer /ID, no encryption, one GTS_PDFX
output intent with an ICC profile of the right component count, TrimBox and BleedBox on every page
nested in the MediaBox, every font embedded, device colour matching the output intent, no
transfer functions or halftones in graphics states, standard blend modes, no JavaScript or other
forbidden actions, no annotations inside the trim, no image alternates or OPI, named
optional-content configurations. Not checked (needs a colour-managed render or the print
condition): ink limits, overprint results, the profile's own validity beyond its header.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Iterator

from playproof.errors import PlayproofError

PDFX_VERSION = "PDF/X-4"
INSTALL = '--pdfx needs pikepdf: pip install "playproof[pdfx]"'

PROFILE_COMPONENTS = {b"RGB ": 3, b"CMYK": 4, b"GRAY": 1}
FORBIDDEN_ACTIONS = {"/JavaScript", "/Launch", "/Sound", "/Movie", "/ResetForm", "/ImportData", "/Hide",
                     "/SetOCGState", "/Rendition", "/Trans", "/GoTo3DView"}
BLEND_MODES = {"/Normal", "/Compatible", "/Multiply", "/Screen", "/Overlay", "/Darken", "/Lighten", "/ColorDodge",
               "/ColorBurn", "/HardLight", "/SoftLight", "/Difference", "/Exclusion", "/Hue", "/Saturation",
               "/Color", "/Luminosity"}
DEVICE_OPERATORS = {3: {"k", "K"}, 4: {"rg", "RG"}, 1: {"k", "K", "rg", "RG"}}  # colour the intent cannot print
PDF_DATE = re.compile(r"D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'\d{2}'?)?$")


def _pikepdf() -> Any:
    """Import pikepdf, or say what to install."""
    try:
        import pikepdf
    except ImportError:
        raise PlayproofError(INSTALL) from None
    return pikepdf


def preflight(path: Path) -> list[str]:
    """Return every PDF/X-4 requirement the file at path breaks (empty when it passes)."""
    pikepdf = _pikepdf()
    with pikepdf.open(path) as pdf:
        problems = _identification(pdf) + _dates(pdf) + _output_intent(pdf)
        if pdf.is_encrypted:
            problems.append("the file is encrypted")
        for number, page in enumerate(pdf.pages, 1):
            problems += [f"page {number}: {p}" for p in _page(pdf, page)]
        problems += _document_actions(pdf)
    return list(dict.fromkeys(problems))


def _identification(pdf: Any) -> list[str]:
    """Check the version keys, Trapped, title, ids and the PDF version."""
    info, problems = pdf.docinfo, []
    meta = pdf.open_metadata()
    if str(info.get("/GTS_PDFXVersion", "")) != PDFX_VERSION:
        problems.append(f"Info /GTS_PDFXVersion is not {PDFX_VERSION!r}")
    if meta.get("pdfxid:GTS_PDFXVersion") != PDFX_VERSION:
        problems.append(f"XMP pdfxid:GTS_PDFXVersion is not {PDFX_VERSION!r}")
    trapped = str(info.get("/Trapped", ""))
    if trapped not in ("/True", "/False"):
        problems.append(f"Info /Trapped is {trapped or 'missing'}, not /True or /False")
    elif meta.get("pdf:Trapped") != trapped[1:]:
        problems.append("XMP pdf:Trapped does not match Info /Trapped")
    if not str(info.get("/Title", "")) or not meta.get("dc:title"):
        problems.append("no title in Info and XMP")
    for key in ("xmpMM:DocumentID", "xmpMM:VersionID", "xmpMM:RenditionClass"):
        if not meta.get(key):
            problems.append(f"XMP has no {key}")
    trailer_id = pdf.trailer.get("/ID")
    if trailer_id is None or len(trailer_id) != 2:
        problems.append("the trailer has no /ID")
    if "/Metadata" not in pdf.Root:
        problems.append("the catalog has no /Metadata stream")
    if pdf.pdf_version > "1.6":
        problems.append(f"PDF version {pdf.pdf_version} is above 1.6, which PDF/X-4 is based on")
    return problems


def parse_pdf_date(text: str) -> datetime | None:
    """Return the moment a PDF date string names, or None when it is not one."""
    found = PDF_DATE.match(text)
    if found is None:
        return None
    numbers = [int(n) for n in found.groups()[:6]]
    zone = found.group(7) or "Z"
    offset = timedelta(0) if zone == "Z" else (1 if zone[0] == "+" else -1) * timedelta(
        hours=int(zone[1:3]), minutes=int(zone[4:6]))
    return datetime(*numbers, tzinfo=timezone(offset))  # type: ignore[arg-type]


def _dates(pdf: Any) -> list[str]:
    """Check CreationDate and ModDate in Info and their XMP twins, which must agree."""
    problems = []
    meta = pdf.open_metadata()
    for info_key, xmp_key in (("/CreationDate", "xmp:CreateDate"), ("/ModDate", "xmp:ModifyDate")):
        moment = parse_pdf_date(str(pdf.docinfo.get(info_key, "")))
        if moment is None:
            problems.append(f"Info {info_key} is missing or not a PDF date")
            continue
        raw = meta.get(xmp_key)
        try:
            twin = datetime.fromisoformat(str(raw).replace("Z", "+00:00")) if raw else None
        except ValueError:
            twin = None
        if twin is None or twin.tzinfo is None:
            problems.append(f"XMP {xmp_key} is missing or has no time zone")
        elif twin != moment:
            problems.append(f"XMP {xmp_key} ({raw}) differs from Info {info_key}")
    return problems


def intent_components(pdf: Any) -> int | None:
    """Return the component count of the GTS_PDFX output intent's profile (None: none or not ICC)."""
    intents = [i for i in pdf.Root.get("/OutputIntents", []) if str(i.get("/S")) == "/GTS_PDFX"]
    if len(intents) != 1 or "/DestOutputProfile" not in intents[0]:
        return None
    return PROFILE_COMPONENTS.get(bytes(intents[0].DestOutputProfile.read_bytes()[16:20]))


def _output_intent(pdf: Any) -> list[str]:
    """Check there is one GTS_PDFX output intent whose ICC profile matches its /N."""
    intents = [i for i in pdf.Root.get("/OutputIntents", []) if str(i.get("/S")) == "/GTS_PDFX"]
    if len(intents) != 1:
        return [f"{len(intents)} GTS_PDFX output intents, not one"]
    intent, problems = intents[0], []
    if not str(intent.get("/OutputConditionIdentifier", "")):
        problems.append("the output intent has no OutputConditionIdentifier")
    if "/DestOutputProfile" not in intent:
        return problems + ["the output intent has no DestOutputProfile (and no registered condition is checked)"]
    profile = intent.DestOutputProfile
    data = bytes(profile.read_bytes())
    if data[36:40] != b"acsp":
        problems.append("the output profile is not an ICC profile")
    elif PROFILE_COMPONENTS.get(data[16:20]) != int(profile.get("/N", 0)):
        problems.append("the output profile's /N does not match its colour space")
    return problems


def _page(pdf: Any, page: Any) -> list[str]:
    """Check one page's boxes, resources (fonts, colour, graphics states, images) and annotations."""
    problems = _boxes(page)
    components = intent_components(pdf)
    for resources, content in _resource_scopes(page):
        problems += _fonts(resources) + _graphics_states(resources) + _images(resources)
        if components is not None and content is not None:
            problems += _device_colour(content, components)
    problems += _annotations(page)
    return problems


def _box(page: Any, name: str) -> tuple[float, ...] | None:
    """Return a page box as (x0, y0, x1, y1), or None when the page has none."""
    value = page.obj.get(name)
    if value is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in value)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    """Return whether box inner lies within box outer (0.01 pt tolerance)."""
    return all(inner[i] >= outer[i] - 0.01 for i in (0, 1)) and all(inner[i] <= outer[i] + 0.01 for i in (2, 3))


def _boxes(page: Any) -> list[str]:
    """Check TrimBox (or ArtBox, not both), BleedBox around it, all in the MediaBox."""
    media, trim, art, bleed = (_box(page, n) for n in ("/MediaBox", "/TrimBox", "/ArtBox", "/BleedBox"))
    if trim is None and art is None:
        return ["no TrimBox"]
    if trim is not None and art is not None:
        return ["both a TrimBox and an ArtBox"]
    problems = []
    finished = trim or art
    if bleed is not None and not _inside(finished, bleed):  # type: ignore[arg-type]
        problems.append("the TrimBox is not inside the BleedBox")
    if media is not None and not _inside(bleed or finished, media):  # type: ignore[arg-type]
        problems.append("the BleedBox is not inside the MediaBox")
    return problems


def _resource_scopes(page: Any) -> Iterator[tuple[Any, Any]]:
    """Yield (resources, content object) of the page and of every form XObject it reaches, once each."""
    seen: set[tuple[int, int]] = set()
    pending = [(page.obj.get("/Resources"), page.obj)]
    while pending:
        resources, content = pending.pop()
        if resources is None:
            continue
        yield resources, content
        for xobject in resources.get("/XObject", {}).values():
            key = xobject.objgen
            if key in seen or str(xobject.get("/Subtype")) != "/Form":
                continue
            seen.add(key)
            pending.append((xobject.get("/Resources"), xobject))


def _fonts(resources: Any) -> list[str]:
    """Report every font of a resource dictionary that is not embedded (Type 3 fonts need no file)."""
    problems = []
    for font in resources.get("/Font", {}).values():
        subtype = str(font.get("/Subtype"))
        if subtype == "/Type3":
            continue
        described = font.DescendantFonts[0] if subtype == "/Type0" else font
        descriptor = described.get("/FontDescriptor")
        if descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            problems.append(f"font {font.get('/BaseFont')} is not embedded")
    return problems


def _graphics_states(resources: Any) -> list[str]:
    """Report transfer functions, halftones and non-standard blend modes (PDF/X-4 forbids them)."""
    problems = []
    for state in resources.get("/ExtGState", {}).values():
        if "/TR" in state or str(state.get("/TR2", "/Default")) != "/Default":
            problems.append("a graphics state has a transfer function")
        if "/HTO" in state or "/HTP" in state:
            problems.append("a graphics state has a halftone origin")
        modes = state.get("/BM")
        for mode in ([] if modes is None else list(modes) if isinstance(modes, _pikepdf().Array) else [modes]):
            if str(mode) not in BLEND_MODES:
                problems.append(f"blend mode {mode} is not a standard one")
    return problems


def _images(resources: Any) -> list[str]:
    """Report images with alternates or OPI comments."""
    problems = []
    for xobject in resources.get("/XObject", {}).values():
        if "/Alternates" in xobject or "/OPI" in xobject:
            problems.append("an image has alternates or OPI")
    return problems


def _device_colour(content: Any, components: int) -> list[str]:
    """Report device colour operators the output intent's colour space cannot print."""
    pikepdf = _pikepdf()
    forbidden = DEVICE_OPERATORS[components]
    try:
        operators = {str(op) for _, op in pikepdf.parse_content_stream(content)}
    except pikepdf.PdfError:
        return ["a content stream cannot be read"]
    return [f"device colour operator {op!r} does not match the output intent" for op in sorted(operators & forbidden)]


def _annotations(page: Any) -> list[str]:
    """Report annotations inside the trim (only printer's marks and trap networks may be) and bad actions."""
    problems = []
    trim = _box(page, "/TrimBox") or _box(page, "/ArtBox")
    for annot in page.obj.get("/Annots", []):
        subtype = str(annot.get("/Subtype"))
        rect = tuple(float(v) for v in annot.get("/Rect", [0, 0, 0, 0]))
        overlaps = (trim is not None and rect[0] < trim[2] and rect[2] > trim[0]
                    and rect[1] < trim[3] and rect[3] > trim[1])
        if overlaps and subtype not in ("/PrinterMark", "/TrapNet"):
            problems.append(f"a {subtype[1:]} annotation lies inside the TrimBox")
        problems += _action(annot.get("/A"))
    return problems


def _action(action: Any) -> list[str]:
    """Report an action PDF/X forbids."""
    if action is None:
        return []
    kind = str(action.get("/S"))
    return [f"a {kind[1:]} action"] if kind in FORBIDDEN_ACTIONS else []


def _document_actions(pdf: Any) -> list[str]:
    """Report JavaScript, additional actions and forbidden open or outline actions of the document."""
    root, problems = pdf.Root, []
    if "/JavaScript" in root.get("/Names", {}):
        problems.append("document JavaScript")
    if "/AA" in root:
        problems.append("document additional actions")
    open_action = root.get("/OpenAction")
    if open_action is not None and hasattr(open_action, "get"):
        problems += _action(open_action)
    pending = [root.get("/Outlines", {}).get("/First")]
    while pending:  # every outline item, nested ones too
        item = pending.pop()
        if item is not None:
            problems += _action(item.get("/A"))
            pending += [item.get("/Next"), item.get("/First")]
    if "/OCProperties" in root:
        configs = [root.OCProperties.get("/D")] + list(root.OCProperties.get("/Configs", []))
        if any(c is None or "/Name" not in c for c in configs):
            problems.append("an optional-content configuration has no name")
    return problems
