"""Helpers for the oracle suite: the corpus manifest, running the CLI, and the outside engines.

The outside engines are the oracles: pikepdf (qpdf) for page boxes, rotation and annotations,
`qpdf --check` for the structure of written files, PyMuPDF and pypdf for "does it open with
the same page count". Everything here is plain functions and small value types; conftest.py
wires them to pytest, and the test modules only state what must hold.
"""

from __future__ import annotations

import csv
import errno
import hashlib
import json
import logging
import re
import subprocess
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pikepdf

#: Tolerance for comparing box coordinates, in points.
BOX_TOLERANCE = 1e-3

#: The page size viewers assume when no /MediaBox is found anywhere (US Letter).
DEFAULT_MEDIA_BOX = (0.0, 0.0, 612.0, 792.0)

# MARK: - The corpus manifest


def decode_manifest_escapes(text: str) -> str:
    """Turn the manifest's `\\uXXXX` escapes (used for commas, tabs, backslashes...) back."""
    return re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), text)


@dataclass(frozen=True)
class CorpusFile:
    """One line of the corpus manifest: a file and what other engines saw in it."""

    name: str
    path: Path
    tags: tuple[str, ...]
    opens_with: tuple[str, ...]
    password_status: str  # "", "no-password-needed", "user-password-needed(known)", ...

    def __str__(self) -> str:
        return self.name

    def tag_values(self, prefix: str) -> list[str]:
        return [t[len(prefix):] for t in self.tags if t.startswith(prefix)]

    def has_tag(self, tag: str) -> bool:
        return tag in self.tags

    @property
    def user_password(self) -> str | None:
        values = self.tag_values("password:user=")
        return decode_manifest_escapes(values[0]) if values else None

    @property
    def owner_password(self) -> str | None:
        values = self.tag_values("password:owner=")
        return decode_manifest_escapes(values[0]) if values else None

    @property
    def password(self) -> str | None:
        """The password that opens the file for reading: the user one if known, else the owner."""
        return self.user_password or self.owner_password

    @property
    def encrypted(self) -> bool:
        return bool(self.tag_values("encrypted:"))

    @property
    def needs_certificate(self) -> bool:
        return self.has_tag("password:certificate") or self.password_status == "certificate-needed"

    @property
    def password_unknown(self) -> bool:
        return self.password_status == "password-needed(unknown)"

    @property
    def needs_user_password(self) -> bool:
        return self.password_status == "user-password-needed(known)"

    @property
    def locked(self) -> bool:
        """No password we know opens it: a certificate is needed or the password is unknown."""
        return self.needs_certificate or self.password_unknown

    @property
    def damaged(self) -> bool:
        return self.has_tag("broken-xref") or self.has_tag("damaged")

    @property
    def version(self) -> str | None:
        values = self.tag_values("version:")
        return values[0] if values else None

    def opens_in(self, library: str) -> bool:
        return library in self.opens_with


def read_manifest(corpus: Path) -> list[CorpusFile]:
    """Every PDF listed in corpus/manifest.tsv that is present, in manifest order."""
    entries = []
    with open(corpus / "manifest.tsv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            libraries, _, status = row["opens_with"].partition(";")
            entries.append(CorpusFile(
                name=row["file"],
                path=corpus / row["file"],
                tags=tuple(t for t in row["features"].split(",") if t),
                opens_with=tuple(lib for lib in libraries.split(",") if lib and lib != "none"),
                password_status=status,
            ))
    return entries


# MARK: - Running the CLI


@dataclass(frozen=True)
class CliResult:
    """What one run of a command did. `returncode` is None when it was killed for time."""

    args: tuple[str, ...]
    returncode: int | None
    stdout: str
    stderr: str
    seconds: float

    @property
    def timed_out(self) -> bool:
        return self.returncode is None

    @property
    def crashed(self) -> bool:
        """Killed by a signal (negative code) or a shell-style 128+N code: never acceptable."""
        return self.returncode is not None and (self.returncode < 0 or self.returncode >= 128)

    @property
    def stderr_lines(self) -> list[str]:
        return [line for line in self.stderr.splitlines() if line.strip()]

    def json(self) -> dict:
        return json.loads(self.stdout)

    def describe(self) -> str:
        """For assertion messages: the command, its exit and the end of its stderr."""
        status = "timed out" if self.timed_out else f"exit {self.returncode}"
        tail = "\n    ".join(self.stderr_lines[-6:]) or "(no stderr)"
        command = " ".join(self.args[1:])
        return f"`marginalia {command}`: {status} after {self.seconds:.1f} s\n    {tail}"


def run_command(args: list[str], timeout: float) -> CliResult:
    start = time.monotonic()
    try:
        done = _run_with_launch_retries(args, timeout)
    except subprocess.TimeoutExpired as expired:
        return CliResult(tuple(args), None, _text(expired.stdout), _text(expired.stderr),
                         time.monotonic() - start)
    return CliResult(tuple(args), done.returncode, _text(done.stdout), _text(done.stderr),
                     time.monotonic() - start)


def _run_with_launch_retries(args: list[str], timeout: float) -> subprocess.CompletedProcess:
    """subprocess.run, retried when the process could not even be started.

    Once, on a loaded CI machine, starting the freshly linked binary from pool threads failed
    with EFAULT ("Bad address") before it ran; the command never ran, so trying again is no
    leniency towards it. Any other failure to start is raised at once.
    """
    for attempt in range(3):
        try:
            return subprocess.run(args, capture_output=True, timeout=timeout,
                                  stdin=subprocess.DEVNULL)
        except OSError as error:
            if error.errno not in (errno.EFAULT, errno.ETXTBSY, errno.EAGAIN) or attempt == 2:
                raise
            time.sleep(0.5 * (attempt + 1))
    raise AssertionError("unreachable")


def _text(data: bytes | None) -> str:
    return (data or b"").decode("utf-8", errors="replace")


def password_args(password: str | None) -> list[str]:
    return ["--password", password] if password is not None else []


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# MARK: - Page facts, as pikepdf sees them


@dataclass(frozen=True)
class PageFacts:
    media_box: tuple[float, float, float, float]
    crop_box: tuple[float, float, float, float]
    rotation: int
    annotation_count: int


@dataclass(frozen=True)
class DocumentFacts:
    page_count: int
    pages: tuple[PageFacts, ...]
    encrypted: bool
    metadata: dict  # Info keys (title, author, ...) whose value is a text string
    warnings: tuple[str, ...]


def normalised_box(values) -> tuple[float, float, float, float]:
    """[x1 y1 x2 y2] with x1 <= x2 and y1 <= y2 (PDF 32000-1 7.9.5 allows any two corners)."""
    x1, y1, x2, y2 = (float(v) for v in values)
    return (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))


