"""PDF/X-4 for print shops: an sRGB output intent, the PDF/X version in Info and XMP, boxes on every page.

Needs the optional pikepdf (`pip install "playproof[pdfx]"`); the sRGB profile comes from Pillow's
ImageCms (Pillow is installed with reportlab).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playproof.errors import PlayproofError
from playproof.output.metadata import DocumentInfo, pdf_date, titled, xmp_date
from playproof.output.preflight import INSTALL, PDFX_VERSION, _pikepdf, preflight

OUTPUT_CONDITION = "sRGB IEC61966-2.1"


def srgb_profile() -> bytes:
    """Return an sRGB ICC profile made by littleCMS (through Pillow)."""
    from PIL import ImageCms

    return bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())


def make_pdfx(path: Path, info: DocumentInfo | str) -> None:
    """Turn the PDF at path into PDF/X-4 in place; raise when the result would fail preflight."""
    pikepdf = _pikepdf()
    info = info if isinstance(info, DocumentInfo) else titled(info)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        _output_intent(pikepdf, pdf)
        for page in pdf.pages:
            _boxes(pikepdf, page)
        _info(pikepdf, pdf, info)
        _xmp(pdf, info)
        identifier = bytes.fromhex(info.document_id)
        pdf.trailer.ID = pikepdf.Array([identifier, identifier])
        pdf.save(path, min_version="1.6", force_version="1.6", static_id=True)
    problems = preflight(path)
    if problems:
        raise PlayproofError(f"the PDF/X-4 file fails preflight: {'; '.join(problems)}")


def _info(pikepdf: Any, pdf: Any, info: DocumentInfo) -> None:
    """Write the Info dictionary PDF/X asks for: version, Trapped /False, title, dates."""
    docinfo = pdf.docinfo
    docinfo[pikepdf.Name.GTS_PDFXVersion] = PDFX_VERSION
    docinfo[pikepdf.Name.Trapped] = pikepdf.Name("/False")  # not Name.False_: that spells /False_
    docinfo[pikepdf.Name.Title] = info.title
    docinfo[pikepdf.Name.Author] = info.author
    docinfo[pikepdf.Name.Subject] = info.subject
    docinfo[pikepdf.Name.CreationDate] = docinfo[pikepdf.Name.ModDate] = pdf_date(info.created)


def _xmp(pdf: Any, info: DocumentInfo) -> None:
    """Write the XMP packet PDF/X-4 asks for: version, title, dates, document and version ids."""
    when = xmp_date(info.created)
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["pdfxid:GTS_PDFXVersion"] = PDFX_VERSION
        meta["dc:title"] = info.title
        if info.author:
            meta["dc:creator"] = [info.author]
        meta["pdf:Trapped"] = "False"
        meta["pdf:Producer"] = "playproof (ReportLab, pikepdf)"
        meta["xmp:CreatorTool"] = "playproof"
        meta["xmp:CreateDate"] = meta["xmp:ModifyDate"] = meta["xmp:MetadataDate"] = when
        meta["xmpMM:DocumentID"] = meta["xmpMM:InstanceID"] = info.uuid
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"


def _output_intent(pikepdf: Any, pdf: Any) -> None:
    """Add the sRGB output intent every PDF/X file names."""
    profile = pdf.make_stream(srgb_profile())
    profile[pikepdf.Name.N] = 3
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX, OutputConditionIdentifier=OUTPUT_CONDITION,
        RegistryName="http://www.color.org", Info=OUTPUT_CONDITION, DestOutputProfile=profile)
    pdf.Root[pikepdf.Name.OutputIntents] = pikepdf.Array([pdf.make_indirect(intent)])


def _boxes(pikepdf: Any, page: Any) -> None:
    """Give a page without a TrimBox the media box as its trim and bleed (PDF/X needs one on every page)."""
    if pikepdf.Name.TrimBox not in page.obj:
        page.obj[pikepdf.Name.TrimBox] = page.obj.MediaBox
    if pikepdf.Name.BleedBox not in page.obj:
        page.obj[pikepdf.Name.BleedBox] = page.obj[pikepdf.Name.TrimBox]


__all__ = ["INSTALL", "OUTPUT_CONDITION", "PDFX_VERSION", "_pikepdf", "make_pdfx", "srgb_profile"]
