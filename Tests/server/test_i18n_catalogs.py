"""The browser editor's message catalogs (Web/i18n/*.json, docs/i18n.md), checked without a
browser: every language has every English string and no other, with the same placeholders,
and each plural has the forms its language's CLDR rules need (Babel's copy of CLDR is the
judge, not the catalogs' authors); and no user-visible English in Web/index.html or Web/js
skips the catalogs (i18n_literals.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel import Locale

from i18n_literals import WEB, scan_editor

CATALOGS = WEB / "i18n"
# Web/js/i18n.js's LANGUAGES, and the CLDR locale each is judged by.
LANGUAGES = {"en": "en", "de": "de", "fr": "fr", "es": "es", "ja": "ja", "zh-Hans": "zh_Hans", "ar": "ar", "he": "he"}
CLDR_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")

# Literals the static check finds that are not the chrome's words, each with why.
ALLOWED = {
    ("Web/index.html", "Marginalia"): "the product's name (the tab title until a document opens)",
    ("Web/js/editor.js", "  — Marginalia"): "the tab title: the document's name and the product's",
    ("Web/js/session.js", "  — Marginalia"): "the tab title: the document's name and the product's",
    ("Web/js/api.js", "  fetching  "): "an HTTP status and a URL, shown after a translated 'Could not …:'",
    ("Web/js/engine.js", "the editor engine is not loaded"): "a programming error (a call before the engine loaded), never a user's",
    ("Web/js/features.js", 'features.js: no feature named " "'): "a programming error (a feature name the module does not list), never a user's",
    ("Web/js/i18n.js", "the   catalog answered  "): "the console's reason for showing English, written before any catalog is there",
    ("Web/js/overlaytext.js", "Helvetica, Arial, 'Nimbus Sans', 'Liberation Sans', sans-serif"): "a CSS font-family list",
    ("Web/js/tools/sign.js", "the script face ( ) could not be loaded"): "names the font file's URL: a deployment fault, not the user's",
}


def load(code: str) -> dict:
    return json.loads((CATALOGS / f"{code}.json").read_text(encoding="utf-8"))


def forms(entry) -> dict:
    return entry if isinstance(entry, dict) else {"other": entry}


def placeholders(entry) -> set[str]:
    return {name for text in forms(entry).values() for name in PLACEHOLDER.findall(text)}


def test_the_catalogs_are_the_languages_the_editor_offers():
    assert sorted(p.stem for p in CATALOGS.glob("*.json")) == sorted(LANGUAGES)
    offered = re.findall(r"code: '([\w-]+)'", (WEB / "js" / "i18n.js").read_text(encoding="utf-8"))
    assert sorted(offered) == sorted(LANGUAGES)


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_string_is_translated_with_its_placeholders(code):
    english, catalog = load("en"), load(code)
    assert not sorted(set(english) - set(catalog)), f"{code}.json lacks these keys"
    assert not sorted(set(catalog) - set(english)), f"{code}.json has keys English does not"
    wrong = {key: (sorted(placeholders(english[key])), sorted(placeholders(catalog[key])))
             for key in english if placeholders(english[key]) != placeholders(catalog[key])}
    assert not wrong, f"{code}.json: placeholders differ from English (English, {code}): {wrong}"
    empty = [key for key, entry in catalog.items() if not all(text.strip() for text in forms(entry).values())]
    assert not empty, f"{code}.json: empty strings: {empty}"


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_plural_has_the_forms_its_language_needs(code):
    english, catalog = load("en"), load(code)
    needed = set(Locale.parse(LANGUAGES[code]).plural_form.tags) | {"other"}
    for key, entry in catalog.items():
        if isinstance(english[key], dict):
            assert isinstance(entry, dict), f"{code}.json {key}: a plural in English, a plain string here"
            assert needed <= set(entry), f"{code}.json {key}: lacks {sorted(needed - set(entry))} (CLDR: {sorted(needed)})"
            assert set(entry) <= CLDR_CATEGORIES, f"{code}.json {key}: {sorted(set(entry) - CLDR_CATEGORIES)} are no CLDR categories"
            # `other` names the count; `zero`, `one` and `two` may say it in words (Arabic's
            # "تعديلان", two edits), as a language's own grammar does.
            assert "count" not in placeholders(english[key]) or "{count}" in entry["other"], f"{code}.json {key}: `other` lacks {{count}}"
        else:
            assert isinstance(entry, str), f"{code}.json {key}: a plain string in English, not here"


def test_no_english_skips_the_catalogs():
    found = [literal for literal in scan_editor() if (literal.path, literal.text) not in ALLOWED]
    assert not found, "user-visible English outside the catalogs:\n" + "\n".join(map(str, found))
    everything = {(literal.path, literal.text) for literal in scan_editor()}
    stale = [entry for entry in ALLOWED if entry not in everything]
    assert not stale, f"allowed literals no longer in the sources (drop them from ALLOWED): {stale}"


def test_every_key_the_sources_name_is_in_the_english_catalog():
    english = load("en")
    sources = [WEB / "index.html", *sorted(WEB.glob("js/**/*.js"))]
    named = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        named |= set(re.findall(r"\bt\(\s*'([\w.]+)'", text))
        named |= set(re.findall(r"data-i18n(?:-aria-label)?=\"([\w.]+)\"", text))
    assert not sorted(named - set(english)), "keys used in the sources but missing from en.json"