def boxes_equal(a, b, tolerance: float = BOX_TOLERANCE) -> bool:
    return len(a) == 4 and len(b) == 4 and all(abs(float(x) - float(y)) <= tolerance
                                               for x, y in zip(a, b))


def _inherited(page: pikepdf.Dictionary, key: str):
    """The value of an inheritable page attribute (PDF 32000-1 7.7.3.4), walking /Parent."""
    node, seen = page, set()
    while isinstance(node, pikepdf.Dictionary):
        if key in node:
            return node[key]
        identity = node.objgen
        if identity != (0, 0):
            if identity in seen:
                return None
            seen.add(identity)
        node = node.get("/Parent")
    return None


def _box(value):
    if isinstance(value, pikepdf.Array) and len(value) == 4:
        try:
            return normalised_box(value)
        except (TypeError, ValueError):
            return None
    return None


def page_facts(page: pikepdf.Dictionary) -> PageFacts:
    media = _box(_inherited(page, "/MediaBox")) or DEFAULT_MEDIA_BOX
    crop = _box(_inherited(page, "/CropBox")) or media
    rotate = _inherited(page, "/Rotate")
    rotation = int(rotate) % 360 if isinstance(rotate, (int, float)) else 0
    annots = page.get("/Annots")
    count = 0
    if isinstance(annots, pikepdf.Array):
        count = sum(1 for a in annots if isinstance(a, pikepdf.Dictionary))
    return PageFacts(media, crop, rotation, count)


INFO_KEYS = {
    "title": "/Title", "author": "/Author", "subject": "/Subject", "keywords": "/Keywords",
    "creator": "/Creator", "producer": "/Producer",
}


@lru_cache(maxsize=None)
def pikepdf_facts(path: Path, password: str | None) -> DocumentFacts:
    """Open with pikepdf and read every page's facts. Raises what pikepdf raises."""
    with pikepdf.open(path, password=password or "") as pdf:
        pages = tuple(page_facts(page.obj) for page in pdf.pages)
        metadata = {}
        info = pdf.trailer.get("/Info")
        if isinstance(info, pikepdf.Dictionary):
            for key, pdf_key in INFO_KEYS.items():
                value = info.get(pdf_key)
                if isinstance(value, pikepdf.String):
                    metadata[key] = str(value)
        return DocumentFacts(len(pages), pages, pdf.is_encrypted, metadata,
                             tuple(pdf.get_warnings()))


def pikepdf_reads_cleanly(path: Path, password: str | None) -> bool:
    """True when pikepdf opens the file and resolves every object without a warning."""
    try:
        with pikepdf.open(path, password=password or "") as pdf:
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Stream):
                    obj.read_raw_bytes()
            len(pdf.pages)
            return not pdf.get_warnings()
    except Exception:  # noqa: BLE001 - any failure means "not clean"
        return False


# MARK: - The other oracles


