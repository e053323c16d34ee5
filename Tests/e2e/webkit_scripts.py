"""Scripts the WebKit driver runs in the page for what WebKitGTK's WebDriver does not
report or cannot do (see webkit_driver.py's docstring)."""

# Installed after every page load: collects uncaught errors, rejections and what the page's
# Content-Security-Policy refused.
ERROR_TRAP = """if (!window.__e2eErrors) {
    window.__e2eErrors = [];
    // WebKit reports a ResizeObserver delivery put off to the next frame as an error event with
    // no error object; it is no exception (Playwright's pageerror, the Chromium side, never
    // shows it) and the editor's observers already act at the next frame.
    addEventListener('error', (e) => {
        if (!e.error && String(e.message).startsWith('ResizeObserver loop')) return;
        __e2eErrors.push(String(e.message));
    });
    addEventListener('unhandledrejection', (e) => __e2eErrors.push('unhandled rejection: ' + (e.reason?.message ?? e.reason)));
    // What the page's Content-Security-Policy refused (an inline style, an eval) counts too.
    document.addEventListener('securitypolicyviolation', (e) =>
        __e2eErrors.push(`CSP refused ${e.effectiveDirective} at ${e.sourceFile}:${e.lineNumber}`));
}"""

# Intercepts the next click on a download link (exporting.js saves a Blob through one) and
# keeps the Blobs the page makes URLs for: the page's CSP (connect-src 'self') forbids
# fetching a blob: URL, so the test reads the Blob itself.
DOWNLOAD_TRAP = """window.__e2eDownload = null;
if (!window.__e2eBlobs) {
    window.__e2eBlobs = new Map();
    const create = URL.createObjectURL;
    URL.createObjectURL = (object) => { const url = create.call(URL, object); __e2eBlobs.set(url, object); return url; };
}
addEventListener('click', function trap(e) {
    const link = e.target.closest?.('a[download]');
    if (!link) return;
    e.preventDefault();
    removeEventListener('click', trap, true);
    window.__e2eDownload = { name: link.download, href: link.href };
}, true);"""

# The first element matching a selector (and containing a text) that has a box.
FIND = """([selector, text]) => [...document.querySelectorAll(selector)]
    .find((e) => (text === null || e.textContent.includes(text)) && e.getClientRects().length > 0) ?? null"""

# A right click's contextmenu event at the middle of an element.
CONTEXT_MENU = """(element) => {
    const r = element.getBoundingClientRect();
    element.dispatchEvent(new MouseEvent('contextmenu', { button: 2, buttons: 0, clientX: r.left + r.width / 2,
        clientY: r.top + r.height / 2, bubbles: true, cancelable: true, composed: true, view: window }));
}"""

# What Playwright's select_option does: select the options, then input and change events.
SELECT = """([selector, values]) => {
    const select = document.querySelector(selector);
    for (const option of select.options) option.selected = values.includes(option.value);
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
}"""
