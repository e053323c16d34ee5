"""Issue 34, Share (seed 001: the share sheet): where the browser can share files (the Web
Share API with files, `navigator.canShare({files})`, as Safari on iPad and iPhone offers it),
Download and every export have a Share button beside them, which hands the share sheet a File
with the download's name, type and bytes; elsewhere only the downloads show.

Neither headless Chromium nor WebKitGTK's MiniBrowser offers file sharing, so the browser that
has it is made here: the test defines `navigator.canShare` and `navigator.share` in the page
(the fake share sheet keeps what it was given). The editor itself is not changed. Each runs in
Chromium and in WebKit."""

import base64

import pytest

from editor_harness import api

# A browser that can share files: canShare says yes to a list of Files, share keeps them.
SHARE_SHEET = """(() => {
  window.sharedFiles = [];
  Object.defineProperty(navigator, 'canShare', { configurable: true,
    value: (data) => Array.isArray(data?.files) && data.files.length > 0 && data.files.every((f) => f instanceof File) });
  Object.defineProperty(navigator, 'share', { configurable: true, value: async (data) => {
    for (const file of data.files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      window.sharedFiles.push({ name: file.name, type: file.type, title: data.title, base64: btoa(binary) });
    }
  } });
  marginalia.setTool('select');  // the toolbar is drawn again, asking the browser anew
})()"""

# A browser without file sharing: canShare says no to files (desktop browsers that share only
# links), or there is no Web Share API at all.
NO_FILE_SHARING = """(() => {
  Object.defineProperty(navigator, 'canShare', { configurable: true, value: (data) => !data?.files });
  Object.defineProperty(navigator, 'share', { configurable: true, value: async () => {} });
  marginalia.setTool('select');
})()"""
NO_SHARE_API = """(() => {
  Object.defineProperty(navigator, 'canShare', { configurable: true, value: undefined });
  Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
  marginalia.setTool('select');
})()"""

SHARE_BUTTON = "button[data-tool=share]"
# Wide enough for Download, Share and Export to stay in the toolbar's row (overflow.js).
WIDE = {"width": 1920, "height": 900}


def shared(editor, count):
    """The files the fake share sheet holds, once it holds `count`."""
    editor.wait_until(f"window.sharedFiles.length === {count}", timeout=15000)
    files = editor.js("window.sharedFiles")
    return [dict(f, bytes=base64.b64decode(f["base64"])) for f in files]


def pages_and_annotations(data):
    fitz = pytest.importorskip("fitz")
    document = fitz.open(stream=data, filetype="pdf")
    return [(round(page.rect.width), round(page.rect.height), page.get_text(), [a.type[1] for a in page.annots()])
            for page in document]


def test_download_and_each_export_offer_share_which_passes_the_same_file(new_editor):
    editor = new_editor(viewport=WIDE)
    assert not editor.visible(SHARE_BUTTON), "no Share before the browser can share files"
    editor.js(SHARE_SHEET)
    editor.wait_until(f"document.querySelector('{SHARE_BUTTON}').getClientRects().length > 0")
    assert editor.visible("button[data-tool=download]")

    # Share beside Download: the editable PDF, named and typed as the download is.
    editor.click_toolbar("share")
    [pdf] = shared(editor, 1)
    assert (pdf["name"], pdf["type"], pdf["title"]) == ("sample.pdf", "application/pdf", "sample.pdf")
    assert pdf["bytes"] == api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/file")

    # Every export has its Share: the flattened PDF and the view as PDF.
    editor.click_toolbar("export")
    editor.wait_until("!document.getElementById('popover').hidden")
    for selector in ("#popover button[data-export=flattened-drop]", "#popover button[data-export=flattened-summary]"):
        assert editor.visible(selector), selector
    assert editor.visible("#popover button", "Export view as PDF")
    for what in ("flattened PDF", "flattened PDF with comments", "view as PDF"):
        assert editor.visible(f'#popover button[aria-label="Share {what}"]'), what
    editor.screenshot("share-export-menu")
    editor.click('#popover button[aria-label="Share flattened PDF"]')
    flattened = shared(editor, 2)[1]
    assert (flattened["name"], flattened["type"]) == ("sample-flattened.pdf", "application/pdf")
    # The server's export of the same revision: the same pages, text and (no) annotations.
    exported = api(editor.base, "GET", f"/api/v1/documents/{editor.doc_id}/export")
    assert flattened["bytes"][:5] == b"%PDF-"
    assert pages_and_annotations(flattened["bytes"]) == pages_and_annotations(exported)

    editor.click('#popover button[aria-label="Share view as PDF"]')
    view = shared(editor, 3)[2]
    assert view["name"].startswith("sample-page1-view") and view["type"] == "application/pdf"
    assert len(pages_and_annotations(view["bytes"])) == 1
    editor.press("Escape")
    editor.screenshot("share-toolbar")


@pytest.mark.parametrize("browser_kind", ["files refused", "no Web Share API"])
def test_without_file_sharing_only_the_downloads_show(new_editor, browser_kind):
    editor = new_editor(viewport=WIDE)
    editor.js(NO_FILE_SHARING if browser_kind == "files refused" else NO_SHARE_API)
    editor.wait_until(f"document.querySelector('{SHARE_BUTTON}').hidden")
    assert not editor.visible(SHARE_BUTTON)
    assert editor.visible("button[data-tool=download]")
    editor.click_toolbar("export")
    editor.wait_until("!document.getElementById('popover').hidden")
    assert editor.visible("#popover button[data-export=flattened-drop]")
    assert editor.count("#popover .share-action") == 0
    # Not in the More menu either, however narrow the toolbar.
    assert editor.js("[...document.querySelectorAll('#popover button')].every((b) => !/^Share/.test(b.getAttribute('aria-label') ?? b.textContent))")
    name, data = editor.download(lambda: editor.click("#popover button[data-export=flattened-drop]"))
    assert name == "sample-flattened.pdf" and data[:5] == b"%PDF-"


# Safari opens the share sheet only shortly after the tap: a share that comes too late is
# refused with NotAllowedError. This sheet refuses the first time, as Safari does after a slow
# fetch, and takes the second.
LATE_SHARE_SHEET = """(() => {
  window.sharedFiles = [];
  window.shareAttempts = 0;
  Object.defineProperty(navigator, 'canShare', { configurable: true, value: (data) => Array.isArray(data?.files) });
  Object.defineProperty(navigator, 'share', { configurable: true, value: async (data) => {
    window.shareAttempts += 1;
    if (window.shareAttempts === 1) throw new DOMException('the tap is too old', 'NotAllowedError');
    for (const file of data.files) window.sharedFiles.push({ name: file.name, type: file.type, title: data.title, base64: '' });
  } });
  marginalia.setTool('select');
})()"""


def test_a_share_refused_for_an_old_tap_is_kept_for_a_second_tap(new_editor):
    editor = new_editor(viewport=WIDE)
    editor.js(LATE_SHARE_SHEET)
    editor.wait_until(f"document.querySelector('{SHARE_BUTTON}').getClientRects().length > 0")
    editor.click_toolbar("share")
    editor.wait_until("document.querySelector('#status').textContent.includes('tap Share again')")
    assert editor.js("window.sharedFiles.length") == 0
    assert editor.errors == [], "a refused share is no error"
    editor.click_toolbar("share")
    [pdf] = shared(editor, 1)
    assert (pdf["name"], pdf["type"]) == ("sample.pdf", "application/pdf")
    assert editor.js("window.shareAttempts") == 2