@dataclass(frozen=True)
class QpdfCheck:
    returncode: int
    warnings: tuple[str, ...]
    errors: tuple[str, ...]

    @property
    def passed(self) -> bool:
        """qpdf --check exits 0 when clean and 3 when it only warned."""
        return self.returncode in (0, 3)

    @property
    def crashed(self) -> bool:
        return self.returncode < 0

    @property
    def damage_warnings(self) -> tuple[str, ...]:
        """Warnings about the file's structure (not its page content): a fresh write has none."""
        # Phrases of qpdf's messages, not of its locations ("object stream 816, object 2 0").
        pattern = re.compile(r"file is damaged|reconstruct|xref not found|startxref|"
                             r"expected endstream|stream length|is not a stream|loop detected",
                             re.IGNORECASE)
        return tuple(w for w in self.warnings if pattern.search(w))

    def error_kinds(self) -> set[str]:
        """Errors with file names and numbers blanked, to compare two files' errors."""
        return {re.sub(r"\d+", "N", re.sub(r"\S+\.pdf\b", "FILE", e)) for e in self.errors}

    def describe(self) -> str:
        lines = list(self.errors[:5]) + list(self.warnings[:5])
        return f"qpdf --check exit {self.returncode}: " + ("; ".join(lines) or "(no messages)")


def qpdf_check(path: Path, password: str | None, timeout: float = 300) -> QpdfCheck:
    args = ["qpdf", "--check"]
    if password is not None:
        args.append(f"--password={password}")
    args.append(str(path))
    try:
        done = subprocess.run(args, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return QpdfCheck(-9, (), ("qpdf --check timed out",))
    lines = (_text(done.stdout) + "\n" + _text(done.stderr)).splitlines()
    return QpdfCheck(
        done.returncode,
        tuple(line for line in lines if line.startswith("WARNING")),
        # "ERROR: ..." lines, and "qpdf: ..." lines when qpdf could not read the file at all.
        tuple(line for line in lines if line.startswith("ERROR") or (
            line.startswith("qpdf:") and "succeeded with warnings" not in line)),
    )


def pymupdf_page_count(path: Path, password: str | None) -> int:
    import pymupdf

    pymupdf.TOOLS.mupdf_display_errors(False)
    with pymupdf.open(path) as doc:
        if doc.needs_pass and not doc.authenticate(password or ""):
            raise ValueError("PyMuPDF: password not accepted")
        return doc.page_count


def pypdf_page_count(path: Path, password: str | None) -> int:
    import pypdf

    logging.getLogger("pypdf").setLevel(logging.ERROR)
    reader = pypdf.PdfReader(path)
    if reader.is_encrypted and not reader.decrypt(password or ""):
        raise ValueError("pypdf: password not accepted")
    return len(reader.pages)


# MARK: - Comparing the CLI's JSON with the oracle


def page_differences(cli_pages: list[dict], expected: tuple[PageFacts, ...],
                     numbers: list[int]) -> list[str]:
    """Human-readable differences between `info --json` pages and pikepdf's facts."""
    problems = []
    if [p.get("number") for p in cli_pages] != numbers:
        return [f"page numbers {[p.get('number') for p in cli_pages][:10]}... "
                f"expected {numbers[:10]}..."]
    for page in cli_pages:
        facts = expected[page["number"] - 1]
        where = f"page {page['number']}"
        for key, want in (("mediaBox", facts.media_box), ("cropBox", facts.crop_box)):
            got = page.get(key)
            if not isinstance(got, list) or not boxes_equal(got, want):
                problems.append(f"{where}: {key} {got} expected {list(want)}")
        if page.get("rotation") != facts.rotation:
            problems.append(f"{where}: rotation {page.get('rotation')} expected {facts.rotation}")
        if page.get("annotationCount") != facts.annotation_count:
            problems.append(f"{where}: annotationCount {page.get('annotationCount')} "
                            f"expected {facts.annotation_count}")
    return problems


def facts_differences(got: tuple[PageFacts, ...], expected: tuple[PageFacts, ...],
                      skip: frozenset[int] = frozenset()) -> list[str]:
    """Differences between two pikepdf readings (a written file against its original)."""
    if len(got) != len(expected):
        return [f"{len(got)} pages, expected {len(expected)}"]
    problems = []
    for index, (a, b) in enumerate(zip(got, expected)):
        if index + 1 in skip:
            continue
        if not boxes_equal(a.media_box, b.media_box) or not boxes_equal(a.crop_box, b.crop_box):
            problems.append(f"page {index + 1}: boxes {a.media_box}/{a.crop_box} "
                            f"expected {b.media_box}/{b.crop_box}")
        if a.rotation != b.rotation:
            problems.append(f"page {index + 1}: rotation {a.rotation} expected {b.rotation}")
        if a.annotation_count != b.annotation_count:
            problems.append(f"page {index + 1}: {a.annotation_count} annotations, "
                            f"expected {b.annotation_count}")
    return problems


def first(problems: list[str], limit: int = 8) -> str:
    more = f"\n  ... and {len(problems) - limit} more" if len(problems) > limit else ""
    return "\n  " + "\n  ".join(problems[:limit]) + more
