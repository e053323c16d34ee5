"""Review in the browser editor (issue 16, items 1-3): each tab's user name signs what it makes;
the Comments panel lists every annotation by page with its replies and state, filters it, goes
to an annotation and opens its thread; replies and review states made in one tab appear live in
the others and are stored as the standard says (Text annotations with inReplyTo, read back by
pdf.js); the list of 10,000 annotations scrolls with its frame times measured."""

import json
import time

from editor_harness import Page, api


def open_panel(editor, name):
    editor.click('[data-tool="comments"]')
    editor.wait_until("!document.querySelector('#review').hidden && document.querySelectorAll('.review-row').length > 0")
    editor.fill(".review-name", name)
    editor.click(".review-identity button")
    editor.wait_until(f"localStorage.getItem('marginalia.userName') === {json.dumps(name)}")


def row_of(editor, annotation_id, part=""):
    return f'.review-row[data-id="{annotation_id}"] {part}'.strip()


def square_of(editor):
    return next(a for a in editor.annotations() if a["type"] == "square" and a["pageIndex"] == 0)


def test_replies_and_states_appear_live_in_three_tabs_and_are_stored_as_threads(new_editor, web_server, document):
    ada, grace, third = new_editor(), new_editor(), new_editor()
    open_panel(ada, "Ada")
    open_panel(grace, "Grace")
    third.click('[data-tool="comments"]')
    square = square_of(ada)
    # Grouped by page: a heading before each page's rows.
    assert ada.js("document.querySelector('.review-spacer').firstElementChild.textContent") == "Page 1"

    # Grace replies on the square: its thread opens from the list.
    grace.click(row_of(grace, square["id"]))
    grace.wait_until("!document.querySelector('.review-thread').hidden")
    assert grace.js("marginalia.selection().ids") == [square["id"]]
    grace.fill(".review-reply-form .review-reply-box", "Why is this box here?")
    grace.click(".review-reply-form .review-button")
    # Live in the other tabs: the row counts the reply.
    for tab in (ada, third):
        tab.wait_until(f"document.querySelector('{row_of(tab, square['id'], '.review-replies')}')?.textContent.includes('1')",
                       timeout=10000)

    # Ada opens the thread: Grace's reply, which only Grace may edit or delete; Ada answers and accepts.
    ada.click(row_of(ada, square["id"]))
    ada.wait_until("document.querySelectorAll('.review-reply').length === 1")
    assert ada.text(".review-reply .review-author") == "Grace"
    assert ada.count(".review-reply .review-link.danger") == 0
    ada.click(".review-reply .review-link")  # Reply (to Grace's reply)
    ada.fill(".review-reply-form .review-reply-box", "It marks the table.")
    ada.click(".review-reply-form .review-button")
    ada.wait_until("document.querySelectorAll('.review-reply').length === 2", timeout=10000)
    ada.click('.review-state-button[data-state="Accepted"]')
    for tab in (grace, third):
        tab.wait_until(f"document.querySelector('{row_of(tab, square['id'], '.review-state')}')?.textContent === 'Accepted'",
                       timeout=10000)
    grace.wait_until("document.querySelectorAll('.review-reply').length === 2", timeout=10000)
    assert grace.js("[...document.querySelectorAll('.review-reply')].map((e) => e.style.marginInlineStart)") == ["0px", "16px"]
    assert grace.count(".review-state-list .state-accepted") == 1
    grace.screenshot("review-thread")

    # Grace edits her reply; her delete button is there, Ada's is not.
    assert grace.count(".review-reply .review-link.danger") == 1
    grace.click(".review-reply .review-link", text="Edit")
    grace.fill(".review-reply form .review-reply-box", "Why is this box here, on page 1?")
    grace.click(".review-reply form .review-button")
    ada.wait_until("[...document.querySelectorAll('.review-reply-text')].some((e) => e.textContent.endsWith('on page 1?'))",
                   timeout=10000)

    # Filters: by state and by author.
    ada.select_option('select[data-filter="states"]', ["Accepted"])
    ada.wait_until("document.querySelectorAll('.review-row').length === 1")
    ada.select_option('select[data-filter="states"]', [""])
    ada.wait_until("document.querySelectorAll('.review-row').length > 1")
    author = square.get("author") or ""
    ada.select_option('select[data-filter="authors"]', [author])
    ada.wait_until(f"[...document.querySelectorAll('.review-row .review-author')].every((e) => e.textContent === {json.dumps(author)})")
    assert ada.count(row_of(ada, square["id"])) == 1
    ada.select_option('select[data-filter="types"]', ["note"])
    ada.wait_until("document.querySelectorAll('.review-row').length === 1")
    assert ada.count(row_of(ada, square["id"])) == 0
    ada.select_option('select[data-filter="types"]', [""])
    ada.select_option('select[data-filter="authors"]', [""])
    ada.screenshot("review-filtered")

    # Stored as the standard says; the page does not draw the comments.
    stored = api(web_server, "GET", f"/api/v1/documents/{document}/annotations")["annotations"]
    replies = [a for a in stored if a.get("inReplyTo")]
    by_text = {a.get("contents"): a for a in replies}
    grace_reply = by_text["Why is this box here, on page 1?"]
    assert grace_reply["author"] == "Grace" and grace_reply["inReplyTo"] == square["id"] and grace_reply["type"] == "note"
    assert by_text["It marks the table."]["inReplyTo"] == grace_reply["id"] and by_text["It marks the table."]["author"] == "Ada"
    [state] = [a for a in replies if a.get("state")]
    assert state["state"] == "Accepted" and state["stateModel"] == "Review" and state["author"] == "Ada"
    third.wait_until(f"marginalia.model.hasAnnotation({json.dumps(state['id'])})", timeout=10000)
    # What the page shows: the canvas (pdf.js draws appearance streams) and the overlay (live ones).
    shown = """(() => [...(marginalia.viewer.views[0].canvasIds ?? [])]
        .concat([...document.querySelectorAll('.overlay .annotation')].map((e) => e.dataset.id)))()"""
    third.wait_until(f"{shown}.includes({json.dumps(square['id'])})", timeout=10000)
    third.wait_file_drawn(0)
    drawn = set(third.js(shown))
    assert square["id"] in drawn
    assert not drawn & {a["id"] for a in replies}, "replies and states are not drawn on the page"

    # pdf.js reads the file's thread: the replies are Text annotations in reply to their parents.
    read = ada.js("""async (url) => {
        const { openPdf } = await import('/app/js/pdfopen.js');
        const pdf = await openPdf({ url });
        const annotations = await (await pdf.getPage(1)).getAnnotations();
        return annotations.map((a) => ({ id: a.id, type: a.annotationType, irt: a.inReplyTo ?? null, rt: a.replyType ?? null,
                                         title: a.titleObj?.str ?? a.title ?? null, contents: a.contentsObj?.str ?? a.contents ?? null,
                                         hidden: !!(a.annotationFlags & 2) }));
    }""", f"/api/v1/documents/{document}/file")
    by_contents = {a["contents"]: a for a in read}
    pdf_reply = by_contents["Why is this box here, on page 1?"]
    pdf_answer = by_contents["It marks the table."]
    assert pdf_reply["type"] == 1 and pdf_reply["title"] == "Grace" and pdf_reply["rt"] == "R"
    assert pdf_answer["irt"] == pdf_reply["id"]
    parent_ids = {a["id"] for a in read if a["contents"] is None or a["irt"] is None}
    assert pdf_reply["irt"] in parent_ids


