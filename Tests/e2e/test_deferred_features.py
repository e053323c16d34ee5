"""Issue 36 (large files, ninth round): what page 1 does not need comes after it, and pdf.js's
worker does not hang on one fetch.

- The features of features.js (documents, versions, exports, printing, signing, the tools'
  settings, stamps, the outline, presence) are neither preloaded nor fetched before the
  first page: they are asked for once a page is drawn (`marginalia:features`), all of them.
- A click that reaches for a feature whose module has not come yet waits for it: held at the
  network, the click opens nothing; let go, what the click asked for opens (not lost).
- pdfworker.js's fetch of pdf.js's worker script cut off: pdf.js starts its own worker from
  `workerSrc` and the document opens all the same."""


import pytest

from editor_harness import OPENED, PAGE_DRAWN, Editor, Page, wait_until_held

# features.js's modules, and the modules only they import (savedsignatures.js, brushes.js).
DEFERRED = ["/app/js/documents.js", "/app/js/versions.js", "/app/js/exporting.js", "/app/js/printing.js",
            "/app/js/tools/sign.js", "/app/js/certificatesigning.js", "/app/js/signaturespanel.js",
            "/app/js/savedsignatures.js", "/app/js/toolsettings.js", "/app/js/brushes.js",
            "/app/js/tools/stamp.js", "/app/js/presence.js", "/app/js/outline.js"]

# Each deferred module's first fetch (ms after the navigation), or null when not fetched.
FETCHED = """(paths) => paths.map((path) => performance.getEntriesByType('resource')
    .find((entry) => new URL(entry.name).pathname === path)?.startTime ?? null)"""
FEATURES_MARK = "performance.getEntriesByName('marginalia:features')[0]?.startTime ?? null"
POPOVER_OPEN = "!document.getElementById('popover').hidden"


def test_features_page_1_does_not_need_are_fetched_after_it(new_editor):
    editor = new_editor()
    editor.wait_until(f"({FETCHED})({DEFERRED!r}).every((start) => start !== null)", timeout=15000)
    mark = editor.js(FEATURES_MARK)
    starts = editor.js(FETCHED, DEFERRED)
    print(f"\n{editor.engine}: features asked for at {mark:.0f} ms; fetched at {dict(zip(DEFERRED, starts))}")
    assert all(start >= mark for start in starts), f"no feature before page 1 was drawn: {mark} {starts}"
    preloaded = editor.js("[...document.querySelectorAll('link[rel=modulepreload]')].map((l) => new URL(l.href).pathname)")
    assert not set(preloaded) & set(DEFERRED), "none of them is preloaded"
    # The first page was drawn before they were asked for: its canvas came before the mark.
    assert editor.js("performance.getEntriesByName('marginalia:pages-laid-out')[0].startTime") < mark


def _held(tab, pattern):
    """Holds every request for `pattern` at the network until let go; the held routes."""
    held = []
    tab.page.route(pattern, lambda route: held.append(route))
    return held



@pytest.mark.chromium_only("holds a module's answer back through Playwright's request routing")
def test_a_click_before_its_feature_has_come_waits_for_it(new_tab, web_server, document):
    tab = new_tab()
    versions = _held(tab, "**/app/js/versions.js")
    settings = _held(tab, "**/app/js/toolsettings.js")
    editor = Editor(tab, web_server, document)
    wait_until_held(tab, versions, "versions.js", seconds=15)
    wait_until_held(tab, settings, "toolsettings.js", seconds=15)

    # Versions clicked while its module is held: nothing opens yet, and the click is kept.
    editor.click_toolbar("versions")
    assert editor.js("document.getElementById('popover').hidden"), "nothing to open before versions.js came"
    versions[0].continue_()
    editor.wait_until(f"{POPOVER_OPEN} && document.querySelectorAll('.version-item').length >= 1", timeout=10000)
    editor.press("Escape")
    editor.wait_until("document.getElementById('popover').hidden")

    # The Draw tool's settings (a right-click) while toolsettings.js is held: the same.
    editor.click('[data-tool="draw"]', button="right")
    assert editor.js("document.getElementById('popover').hidden"), "nothing to open before toolsettings.js came"
    settings[0].continue_()
    editor.wait_until(f"{POPOVER_OPEN} && !!document.querySelector('#popover .brush-preview')", timeout=10000)
    editor.screenshot("deferred-draw-settings")


@pytest.mark.chromium_only("cuts off one request through Playwright's request routing")
def test_the_worker_script_fetch_cut_off_lets_pdfjs_start_its_own_worker(new_tab, web_server, document):
    tab = new_tab()
    asked = []

    def first_cut_off(route):
        asked.append(route.request.url)
        if len(asked) == 1:
            route.abort()
        else:
            route.continue_()

    tab.page.route("**/vendor/pdfjs/pdf.worker.mjs", first_cut_off)
    page = Page(tab, web_server)
    page.goto(f"/?doc={document}")
    page.wait_until(f"({OPENED}) && !!marginalia.model.summary && ({PAGE_DRAWN})(0)", timeout=20000)
    print(f"\n{page.engine}: the worker's script asked for {len(asked)} times")
    assert len(asked) >= 2, f"the script was asked for again after the cut-off fetch: {asked}"
    assert "pdf.js did not load" not in page.text("#status"), "no message that pdf.js is missing"
    assert page.js("document.getElementById('empty').hidden"), "the document is shown, not the empty page"
