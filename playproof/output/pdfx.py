"""PDF/X-4 for print shops: an sRGB output intent, the PDF/X version in Info and XMP, boxes on every page.

Needs the optional pikepdf (`pip install "playproof[pdfx]"`); the sRGB profile comes from Pillow's
ImageCms (Pillow is installed with reportlab).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playproof.errors import PlayproofError

PDFX_VERSION = "PDF/X-4"
OUTPUT_CONDITION = "sRGB IEC61966-2.1"
INSTALL = '--pdfx needs pikepdf: pip install "playproof[pdfx]"'


def _pikepdf() -> Any:
    """Import pikepdf, or say what to install."""
    try:
        import pikepdf
    except ImportError:
        raise PlayproofError(INSTALL) from None
    return pikepdf


def srgb_profile() -> bytes:
    """Return an sRGB ICC profile made by littleCMS (through Pillow)."""
    from PIL import ImageCms

    return bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())


def make_pdfx(path: Path, title: str) -> None:
    """Turn the PDF at path into PDF/X-4 in place."""
    pikepdf = _pikepdf()
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        _output_intent(pikepdf, pdf)
        for page in pdf.pages:
            _boxes(pikepdf, page)
        pdf.docinfo[pikepdf.Name.GTS_PDFXVersion] = PDFX_VERSION
        pdf.docinfo[pikepdf.Name.Trapped] = pikepdf.Name.False_
        pdf.docinfo[pikepdf.Name.Title] = title
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            meta["pdfxid:GTS_PDFXVersion"] = PDFX_VERSION
            meta["dc:title"] = title
            meta["pdf:Trapped"] = "False"
        pdf.save(path, min_version="1.6")


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