def test_presence_shows_who_else_has_the_document_open(new_editor, web_server, document):
    ada, grace = new_editor(), new_editor()
    open_panel(ada, "Ada Lovelace")
    open_panel(grace, "Grace")  # saving a name reconnects the stream under it
    chips = "[...document.querySelectorAll('.presence .presence-chip')].map((e) => e.textContent)"
    ada.wait_until(f"JSON.stringify({chips}) === '[\"G\"]'", timeout=10000)
    assert ada.attribute(".presence", "title") == "Also here: Grace"
    grace.wait_until(f"JSON.stringify({chips}) === '[\"AL\"]'", timeout=10000)
    viewers = api(web_server, "GET", f"/api/v1/documents/{document}/presence")["viewers"]
    assert sorted(v["name"] for v in viewers) == ["Ada Lovelace", "Grace"]
    ada.screenshot("presence")
    # Grace leaves: Ada's toolbar shows nobody else.
    grace.js("window.location.href = 'about:blank'")
    ada.wait_until("document.querySelector('.presence').hidden", timeout=8000)  # the beacon, not a keep-alive
    viewers = api(web_server, "GET", f"/api/v1/documents/{document}/presence")["viewers"]
    assert [v["name"] for v in viewers] == ["Ada Lovelace"]


def test_a_comment_without_a_name_asks_for_one(new_editor):
    editor = new_editor()
    editor.js("localStorage.removeItem('marginalia.userName')")
    editor.click('[data-tool="comments"]')
    editor.wait_until("document.querySelectorAll('.review-row').length > 0")
    square = square_of(editor)
    editor.click(row_of(editor, square["id"]))
    editor.fill(".review-reply-form .review-reply-box", "anonymous?")
    editor.click(".review-reply-form .review-button")
    editor.wait_until("document.querySelector('#status').textContent.includes('Enter your name')")
    assert editor.js("document.activeElement.classList.contains('review-name')")
    assert not [a for a in editor.annotations() if a.get("inReplyTo")]


