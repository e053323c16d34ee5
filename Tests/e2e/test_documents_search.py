"""Issue 26, what users reach for: search in the Documents list. Typing narrows the list to
the documents whose names hold the words, and the server's search across documents lists
the pages whose text holds them; a result opens its document at that page. In Chromium and
in WebKit."""

import random
import string

from editor_harness import api
from viewer_helpers import handmade_pdf


def two_page_pdf(words):
    """A two-page PDF whose second page says `words` (Helvetica)."""
    content = f"BT /F1 18 Tf 72 700 Td ({words}) Tj ET".encode()
    return handmade_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 6 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    ])


def test_the_documents_list_searches_names_and_text(new_editor, web_server):
    tag = "".join(random.choice(string.ascii_lowercase) for _ in range(8))
    word = f"quokka{tag}"
    other = api(web_server, "POST", f"/api/v1/documents?name=zebra-{tag}.pdf", two_page_pdf(f"Minutes of the {word} meeting"),
                "application/pdf")["id"]
    editor = new_editor()
    editor.click("button[data-tool=open]")
    editor.wait_until("!!document.querySelector('#popover .document-search')")
    assert editor.count("#popover .document-list:not(.search-results) .document-item") > 1

    # A name: the list keeps the one document named so, and the field keeps the focus.
    editor.js("document.querySelector('#popover .document-search').focus()")
    editor.type(f"zebra-{tag}")
    editor.wait_until(f"document.querySelectorAll('#popover .document-list:not(.search-results) .document-item').length === 1"
                      f" && document.querySelector('#popover .document-item').dataset.id === '{other}'")
    assert editor.js("document.activeElement.classList.contains('document-search')")

    # A word of the text: no name holds it; the server's search finds its page (the second).
    editor.js("(() => { const f = document.querySelector('#popover .document-search'); f.value = ''; })()")
    editor.type(word)
    editor.wait_until("document.querySelector('#popover .hint')?.textContent.includes('No document is named')")
    editor.wait_until(f"!!document.querySelector('#popover .search-hit[data-id=\"{other}\"]')", timeout=10000)
    hit = f'#popover .search-hit[data-id="{other}"]'
    editor.screenshot("documents-search")
    assert editor.attribute(hit, "data-page") == "1"
    assert word in editor.text(hit) and "page 2" in editor.text(hit)
    editor.click(hit)
    editor.wait_until(f"marginalia.model.summary?.id === '{other}' && marginalia.viewer.currentPage === 1", timeout=15000)

    # Nothing anywhere: said so.
    editor.click("button[data-tool=open]")
    editor.wait_until("!!document.querySelector('#popover .document-search')")
    editor.js("document.querySelector('#popover .document-search').focus()")
    editor.type(f"nothing{tag}here")
    editor.wait_until(f"document.querySelector('#popover [role=status]')?.textContent.includes('No text holds')", timeout=10000)
    assert not editor.errors
