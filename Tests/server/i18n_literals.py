"""Finds the English a user would see in the browser editor's sources that does not go through
its catalogs (Web/js/i18n.js, docs/i18n.md): test_i18n_catalogs.py fails on what this finds.

A JavaScript file is read into string literals ('...', "...", `...` with the text outside its
${...} parts) with comments left out. A literal is user-visible when it holds words (two
letters or more) and either stands where the chrome shows text (the value of `title`,
`aria-label`, `text`, `label`, `placeholder`, `alt`, `hint` in an element's attributes; an
assignment to `.textContent`, `.title`, `.placeholder`, `.innerText`; `setAttribute` of those;
the first argument of `status`, `onStatus`, `confirm`, `alert`, `prompt`, `section`, `action`,
`toggle`, `slider`, `new Error`; the title of `openPopover`) or reads as English prose anywhere
(a capital letter, then words with spaces between them). index.html is checked for text
between tags and the same attributes. Keys (`t('tool.select')`) are not words: a call of
`t(` or `formatNumber(` is where its literal belongs."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "Web"

WORDS = re.compile(r"[A-Za-z]{2,}")
PROSE = re.compile(r"^[^A-Za-z]*[A-Z][a-z]*[a-z,;:.…!?’']*( +[A-Za-z][a-z’'-]*)+")
ATTRIBUTE_KEYS = r"(?:(?<![\w-])(?:title|text|label|placeholder|alt|hint)|'aria-label'|\"aria-label\"|'aria-description')"
SHOWN_BEFORE = re.compile(
    r"(?:" + ATTRIBUTE_KEYS + r"\s*:\s*(?:[^,{}()?:]*\?\s*|[^,{}()?:]*\?[^,{}()?:]*:\s*)?"
    r"|\.(?:textContent|title|placeholder|innerText)\s*=\s*(?:[^;=?:]*\?\s*|[^;=?:]*\?[^;=?:]*:\s*)?"
    r"|setAttribute\(\s*'(?:aria-label|title|placeholder)'\s*,\s*"
    r"|(?<!classList\.)\b(?:status|onStatus|confirm|alert|prompt|section|action|toggle|slider)\(\s*"
    r"|new Error\(\s*"
    r"|openPopover\([^,()]*,\s*)$"
)


@dataclass(frozen=True)
class Literal:
    path: str
    line: int
    text: str
    reason: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r} ({self.reason})"


def _literals(source: str):
    """(offset, text) of each string literal of `source`, comments skipped; a template's text
    is its parts outside ${...}, joined by a space."""
    i, n = 0, len(source)
    regex_ok = True
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
            continue
        if source.startswith("/*", i):
            end = source.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        if c == "/" and regex_ok:
            # A regular expression literal: skip it (its text is a pattern, never shown).
            j = i + 1
            in_class = False
            while j < n and source[j] != "\n":
                if source[j] == "\\":
                    j += 2
                    continue
                if source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                elif source[j] == "/" and not in_class:
                    break
                j += 1
            i = j + 1
            regex_ok = False
            continue
        if c in "'\"":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            yield i, source[i + 1:j]
            i = j + 1
            regex_ok = False
            continue
        if c == "`":
            parts, j, start = [], i + 1, i + 1
            while j < n and source[j] != "`":
                if source[j] == "\\":
                    j += 2
                    continue
                if source.startswith("${", j):
                    parts.append(source[start:j])
                    depth, j = 1, j + 2
                    while j < n and depth:
                        depth += {"{": 1, "}": -1}.get(source[j], 0)
                        j += 1
                    start = j
                    continue
                j += 1
            parts.append(source[start:j])
            yield i, " ".join(parts)
            i = j + 1
            regex_ok = False
            continue
        if not c.isspace():
            regex_ok = c in "(,=:[!&|?{};+-*%<>~^"
            if c.isalnum() or c in "_$)]":
                regex_ok = False
            # `return /x/` and the like
            m = re.match(r"(return|typeof|case|in|of)\b", source[i:i + 7])
            if m and (i == 0 or not (source[i - 1].isalnum() or source[i - 1] == "_")):
                i += len(m.group(1))
                regex_ok = True
                continue
        i += 1


def scan_javascript(path: Path) -> list[Literal]:
    source = path.read_text(encoding="utf-8")
    found = []
    for offset, text in _literals(source):
        if not WORDS.search(text):
            continue
        before = source[max(0, offset - 160):offset]
        line = source.count("\n", 0, offset) + 1
        rel = str(path.relative_to(ROOT))
        if re.search(r"\b(?:t|formatNumber|formatDate)\(\s*$|\bconsole\.\w+\(\s*$", before):
            continue
        if SHOWN_BEFORE.search(before):
            found.append(Literal(rel, line, text, "shown"))
        elif PROSE.match(text) and not re.search(r"\bimport\b[^;]*$|\bfrom\s*$", before):
            found.append(Literal(rel, line, text, "prose"))
    return found


HTML_ATTRIBUTE = re.compile(r"(?<![\w-])(title|aria-label|placeholder|alt)=\"([^\"]*)\"")
HTML_TEXT = re.compile(r">([^<>]*[A-Za-z]{2,}[^<>]*)<")


def scan_html(path: Path) -> list[Literal]:
    source = path.read_text(encoding="utf-8")
    found = []
    rel = str(path.relative_to(ROOT))
    for match in HTML_ATTRIBUTE.finditer(source):
        if WORDS.search(match.group(2)):
            found.append(Literal(rel, source.count("\n", 0, match.start()) + 1, match.group(2), match.group(1)))
    for match in HTML_TEXT.finditer(source):
        found.append(Literal(rel, source.count("\n", 0, match.start()) + 1, match.group(1).strip(), "text"))
    return found


def scan_editor() -> list[Literal]:
    """Every user-visible literal of Web/index.html and Web/js that skips the catalogs."""
    found = scan_html(WEB / "index.html")
    for path in sorted(WEB.glob("js/**/*.js")):
        found += scan_javascript(path)
    return found


def over_allowed(found, allowed: dict) -> str:
    """The literals `found` (a Counter of (file, text)) holds more often than `allowed` lets
    them appear (each key's first item is its count; a key not listed may appear none), as
    "file: 'text' ×count, ..."; empty when there are none. The literal checks' judge."""
    extra = {key: count for key, count in found.items() if count > allowed.get(key, (0, ""))[0]}
    return ", ".join(f"{file}: {text!r} ×{count}" for (file, text), count in sorted(extra.items()))


def stale_allowances(found, allowed: dict) -> list:
    """The keys of `allowed` that no source needs any more (none of them `found`)."""
    return [key for key in allowed if found.get(key, 0) == 0]


if __name__ == "__main__":
    for literal in scan_editor():
        print(literal)