def test_ten_thousand_annotations_list_and_scroll_smoothly(new_tab, web_server, document):
    annotations = [{"type": "square", "pageIndex": i % 3, "rect": [20 + (i % 25) * 22, 20 + (i // 25 % 34) * 22,
                                                                    38 + (i % 25) * 22, 38 + (i // 25 % 34) * 22],
                    "author": ["Ada", "Grace", "Kim"][i % 3], "contents": f"item {i}"} for i in range(10_000)]
    api(web_server, "POST", f"/api/v1/documents/{document}/commands",
        {"protocol": 1, "baseRevision": 0, "clientId": "seed", "command": {"type": "add", "annotations": annotations}})
    editor = Page(new_tab(), web_server)
    started = time.time()
    editor.goto(f"/?doc={document}")
    # The pages draw 10,000 annotations first (the editor's own cost, not the list's).
    editor.wait_until("!!(window.marginalia && document.querySelector('.page.rendered') && marginalia.model.annotationCount > 10000)",
                      timeout=120000)
    opened = time.time() - started
    editor.click('[data-tool="comments"]')
    editor.wait_until("document.querySelector('.review-summary').textContent.startsWith('10002 ')", timeout=30000)
    # Virtualised: a screenful of rows is drawn, not 10,000.
    assert editor.count(".review-row") < 60
    timing = editor.js("""async () => {
        const list = document.querySelector('.review-list');
        const started = performance.now();
        window.marginalia.review.refresh();
        const refresh = performance.now() - started;
        // Frame times while scrolling 400 px a frame (24,000 px/s, a fast fling), next to the same page's frames at rest
        // measured in the same run (a shared machine's frames are slow for everyone).
        const measure = async (step) => {
            const frames = [];
            let last = performance.now();
            for (let i = 0; i < 60; i++) {
                if (step) list.scrollTop += step;
                await new Promise((resolve) => requestAnimationFrame(resolve));
                const now = performance.now();
                frames.push(now - last);
                last = now;
            }
            frames.sort((a, b) => a - b);
            return { median: frames[30], p95: frames[56], max: frames[59] };
        };
        const review = window.marginalia.review;
        const draw = review.drawRows.bind(review);
        let drawing = 0;
        review.drawRows = () => { const t = performance.now(); draw(); drawing += performance.now() - t; };
        const idle = await measure(0);
        const scrolling = await measure(400);
        return { refresh, idle, scrolling, drawing, rows: document.querySelectorAll('.review-row').length, bottom: list.scrollTop };
    }""")
    print(f"annotation list, 10,000 annotations ({editor.engine}): editor opened in {opened:.1f} s; {json.dumps(timing)}")
    assert not editor.errors, editor.errors
    assert timing["rows"] < 60 and timing["bottom"] > 20_000
    # The list's own work is small: drawing the rows that come into view takes under 5 ms a frame.
    assert timing["drawing"] / 60 < 5, timing
    # Frame times are printed next to the same page's frames at rest, not held to a bound: on the
    # shared test machine they swing with its load (Chromium: median 27-44 ms scrolling, 17 ms at
    # rest), and WebKitGTK under Xvfb paints in software, repainting the pages' 10,000 annotation
    # elements on each scrolled frame (about 140 ms, of which the list's part is about 1 ms).
    # Click to go: a row far down goes to its page.
    editor.js("document.querySelector('.review-list').scrollTop = 1e9")
    editor.painted()  # the list's scroll event: its last rows drawn
    editor.js("document.querySelector('.review-row:last-of-type').click()")
    # (WebKitGTK paints the 10,000 annotations in software: going there takes seconds on a loaded machine.)
    editor.wait_until("marginalia.viewer.currentPage === 2", timeout=30000)
    assert editor.js("marginalia.selection().ids.length") == 1
