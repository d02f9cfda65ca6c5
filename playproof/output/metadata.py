"""What every PDF says about itself: title, author, subject, real dates, a document id.

Dates are the time of the build; with SOURCE_DATE_EPOCH set (reproducible builds), that time instead.
"""

from __future__ import annotations

import hashlib
import os
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Mapping

from playproof.errors import PlayproofError
from playproof.records import FrozenRecord, SET

if TYPE_CHECKING:
    from playproof.layouts.project import Project

EPOCH_VARIABLE = "SOURCE_DATE_EPOCH"


class DocumentInfo(FrozenRecord):
    """The Info dictionary and XMP packet of one PDF."""

    __slots__ = ("title", "author", "subject", "created", "document_id")
    title: str
    author: str
    subject: str
    created: datetime  # aware; CreationDate and ModDate
    document_id: str  # 32 hex digits: the trailer /ID and xmpMM:DocumentID

    def __init__(self, title: str, author: str, subject: str, created: datetime, document_id: str) -> None:
        SET(self, "title", title)
        SET(self, "author", author)
        SET(self, "subject", subject)
        SET(self, "created", created)
        SET(self, "document_id", document_id)

    @property
    def uuid(self) -> str:
        """Return the document id as the uuid XMP writes (uuid:8-4-4-4-12)."""
        from uuid import UUID  # only PDF/X and joined parts write it

        return f"uuid:{UUID(hex=self.document_id)}"


def build_time(environ: Mapping[str, str] = os.environ) -> datetime:
    """Return the build's time: SOURCE_DATE_EPOCH (UTC) when set, else now in the local zone."""
    raw = environ.get(EPOCH_VARIABLE, "").strip()
    if not raw:
        return datetime.now(timezone.utc).astimezone()
    try:
        return datetime.fromtimestamp(int(raw), timezone.utc)
    except (ValueError, OverflowError, OSError):
        raise PlayproofError(f"{EPOCH_VARIABLE}={raw!r} is not a whole number of seconds since 1970") from None


def document_info(project: Project, subject: str = "Print-and-play sheets",
                  environ: Mapping[str, str] = os.environ) -> DocumentInfo:
    """Return the metadata of a project's PDF: title = game (and version), author from the project or empty."""
    title = f"{project.name} {project.version}".strip()
    author = str(project.spec.game.get("author") or project.workbook.info.get("author") or "")
    created = build_time(environ)
    digest = hashlib.md5(f"{title}\n{author}\n{subject}\n{created.isoformat()}".encode(), usedforsecurity=False)
    return DocumentInfo(title, author, subject, created, digest.hexdigest())


def pdf_date(moment: datetime) -> str:
    """Return a PDF date string, D:YYYYMMDDHHmmSS+HH'mm' (Z for UTC)."""
    offset = moment.utcoffset()
    minutes = 0 if offset is None else int(offset.total_seconds()) // 60
    zone = "Z" if minutes == 0 else f"{'+' if minutes > 0 else '-'}{abs(minutes) // 60:02d}'{abs(minutes) % 60:02d}'"
    return f"D:{moment.strftime('%Y%m%d%H%M%S')}{zone}"


def xmp_date(moment: datetime) -> str:
    """Return an XMP (ISO 8601) date with its zone."""
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")


def titled(title: str, subject: str = "") -> DocumentInfo:
    """Return the metadata of a PDF known only by its title (author empty, dated now)."""
    created = build_time()
    digest = hashlib.md5(f"{title}\n\n{subject}\n{created.isoformat()}".encode(), usedforsecurity=False)
    return DocumentInfo(title, "", subject, created, digest.hexdigest())


class _Stamp:
    """The time reportlab's Info dictionary writes (its TimeStamp's fields)."""

    def __init__(self, moment: datetime) -> None:
        offset = moment.utcoffset()
        minutes = 0 if offset is None else int(offset.total_seconds()) // 60
        self.t = moment.timestamp()
        self.YMDhms = moment.timetuple()[:6]  # noqa: N815 (reportlab's name)
        self.dhh, self.dmm = int(minutes / 60), abs(minutes) % 60


def stamp_canvas(canvas: object, info: DocumentInfo) -> None:
    """Write info into a reportlab canvas: Info dictionary fields, both dates, the trailer /ID."""
    canvas.setTitle(info.title)  # type: ignore[attr-defined]
    canvas.setAuthor(info.author)  # type: ignore[attr-defined]
    canvas.setSubject(info.subject)  # type: ignore[attr-defined]
    canvas.setCreator("playproof")  # type: ignore[attr-defined]
    canvas.setProducer("playproof (ReportLab)")  # type: ignore[attr-defined]
    document = canvas._doc  # type: ignore[attr-defined]
    document._timeStamp = _Stamp(info.created)
    identifier = b"<" + info.document_id.encode() + b">"
    document._ID = b"\n[" + identifier + identifier + b"]\n"
